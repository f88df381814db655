import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createTestBackend, type TestBackend } from '../testing/test-backend.ts';

const PROJECT_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), 'postgrest-project');

export interface Answer {
  status: number;
  headers: Headers;
  body: unknown;
}

export interface PostgrestBackend extends TestBackend {
  /** A `/rest/v1` request as the service role; the body is parsed as JSON when it is JSON. */
  rest(pathAndQuery: string, init?: { method?: string; headers?: Record<string, string>; body?: string }): Promise<Answer>;
}

/** The whole backend on the conformance project, with raw requests (no supabase-js in between). */
export async function createPostgrestBackend(): Promise<PostgrestBackend> {
  const backend = await createTestBackend({ projectDir: PROJECT_DIR });
  const key = backend.ctx.keys.serviceRoleKey;
  return {
    ...backend,
    async rest(pathAndQuery, init = {}) {
      const res = await backend.fetch(`http://localhost:54321/rest/v1${pathAndQuery}`, {
        method: init.method ?? 'GET',
        headers: { apikey: key, authorization: `Bearer ${key}`, ...init.headers },
        body: init.body,
      });
      const text = await res.text();
      const json = (res.headers.get('content-type') ?? '').includes('json') && text !== '';
      return { status: res.status, headers: res.headers, body: json ? (JSON.parse(text) as unknown) : text };
    },
  };
}
