import path from 'node:path';
import { parseArgs } from 'node:util';
import { portFrom, SERVER_ARGS, serveProject } from './serve.ts';

/**
 * The local backend for any Supabase project folder: `node --import tsx server/main.ts --project
 * <dir>/supabase [--static <built app>] [--db-url postgres://…]` (a real PostgreSQL instead of PGlite;
 * storage objects stay under --data-dir). Auth settings hosted projects set in the dashboard come
 * from GoTrue's own variables, off unless set to "true" as in GoTrue. Lumen starts through its
 * composition root, scripts/start.ts, which adds its build, seed and demo accounts.
 */
const { values } = parseArgs({ options: { ...SERVER_ARGS, static: { type: 'string' } } });
const port = portFrom(values.port);
if (port === null) {
  console.error(`Invalid port "${values.port ?? process.env.PORT}". Use a number between 1 and 65535.`);
  process.exit(1);
}
await serveProject({
  port,
  projectDir: path.resolve(values.project),
  dataDir: path.resolve(values['data-dir']),
  reset: values.reset,
  databaseUrl: values['db-url'],
  distDir: values.static === undefined ? undefined : path.resolve(values.static),
  auth: {
    requireCurrentPassword: process.env.GOTRUE_SECURITY_UPDATE_PASSWORD_REQUIRE_CURRENT_PASSWORD === 'true',
    leakedPasswordProtection: process.env.GOTRUE_PASSWORD_HIBP_ENABLED === 'true',
  },
});
