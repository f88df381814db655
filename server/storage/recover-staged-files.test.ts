import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Database } from '../db/database.ts';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { openDatabase } from '../db/open-database.ts';
import { stageExistingFile } from './object-files.ts';
import { recoverStagedFiles } from './recover-staged-files.ts';

let db: Database;
let root: string;

beforeAll(async () => {
  db = await openDatabase({ dataDir: null });
  root = await mkdtemp(path.join(tmpdir(), 'lumen-staged-'));
  await db.exec(`insert into storage.buckets (id, name) values ('docs', 'docs')`);
});

afterAll(async () => {
  await db.close();
  await rm(root, { recursive: true, force: true });
});

const eTag = (text: string) => `"${createHash('md5').update(text).digest('hex')}"`;
const staged = (name: string, n: number) => path.join(root, 'docs', ...name.split('/')) + `.0000000${n}-0000-4000-8000-000000000000.uploading`;

async function put(file: string, text: string): Promise<void> {
  await mkdir(path.dirname(file), { recursive: true });
  await writeFile(file, text);
}

async function row(name: string, text: string): Promise<void> {
  await db.query(`insert into storage.objects (bucket_id, name, metadata) values ('docs', $1, $2)`, [name, JSON.stringify({ eTag: eTag(text) })]);
}

it('completes uploads whose row committed before the kill and removes every other staging file', async () => {
  // Killed after the commit, before the rename: the row names the staged bytes, the final file is missing.
  await row('a/committed.txt', 'new bytes');
  await put(staged('a/committed.txt', 1), 'new bytes');
  // An upsert killed after the commit: the final file still holds the old bytes.
  await row('a/upserted.txt', 'second version');
  await put(path.join(root, 'docs', 'a', 'upserted.txt'), 'first version');
  await put(staged('a/upserted.txt', 2), 'second version');
  // Killed before the commit (no row), a partial write, an upload already in place.
  await put(staged('a/never-committed.txt', 3), 'lost');
  await row('a/partial.txt', 'complete bytes');
  await put(path.join(root, 'docs', 'a', 'partial.txt'), 'complete bytes');
  await put(staged('a/partial.txt', 4), 'compl');
  await put(staged('a/partial.txt', 5), 'complete bytes');
  // An object that merely looks like a staging file is left alone.
  const lookalike = `a/report.txt.00000009-0000-4000-8000-000000000000.uploading`;
  await row(lookalike, 'a real object');
  await put(path.join(root, 'docs', ...lookalike.split('/')), 'a real object');

  expect(await recoverStagedFiles(db, root)).toEqual({ restored: 2, removed: 3, orphans: 0 });
  expect(await readFile(path.join(root, 'docs', 'a', 'committed.txt'), 'utf8')).toBe('new bytes');
  expect(await readFile(path.join(root, 'docs', 'a', 'upserted.txt'), 'utf8')).toBe('second version');
  expect(await readFile(path.join(root, 'docs', 'a', 'partial.txt'), 'utf8')).toBe('complete bytes');
  expect(existsSync(path.join(root, 'docs', 'a', 'never-committed.txt'))).toBe(false);
  expect((await readdir(path.join(root, 'docs', 'a'))).sort()).toEqual(['committed.txt', 'partial.txt', 'report.txt.00000009-0000-4000-8000-000000000000.uploading', 'upserted.txt']);
  // Nothing left to do on the next start.
  expect(await recoverStagedFiles(db, root)).toEqual({ restored: 0, removed: 0, orphans: 0 });
});

it('removes files whose row a delete had already removed when the process was killed', async () => {
  await row('b/kept.txt', 'kept');
  await put(path.join(root, 'docs', 'b', 'kept.txt'), 'kept');
  await put(path.join(root, 'docs', 'b', 'deleted.txt'), 'row already gone');
  expect(await recoverStagedFiles(db, root)).toEqual({ restored: 0, removed: 0, orphans: 1 });
  expect(await readdir(path.join(root, 'docs', 'b'))).toEqual(['kept.txt']);
});

it('finishes a move killed after its row was renamed: the bytes reach the new name, the old file goes', async () => {
  const source = path.join(root, 'docs', 'c', 'before.txt');
  const destination = path.join(root, 'docs', 'd', 'after.txt');
  await put(source, 'moved bytes');
  // What moveObject does before its commit, then the commit itself; the kill comes before the rename.
  expect(await stageExistingFile(source, destination)).not.toBeNull();
  await row('d/after.txt', 'moved bytes');
  expect(await recoverStagedFiles(db, root)).toEqual({ restored: 1, removed: 0, orphans: 1 });
  expect(await readFile(destination, 'utf8')).toBe('moved bytes');
  expect(existsSync(source)).toBe(false);
  expect(await readdir(path.join(root, 'docs', 'd'))).toEqual(['after.txt']);
});

it('does nothing when there is no storage folder yet', async () => {
  expect(await recoverStagedFiles(db, path.join(root, 'missing'))).toEqual({ restored: 0, removed: 0, orphans: 0 });
});
