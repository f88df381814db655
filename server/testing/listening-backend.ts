import { startBackend } from '../start-backend.ts';
import { testBackendOptions, type TestBackend, type TestBackendOptions } from './test-backend.ts';
import { withTestData } from './test-database.ts';

/**
 * A test backend that also listens on an ephemeral loopback port, with realtime's WebSocket on it,
 * for code that reaches the backend over the network on its own: edge functions calling
 * SUPABASE_URL, realtime sockets. `backend.url` is where it listens.
 */
export async function createListeningBackend(options: Omit<TestBackendOptions, 'publicUrl'> = {}): Promise<TestBackend> {
  return withTestData((data) => startBackend({ ...testBackendOptions(options), data, port: 0 }));
}
