import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createTestBackend, type TestBackend } from '../../testing/test-backend.ts';

export const FIDELITY_PROJECT_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), 'fidelity-project');

export interface RawAnswer {
  status: number;
  headers: Headers;
  text: string;
}

export interface FidelityBackend extends TestBackend {
  /** A raw `/rest/v1` request as the service role (headers as given: no Accept or Content-Type added). */
  rest(method: string, pathAndQuery: string, headers?: Record<string, string>, body?: string): Promise<RawAnswer>;
}

/** The whole backend on the fidelity project (media types, counts, bulk inserts), with raw requests. */
export async function createFidelityBackend(): Promise<FidelityBackend> {
  const backend = await createTestBackend({ projectDir: FIDELITY_PROJECT_DIR });
  const key = backend.ctx.keys.serviceRoleKey;
  return {
    ...backend,
    async rest(method, pathAndQuery, headers = {}, body) {
      const res = await backend.fetch(`http://localhost:54321/rest/v1${pathAndQuery}`, {
        method,
        headers: { apikey: key, authorization: `Bearer ${key}`, ...headers },
        body,
      });
      return { status: res.status, headers: res.headers, text: await res.text() };
    },
  };
}
