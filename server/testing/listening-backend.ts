import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { getRequestListener } from '@hono/node-server';
import { createTestBackend, type TestBackend, type TestBackendOptions } from './test-backend.ts';

/**
 * A test backend that also listens on an ephemeral loopback port, for code that reaches the
 * backend over the network on its own: edge functions calling SUPABASE_URL, realtime sockets.
 */
export async function createListeningBackend(options: Omit<TestBackendOptions, 'publicUrl'> = {}): Promise<TestBackend> {
  let handle: (req: IncomingMessage, res: ServerResponse) => void = (_req, res) => res.writeHead(503).end();
  const server = createServer((req, res) => handle(req, res));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const publicUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const backend = await createTestBackend({ ...options, publicUrl });
  handle = getRequestListener(backend.app.fetch);
  return {
    ...backend,
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await backend.close();
    },
  };
}
