// The globals of Supabase's Deno edge runtime that Lumen's functions use, for type checking them
// with TypeScript (`npm run typecheck`). At run time they come from Deno, or from the local
// backend's shim (server/functions/deno-shim.ts).
declare namespace Deno {
  const env: {
    get(key: string): string | undefined;
    has(key: string): boolean;
    toObject(): Record<string, string>;
  };
  function serve(handler: (request: Request) => Response | Promise<Response>): unknown;
}

declare const EdgeRuntime: { waitUntil(promise: Promise<unknown>): void };
