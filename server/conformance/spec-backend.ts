import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createTestBackend, type TestBackend } from '../testing/test-backend.ts';

/** The suite's own project: a schema modelled on PostgREST's test fixtures (migrations/ explains it). */
export const SPEC_PROJECT_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), 'spec-project');

export interface RestAnswer {
  status: number;
  headers: Headers;
  text: string;
  /** The body parsed as JSON (throws with the body in the message when it is not JSON). */
  json(): unknown;
}

export interface RequestOptions {
  headers?: Record<string, string>;
  body?: string | Uint8Array<ArrayBuffer>;
}

export interface SpecBackend extends TestBackend {
  /**
   * A raw `/rest/v1` request with the anon key (apikey and Bearer) and no other header unless
   * given (no Accept, Content-Type or Prefer), so each test states exactly what PostgREST sees.
   */
  rest(method: string, pathAndQuery: string, options?: RequestOptions): Promise<RestAnswer>;
  /** `GET` shorthand. */
  get(pathAndQuery: string, headers?: Record<string, string>): Promise<RestAnswer>;
}

/**
 * Status and body together, so a failing assertion shows both (the body parsed when it is JSON,
 * else the raw text): `expect(answer(res)).toEqual({ status: 200, body: [...] })`.
 */
export function answer(res: RestAnswer): { status: number; body: unknown } {
  try {
    return { status: res.status, body: JSON.parse(res.text) as unknown };
  } catch {
    return { status: res.status, body: res.text };
  }
}

/** PostgREST's error body: always these four keys. */
export function pgrstError(code: string, message: string, details: unknown = null, hint: unknown = null): Record<string, unknown> {
  return { code, message, details, hint };
}

export async function createSpecBackend(): Promise<SpecBackend> {
  const backend = await createTestBackend({ projectDir: SPEC_PROJECT_DIR });
  const key = backend.ctx.keys.anonKey;
  const rest: SpecBackend['rest'] = async (method, pathAndQuery, options = {}) => {
    const res = await backend.fetch(`http://localhost:54321/rest/v1${pathAndQuery}`, {
      method,
      headers: { apikey: key, authorization: `Bearer ${key}`, ...options.headers },
      body: options.body,
    });
    const text = await res.text();
    return {
      status: res.status,
      headers: res.headers,
      text,
      json() {
        try {
          return JSON.parse(text) as unknown;
        } catch {
          throw new Error(`${method} ${pathAndQuery} answered ${res.status} with a body that is not JSON: ${text.slice(0, 300)}`);
        }
      },
    };
  };
  return { ...backend, rest, get: (pathAndQuery, headers) => rest('GET', pathAndQuery, { headers }) };
}
