import type { Database } from '../db/database.ts';
import { storageErrors } from './storage-error.ts';

export interface Bucket {
  id: string;
  name: string;
  public: boolean;
  file_size_limit: number | null;
  allowed_mime_types: string[] | null;
  created_at: string;
  updated_at: string;
}

/** Bucket limits are read as the platform (like hosted storage does for uploads), not through RLS. */
export async function findBucket(db: Database, bucketId: string): Promise<Bucket | null> {
  const { rows } = await db.query<Bucket>(
    `select id, name, public, file_size_limit::float8 as file_size_limit, allowed_mime_types, created_at, updated_at
       from storage.buckets where id = $1`,
    [bucketId],
  );
  return rows[0] ?? null;
}

export async function requireBucket(db: Database, bucketId: string): Promise<Bucket> {
  const bucket = await findBucket(db, bucketId);
  if (!bucket) throw storageErrors.noSuchBucket();
  return bucket;
}

/** `image/*` style wildcards as hosted storage accepts them. */
export function mimeAllowed(bucket: Bucket, mimeType: string): boolean {
  if (!bucket.allowed_mime_types || bucket.allowed_mime_types.length === 0) return true;
  const type = mimeType.split(';')[0]?.trim().toLowerCase() ?? '';
  return bucket.allowed_mime_types.some((allowed) => {
    const pattern = allowed.toLowerCase();
    return pattern.endsWith('/*') ? type.startsWith(pattern.slice(0, -1)) : type === pattern;
  });
}

/** Parses "5MB", "50MiB", "1024" (bytes) like the CLI's config and storage-js's createBucket. */
export function parseSize(value: string | number | null | undefined): number | null {
  if (value === null || value === undefined || value === '') return null;
  if (typeof value === 'number') return value;
  const match = /^(\d+(?:\.\d+)?)\s*(b|kb|kib|mb|mib|gb|gib)?$/i.exec(value.trim());
  if (!match) throw storageErrors.invalidRequest(`Invalid size "${value}"`);
  const unit = (match[2] ?? 'b').toLowerCase();
  const factor = { b: 1, kb: 1000, kib: 1024, mb: 1000 ** 2, mib: 1024 ** 2, gb: 1000 ** 3, gib: 1024 ** 3 }[unit] ?? 1;
  return Math.round(Number(match[1]) * factor);
}
