import { createHash } from 'node:crypto';
import path from 'node:path';
import { tmpdir } from 'node:os';
import type { Transaction } from '@electric-sql/pglite';
import { Hono, type Context } from 'hono';
import type { ServerContext } from '../context.ts';
import { withRequestTransaction } from '../db/request-transaction.ts';
import { authenticateRequest } from '../gateway/authenticate-request.ts';
import { signJwt, verifyJwt } from '../gateway/jwt.ts';
import { isInvalidValue, sqlState } from '../db/postgres-error.ts';
import { findBucket, mimeAllowed, parseSize, requireBucket } from './bucket-store.ts';
import { commitFile, discardFile, stageFile } from './object-files.ts';
import { assertBucketId, assertObjectName, objectFilePath } from './object-path.ts';
import { readCreateBucketBody, readListBody, readSignBody, readUpload } from './request-bodies.ts';
import { serveObject, type ObjectMetadata } from './serve-object.ts';
import { StorageError, storageErrorResponse, storageErrors } from './storage-error.ts';

interface Caller {
  role: string;
  claims: Record<string, unknown>;
  sub: string | null;
}

const GLOBAL_FILE_SIZE_LIMIT = 50 * 1024 * 1024;

/** The object name after `/<route prefix>/<bucket>/`, percent-decoded (storage-js sends it raw). */
function objectName(c: Context, bucket: string): string {
  const pathname = new URL(c.req.url).pathname;
  const marker = `/${encodeURIComponent(bucket)}/`;
  const index = pathname.indexOf(marker);
  const raw = index === -1 ? '' : pathname.slice(index + marker.length);
  try {
    return decodeURIComponent(raw);
  } catch {
    throw storageErrors.invalidKey(raw);
  }
}

/**
 * `/storage/v1` for the local backend: buckets from migrations or the API, bytes on disk under
 * `<dataDir>/storage`, rows in storage.objects, and every object operation tried as the caller's
 * role inside a transaction so storage policies decide, as on hosted Supabase.
 */
/** Where object bytes live: `<dataDir>/storage`, or a per-process temporary folder in memory mode. */
export function storageRoot(ctx: Pick<ServerContext, 'dataDir'>): string {
  return path.join(ctx.dataDir ?? path.join(tmpdir(), `lumen-storage-${process.pid}`), 'storage');
}

