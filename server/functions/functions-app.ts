import path from 'node:path';
import { Hono, type Context } from 'hono';
import type { ServerContext } from '../context.ts';
import { mapApiKey, resolveBearer } from '../gateway/resolve-bearer.ts';
import { verifyJwt } from '../gateway/jwt.ts';
import { installDenoShim } from './deno-shim.ts';
import { createFunctionLoader } from './function-loader.ts';
import { localFunctionSecrets } from './local-function-secrets.ts';

export interface FunctionsOptions {
  /** Wall-clock limit per request (hosted: 150 s on the free plan, 400 s locally with the CLI). */
  timeoutMs?: number;
}

const DEFAULT_TIMEOUT_MS = 150_000;

/** Methods the Fetch standard forbids in a Request: no function can be handed one. */
const FORBIDDEN_METHODS = new Set(['CONNECT', 'TRACE', 'TRACK']);
const ALLOWED_METHODS = 'GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS';

/** The environment Supabase gives every function, pointing at this backend, plus the project's function secrets. */
export function functionEnvironment(ctx: ServerContext): Record<string, string> {
  return {
    SUPABASE_URL: ctx.publicUrl,
    SUPABASE_ANON_KEY: ctx.keys.anonKey,
    SUPABASE_SERVICE_ROLE_KEY: ctx.keys.serviceRoleKey,
    SUPABASE_PUBLISHABLE_KEYS: JSON.stringify({ default: ctx.keys.publishableKey }),
    SUPABASE_SECRET_KEYS: JSON.stringify({ default: ctx.keys.secretKey }),
    // No direct database connection exists locally (PGlite is in-process); functions use the APIs.
    SUPABASE_DB_URL: '',
    LUMEN_MAIL_API_URL: `${ctx.publicUrl}/_dev/mail/send`,
    ...localFunctionSecrets,
  };
}

/**
 * `/functions/v1/<name>`: runs Deno-style functions from `<project>/functions/<name>/index.ts`
 * under Node, with verify_jwt per function (config.toml, default on), the standard environment,
 * a time limit, and errors that never take the server down.
 */
export function createFunctionsApp(ctx: ServerContext, options: FunctionsOptions = {}): Hono {
  installDenoShim(functionEnvironment(ctx));
  const load = createFunctionLoader(path.join(ctx.projectDir, 'functions'));
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const app = new Hono();

  async function invoke(c: Context): Promise<Response> {
    const name = c.req.param('name') ?? '';
    let handler;
    try {
      handler = await load(name);
    } catch (error) {
      console.error(`functions: ${name} failed to boot:`, error);
      return c.json({ code: 'BOOT_ERROR', message: 'Function failed to start (please check logs)' }, 503);
    }
    if (!handler) return c.text('Function not found', 404);

    const verify = ctx.config.functions[name]?.verify_jwt ?? true;
    const headers = new Headers(c.req.raw.headers);
    if (c.req.method !== 'OPTIONS') {
      const bearer = resolveBearer(c.req.header('authorization'), c.req.header('apikey'), ctx.keys);
      if (verify) {
        if (!bearer) return c.json({ msg: 'Error: Missing authorization header' }, 401);
        if (!(await verifyJwt(bearer, ctx.keys.jwtSecret)).ok) return c.json({ msg: 'Invalid JWT' }, 401);
      }
      // Like the gateway, functions see a JWT where the client sent an opaque sb_ key.
      if (bearer) headers.set('authorization', `Bearer ${bearer}`);
      const apikey = c.req.header('apikey');
      if (apikey) headers.set('apikey', mapApiKey(apikey, ctx.keys) ?? apikey);
    }
    // fetch's Request refuses the methods it calls forbidden (they threw here, answering 500).
    if (FORBIDDEN_METHODS.has(c.req.method.toUpperCase())) {
      return c.json({ code: 'method_not_allowed', message: `${c.req.method} requests cannot be sent to a function` }, 405, { Allow: ALLOWED_METHODS });
    }
    const url = new URL(c.req.url);
    const request = new Request(`${ctx.publicUrl}${url.pathname.replace(/^\/functions\/v1/, '')}${url.search}`, {
      method: c.req.method,
      headers,
      body: c.req.method === 'GET' || c.req.method === 'HEAD' ? undefined : await c.req.arrayBuffer(),
    });

    let timer: NodeJS.Timeout | undefined;
    try {
      return await Promise.race([
        Promise.resolve(handler(request)),
        new Promise<Response>((resolve) => {
          timer = setTimeout(
            () => resolve(c.json({ code: 'WORKER_LIMIT', message: `Function ${name} exceeded its wall-clock limit of ${timeoutMs} ms` }, 546 as 500)),
            timeoutMs,
          );
        }),
      ]);
    } catch (error) {
      console.error(`functions: ${name} threw:`, error);
      return c.json({ code: 'WORKER_ERROR', message: 'Function exited due to an error (please check logs)' }, 500);
    } finally {
      clearTimeout(timer);
    }
  }

  app.all('/:name', invoke);
  app.all('/:name/*', invoke);
  return app;
}
