import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, expect, it } from 'vitest';
import { DEV_SERVICE_ROLE_KEY } from '../server/index.ts';
import { freePort, startChildServer, type ChildServer } from '../server/testing/child-server.ts';

/** Another project than Lumen's: its own tables (a `categories` one, which startChildServer asks for), no user_roles. */
const PROJECT_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', 'server', 'rest', 'testing', 'fixture-project');

let server: ChildServer | null = null;
let dataDir: string | null = null;

afterAll(async () => {
  await server?.stop();
  if (dataDir !== null) await rm(dataDir, { recursive: true, force: true });
});

it('npm start -- --project DIR serves another project without Lumen’s demo data', async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'lumen-start-'));
  // startChildServer waits until /rest/v1/categories answers; the fixture project has that table too.
  server = await startChildServer({ port: await freePort(), dataDir, projectDir: PROJECT_DIR, entry: ['scripts/start.ts', '--no-build'] });
  const response = await fetch(`${server.url}/rest/v1/items?select=id`, {
    headers: { apikey: DEV_SERVICE_ROLE_KEY, authorization: `Bearer ${DEV_SERVICE_ROLE_KEY}` },
  });
  expect(response.status).toBe(200);
  expect(await response.json()).toEqual([]);
  // No demo accounts were made or announced: they belong to Lumen's project.
  const users = await fetch(`${server.url}/auth/v1/admin/users`, {
    headers: { apikey: DEV_SERVICE_ROLE_KEY, authorization: `Bearer ${DEV_SERVICE_ROLE_KEY}` },
  });
  expect(users.status).toBe(200);
  expect(((await users.json()) as { users: unknown[] }).users).toEqual([]);
  expect(server.output()).not.toMatch(/demo|lumen\.test|seeded/i);
  expect(server.output()).toContain(`project          ${PROJECT_DIR}`);
}, 180_000);
