import { cp, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { openBackend } from './backend-context.ts';
import { FIXTURE_PROJECT_DIR } from './testing/test-backend.ts';

const dirs: string[] = [];
afterAll(() => Promise.all(dirs.map((dir) => rm(dir, { recursive: true, force: true }))));

async function tempDir(): Promise<string> {
  const dir = await mkdtemp(path.join(tmpdir(), 'lumen-backend-'));
  dirs.push(dir);
  return dir;
}

it('opens a project in memory: config, migrations, seed, mail outbox', async () => {
  const { ctx, migrations, fresh } = await openBackend({ projectDir: FIXTURE_PROJECT_DIR, dataDir: null, publicUrl: 'http://localhost:1' });
  try {
    expect(fresh).toBe(true);
    expect(migrations.applied).toHaveLength(2);
    expect(migrations.seeded).toBe(true);
    expect(ctx.config.project_id).toBe('fixture');
    expect((await ctx.db.query('select count(*)::int as n from public.fixture_words')).rows).toEqual([{ n: 4 }]);
  } finally {
    await ctx.db.close();
  }
});

it('stops start-up on a failing migration, naming the file', async () => {
  const projectDir = await tempDir();
  await cp(FIXTURE_PROJECT_DIR, projectDir, { recursive: true });
  await writeFile(path.join(projectDir, 'migrations', '20990101000000_broken.sql'), 'alter table public.nope add column x int;');
  await expect(openBackend({ projectDir, dataDir: null, publicUrl: 'http://localhost:1' })).rejects.toThrow(
    /20990101000000_broken\.sql.*nope/,
  );
});