export function createStorageApp(ctx: ServerContext): Hono {
  const root = storageRoot(ctx);
  const app = new Hono();

  app.onError((error, c) => {
    if (error instanceof StorageError) return storageErrorResponse(c, error);
    // Class 22 is Postgres refusing a value the request supplied (a NUL in a bucket name, \u0000 in
    // metadata): the client's fault, so a 400 as PostgREST answers it, never a 500.
    if (isInvalidValue(error)) return storageErrorResponse(c, storageErrors.invalidRequest(error.message));
    console.error('storage:', error);
    return storageErrorResponse(c, new StorageError(500, 'InternalError', 'internal', 'Internal server error'));
  });

  async function caller(c: Context): Promise<Caller> {
    const credential = await authenticateRequest({ header: (name) => c.req.header(name) }, ctx.keys);
    if (!credential.ok) throw storageErrors.accessDenied(credential.message);
    const sub = typeof credential.claims.sub === 'string' ? credential.claims.sub : null;
    return { role: credential.role, claims: credential.claims, sub };
  }

  function asCaller<T>(c: Context, who: Caller, operation: string, fn: (tx: Transaction) => Promise<T>): Promise<T> {
    return withRequestTransaction(
      ctx.db,
      {
        role: who.role,
        claims: who.claims,
        method: c.req.method,
        path: new URL(c.req.url).pathname,
        settings: { 'storage.operation': operation, 'storage.allow_delete_query': 'true' },
      },
      fn,
    ).catch((error: unknown) => {
      if (error instanceof StorageError) throw error;
      if (sqlState(error) === '42501') throw storageErrors.accessDenied();
      if (sqlState(error) === '23505') throw storageErrors.duplicate();
      if (sqlState(error) === '22023') throw storageErrors.accessDenied(error instanceof Error ? error.message : 'invalid role');
      throw error;
    });
  }

  async function upload(c: Context, upsert: boolean): Promise<Response> {
    const bucketId = c.req.param('bucket') ?? '';
    const name = objectName(c, bucketId);
    const finalPath = objectFilePath(root, bucketId, name);
    const who = await caller(c);
    const bucket = await requireBucket(ctx.db, bucketId);
    const { bytes, mimetype, cacheControl, userMetadata } = await readUpload(c);
    if (bytes.length > Math.min(bucket.file_size_limit ?? GLOBAL_FILE_SIZE_LIMIT, GLOBAL_FILE_SIZE_LIMIT)) throw storageErrors.tooLarge();
    if (!mimeAllowed(bucket, mimetype)) throw storageErrors.invalidMime(mimetype);

    const eTag = `"${createHash('md5').update(bytes).digest('hex')}"`;
    const metadata = {
      eTag,
      size: bytes.length,
      mimetype,
      cacheControl,
      lastModified: new Date().toISOString(),
      contentLength: bytes.length,
      httpStatusCode: 200,
    };
    const owner = who.sub && /^[0-9a-f-]{36}$/i.test(who.sub) ? who.sub : null;
    const temp = await stageFile(finalPath, bytes);
    let id: string;
    try {
      const conflict = upsert
        ? `on conflict (bucket_id, name) do update set metadata = excluded.metadata, user_metadata = excluded.user_metadata,
             version = excluded.version, owner = excluded.owner, owner_id = excluded.owner_id, updated_at = now()`
        : '';
      id = await asCaller(c, who, upsert ? 'storage.object.upload_upsert' : 'storage.object.upload', async (tx) => {
        const { rows } = await tx.query<{ id: string }>(
          `insert into storage.objects (bucket_id, name, owner, owner_id, metadata, user_metadata, version)
           values ($1, $2, $3, $4, $5, $6, gen_random_uuid()::text) ${conflict} returning id`,
          [bucketId, name, owner, who.sub, JSON.stringify(metadata), userMetadata === null ? null : JSON.stringify(userMetadata)],
        );
        const row = rows[0];
        if (!row) throw storageErrors.accessDenied();
        return row.id;
      });
    } catch (error) {
      await discardFile(temp);
      throw error;
    }
    try {
      await commitFile(temp, finalPath);
    } catch (error) {
      // The row committed but the bytes could not be placed: take the row back so none is orphaned.
      await ctx.db.query('delete from storage.objects where id = $1', [id]);
      await discardFile(temp);
      throw error;
    }
    return c.json({ Id: id, Key: `${bucketId}/${name}` });
  }

  async function visibleObject(c: Context, bucketId: string, name: string, asPublic: boolean) {
    const bucket = await findBucket(ctx.db, bucketId);
    if (!bucket || (asPublic && !bucket.public)) throw storageErrors.noSuchBucket();
    const select = 'select id, name, metadata from storage.objects where bucket_id = $1 and name = $2';
    const row = bucket.public
      ? (await ctx.db.query<{ id: string; metadata: ObjectMetadata | null }>(select, [bucketId, name])).rows[0]
      : await asCaller(c, await caller(c), 'storage.object.get_authenticated', async (tx) =>
          (await tx.query<{ id: string; metadata: ObjectMetadata | null }>(select, [bucketId, name])).rows[0],
        );
    if (!row) throw storageErrors.noSuchKey();
    return row;
  }

  async function download(c: Context, asPublic: boolean): Promise<Response> {
    const bucketId = c.req.param('bucket') ?? '';
    const name = objectName(c, bucketId);
    const filePath = objectFilePath(root, bucketId, name);
    const row = await visibleObject(c, bucketId, name, asPublic);
    return serveObject(c, filePath, name, row.metadata);
  }

  // Buckets: reads go through RLS on storage.buckets; writes need the service role.
  app.get('/bucket', async (c) => {
    const who = await caller(c);
    const rows = await asCaller(c, who, 'storage.bucket.list', async (tx) =>
      (await tx.query('select id, name, public, file_size_limit, allowed_mime_types, created_at, updated_at from storage.buckets order by id')).rows,
    );
    return c.json(rows);
  });
  app.get('/bucket/:id', async (c) => {
    const who = await caller(c);
    const rows = await asCaller(c, who, 'storage.bucket.get', async (tx) =>
      (await tx.query('select id, name, owner, public, file_size_limit, allowed_mime_types, created_at, updated_at from storage.buckets where id = $1', [c.req.param('id')])).rows,
    );
    if (!rows[0]) throw storageErrors.noSuchBucket();
    return c.json(rows[0]);
  });
  app.post('/bucket', async (c) => {
    const who = await caller(c);
    const body = await readCreateBucketBody(c);
    const id = body.id ?? body.name ?? '';
    assertBucketId(id);
    await asCaller(c, who, 'storage.bucket.create', (tx) =>
      tx.query(
        'insert into storage.buckets (id, name, owner_id, public, file_size_limit, allowed_mime_types) values ($1, $2, $3, $4, $5, $6)',
        [id, body.name ?? id, who.sub, body.public ?? false, parseSize(body.file_size_limit), body.allowed_mime_types ?? null],
      ),
    );
    return c.json({ name: id });
  });

  app.post('/object/list/:bucket', async (c) => {
    const bucketId = c.req.param('bucket');
    await requireBucket(ctx.db, bucketId);
    const body = await readListBody(c);
    const prefix = (body.prefix ?? '').replace(/^\/+|\/+$/g, '');
    const base = prefix ? `${prefix}/` : '';
    const rows = await asCaller(c, await caller(c), 'storage.object.list', async (tx) =>
      (
        await tx.query<{ name: string; id: string; updated_at: string; created_at: string; last_accessed_at: string; metadata: unknown }>(
          `select name, id, updated_at, created_at, last_accessed_at, metadata from storage.objects
            where bucket_id = $1 and starts_with(name, $2) order by name`,
          [bucketId, base],
        )
      ).rows,
    );
    const entries = new Map<string, Record<string, unknown>>();
    for (const row of rows) {
      const rest = row.name.slice(base.length);
      const [first = '', ...deeper] = rest.split('/');
      if (body.search && !first.toLowerCase().includes(body.search.toLowerCase())) continue;
      if (deeper.length > 0) {
        if (!entries.has(first)) entries.set(first, { name: first, id: null, updated_at: null, created_at: null, last_accessed_at: null, metadata: null });
      } else {
        entries.set(first, { ...row, name: first });
      }
    }
    const descending = body.sortBy?.order === 'desc';
    const column = body.sortBy?.column ?? 'name';
    const sorted = [...entries.values()].sort((a, b) => {
      const left = String(a[column] ?? '');
      const right = String(b[column] ?? '');
      return (left < right ? -1 : left > right ? 1 : 0) * (descending ? -1 : 1);
    });
    const offset = Math.max(0, body.offset ?? 0);
    return c.json(sorted.slice(offset, offset + Math.max(1, Math.min(1000, body.limit ?? 100))));
  });

  app.post('/object/sign/:bucket/*', async (c) => {
    const bucketId = c.req.param('bucket');
    const name = objectName(c, bucketId);
    assertObjectName(name);
    const { expiresIn } = await readSignBody(c);
    await visibleObject(c, bucketId, name, false);
    const now = Math.floor(Date.now() / 1000);
    const token = await signJwt({ url: `${bucketId}/${name}`, iat: now, exp: now + Math.floor(expiresIn) }, ctx.keys.jwtSecret);
    return c.json({ signedURL: `/object/sign/${bucketId}/${name.split('/').map(encodeURIComponent).join('/')}?token=${token}` });
  });
  app.on(['GET', 'HEAD'], '/object/sign/:bucket/*', async (c) => {
    const bucketId = c.req.param('bucket');
    const name = objectName(c, bucketId);
    const result = await verifyJwt(c.req.query('token') ?? '', ctx.keys.jwtSecret);
    if (!result.ok) {
      throw result.reason === 'expired'
        ? new StorageError(400, 'ExpiredToken', 'ExpiredToken', 'The provided token has expired.')
        : storageErrors.accessDenied('Invalid signature');
    }
    if (result.claims.url !== `${bucketId}/${name}`) throw storageErrors.accessDenied('The token is for another object');
    const { rows } = await ctx.db.query<{ metadata: ObjectMetadata | null }>(
      'select metadata from storage.objects where bucket_id = $1 and name = $2',
      [bucketId, name],
    );
    if (!rows[0]) throw storageErrors.noSuchKey();
    return serveObject(c, objectFilePath(root, bucketId, name), name, rows[0].metadata);
  });

  app.on(['GET', 'HEAD'], '/object/public/:bucket/*', (c) => download(c, true));
  app.on(['GET', 'HEAD'], '/object/authenticated/:bucket/*', (c) => download(c, false));
  app.on(['GET', 'HEAD'], '/object/:bucket/*', (c) => download(c, false));
  app.post('/object/:bucket/*', (c) => upload(c, c.req.header('x-upsert') === 'true'));
  app.put('/object/:bucket/*', (c) => upload(c, true));

  app.delete('/object/:bucket', async (c) => {
    const bucketId = c.req.param('bucket');
    await requireBucket(ctx.db, bucketId);
    const body = (await c.req.json().catch(() => null)) as { prefixes?: unknown } | null;
    const names = Array.isArray(body?.prefixes) ? body.prefixes.filter((value): value is string => typeof value === 'string') : [];
    if (names.length === 0) throw storageErrors.invalidRequest('prefixes must be a non-empty array of object names');
    names.forEach(assertObjectName);
    const removed = await asCaller(c, await caller(c), 'storage.object.delete', async (tx) =>
      (await tx.query<{ name: string }>('delete from storage.objects where bucket_id = $1 and name = any($2) returning *', [bucketId, names])).rows,
    );
    await Promise.all(removed.map((row) => discardFile(objectFilePath(root, bucketId, row.name))));
    return c.json(removed);
  });

  app.all('*', (c) => {
    throw storageErrors.unsupported(`${c.req.method} ${new URL(c.req.url).pathname.replace(/^.*\/storage\/v1/, '')}`);
  });
  return app;
}
