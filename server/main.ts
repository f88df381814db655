import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { serve } from '@hono/node-server';
import { ensureBuild } from '../scripts/ensure-build.ts';
import { createApp } from './app.ts';

const rootDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

const { values } = parseArgs({
  options: {
    port: { type: 'string' },
    'no-build': { type: 'boolean', default: false },
  },
});

const port = Number(values.port ?? process.env.PORT ?? 54321);
if (!Number.isInteger(port) || port <= 0 || port > 65535) {
  console.error(`Invalid port "${values.port ?? process.env.PORT}". Use a number between 1 and 65535.`);
  process.exit(1);
}

if (!values['no-build']) ensureBuild(rootDir);
const app = await createApp({ distDir: path.join(rootDir, 'dist') });

const server = serve({ fetch: app.fetch, hostname: '127.0.0.1', port }, (info) => {
  console.log(`Lumen is running at http://localhost:${info.port}`);
});
server.on('error', (error: NodeJS.ErrnoException) => {
  if (error.code === 'EADDRINUSE') console.error(`Port ${port} is already in use. Set PORT to use another one.`);
  else console.error(error);
  process.exit(1);
});

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => server.close(() => process.exit(0)));
}
