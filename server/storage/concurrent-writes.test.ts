import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestBackend, type TestBackend } from '../testing/test-backend.ts';
import { storageRoot } from './storage-app.ts';

// Writes to one object at once: whatever order they land in, the row and the bytes on disk agree.
let backend: TestBackend;

beforeAll(async () => {
  backend = await createTestBackend();
  await backend.ctx.db.exec(`insert into storage.buckets (id, name, public) values ('races', 'races', false)`);
});

afterAll(async () => {
  await backend.close();
});

const bucket = () => backend.serviceClient().storage.from('races');
const fileOf = (name: string) => path.join(storageRoot(backend.ctx), 'races', ...name.split('/'));
const md5 = (bytes: Buffer) => `"${createHash('md5').update(bytes).digest('hex')}"`;

/** The object's row (size and eTag) and the bytes on disk; null when there is no row. */
async function rowAndFile(name: string): Promise<{ size: number; eTag: string; bytes: Buffer } | null> {
  const { rows } = await backend.ctx.db.query<{ metadata: { size: number; eTag: string } }>(
    `select metadata from storage.objects where bucket_id = 'races' and name = $1`,
    [name],
  );
  if (!rows[0]) return null;
  return { ...rows[0].metadata, bytes: await readFile(fileOf(name)) };
}

describe('concurrent writes to one object', () => {
  it('leaves the bytes of the upload whose row won, for ten upserts at once, forty times over', async () => {
    for (let round = 0; round < 40; round++) {
      const name = `upserts/${round}.txt`;
      // Different lengths, so a mix-up shows in the size as well as the eTag.
      const bodies = Array.from({ length: 10 }, (_, i) => `upload ${i} `.repeat(i * 50 + 1));
      const results = await Promise.all(bodies.map((body) => bucket().upload(name, body, { upsert: true, contentType: 'text/plain' })));
      expect(results.map((result) => result.error)).toEqual(bodies.map(() => null));
      const stored = await rowAndFile(name);
      expect(stored).not.toBeNull();
      expect(stored?.size).toBe(stored?.bytes.length);
      expect(stored?.eTag).toBe(md5(stored?.bytes ?? Buffer.alloc(0)));
    }
  });

  it('never leaves a row without its bytes when deletes and upserts of one name cross (forty times)', async () => {
    for (let round = 0; round < 40; round++) {
      const name = `crossing/${round}.txt`;
      await bucket().upload(name, 'first', { upsert: true, contentType: 'text/plain' });
      await Promise.all([
        bucket().remove([name]),
        bucket().upload(name, 'second version', { upsert: true, contentType: 'text/plain' }),
        bucket().remove([name]),
        bucket().upload(name, 'third, longer version', { upsert: true, contentType: 'text/plain' }),
      ]);
      const stored = await rowAndFile(name).catch((error: unknown) => {
        throw new Error(`the row is there but its file is not: ${String(error)}`);
      });
      if (stored) expect(stored.eTag).toBe(md5(stored.bytes));
    }
  });
});
