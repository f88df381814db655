import WebSocket from 'ws';

/**
 * The slice of Supabase's Deno edge runtime that functions use, on Node: `Deno.env`,
 * `Deno.serve` (captures the handler instead of listening) and `EdgeRuntime.waitUntil`.
 * Installed once per process; the environment is shared by every function.
 */
export type FetchHandler = (request: Request) => Response | Promise<Response>;

interface ServeOptions {
  handler?: FetchHandler;
}

let captured: FetchHandler | null = null;
const environment = new Map<string, string>();
const background = new Set<Promise<unknown>>();

function serve(optionsOrHandler: FetchHandler | ServeOptions, maybeHandler?: FetchHandler) {
  const handler =
    typeof optionsOrHandler === 'function' ? optionsOrHandler : (maybeHandler ?? optionsOrHandler.handler ?? null);
  if (!handler) throw new TypeError('Deno.serve needs a handler');
  captured = handler;
  return { finished: new Promise<void>(() => undefined), shutdown: async () => undefined, ref() {}, unref() {} };
}

export function installDenoShim(env: Record<string, string>): void {
  for (const [key, value] of Object.entries(env)) environment.set(key, value);
  const globals = globalThis as unknown as Record<string, unknown>;
  if (globals.Deno) return;
  // Deno has a global WebSocket; Node 20 does not, and supabase-js inside a function needs one
  // (without it realtime-js sees EdgeRuntime and refuses to build a client).
  globals.WebSocket ??= WebSocket;
  globals.Deno = {
    env: {
      get: (key: string) => environment.get(key) ?? process.env[key],
      has: (key: string) => environment.has(key) || key in process.env,
      toObject: () => ({ ...process.env, ...Object.fromEntries(environment) }),
    },
    serve,
  };
  globals.EdgeRuntime = {
    waitUntil(promise: Promise<unknown>) {
      const tracked = Promise.resolve(promise).catch((error: unknown) => console.error('EdgeRuntime.waitUntil task failed:', error));
      background.add(tracked);
      void tracked.finally(() => background.delete(tracked));
    },
  };
}

/** Clears and returns the handler registered by the module that was just imported. */
export function takeServedHandler(): FetchHandler | null {
  const handler = captured;
  captured = null;
  return handler;
}
