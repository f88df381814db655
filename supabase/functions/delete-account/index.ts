import { createDeleteAccountHandler } from './handler.ts';

// Module-scoped declaration: edge runtimes provide Deno; Node's type check has no Deno types.
declare const Deno: {
  env: { get(name: string): string | undefined };
  serve(handler: (request: Request) => Response | Promise<Response>): unknown;
};

function requireEnv(name: string): string {
  const value = Deno.env.get(name);
  if (!value) throw new Error(`delete-account needs ${name}`);
  return value;
}

Deno.serve(
  createDeleteAccountHandler({
    supabaseUrl: requireEnv('SUPABASE_URL'),
    serviceRoleKey: requireEnv('SUPABASE_SERVICE_ROLE_KEY'),
  }),
);
