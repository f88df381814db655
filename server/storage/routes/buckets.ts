import type { Hono } from 'hono';
import { parseSize } from '../bucket-store.ts';
import { asCaller, callerOf } from '../caller.ts';
import { assertBucketId } from '../object-path.ts';
import { readCreateBucketBody } from '../request-bodies.ts';
import { storageErrors } from '../storage-error.ts';
import type { StorageService } from '../storage-service.ts';

/** `/bucket`: reads go through RLS on storage.buckets; writes need the service role (or a policy). */
export function registerBucketRoutes(app: Hono, service: StorageService): void {
  app.get('/bucket', async (c) => {
    const who = await callerOf(c, service);
    const rows = await asCaller(service, c, who, 'storage.bucket.list', async (tx) =>
      (await tx.query('select id, name, public, file_size_limit, allowed_mime_types, created_at, updated_at from storage.buckets order by id')).rows,
    );
    return c.json(rows);
  });

  app.get('/bucket/:id', async (c) => {
    const who = await callerOf(c, service);
    const rows = await asCaller(service, c, who, 'storage.bucket.get', async (tx) =>
      (
        await tx.query(
          'select id, name, owner, public, file_size_limit, allowed_mime_types, created_at, updated_at from storage.buckets where id = $1',
          [c.req.param('id')],
        )
      ).rows,
    );
    if (!rows[0]) throw storageErrors.noSuchBucket();
    return c.json(rows[0]);
  });

  app.post('/bucket', async (c) => {
    const who = await callerOf(c, service);
    const body = await readCreateBucketBody(c);
    const id = body.id ?? body.name ?? '';
    assertBucketId(id);
    await asCaller(service, c, who, 'storage.bucket.create', (tx) =>
      tx.query(
        'insert into storage.buckets (id, name, owner_id, public, file_size_limit, allowed_mime_types) values ($1, $2, $3, $4, $5, $6)',
        [id, body.name ?? id, who.sub, body.public ?? false, parseSize(body.file_size_limit), body.allowed_mime_types ?? null],
      ),
    );
    return c.json({ name: id });
  });
}
