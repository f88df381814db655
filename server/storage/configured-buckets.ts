import type { ServerContext } from '../context.ts';
import { assertBucketId } from './object-path.ts';

/**
 * Creates or updates the buckets declared in config.toml (`[storage.buckets.<id>]`), as
 * `supabase start` / `supabase seed buckets` do. Buckets made by migrations are left alone
 * unless the config names them too.
 */
export async function syncConfiguredBuckets(ctx: Pick<ServerContext, 'db' | 'config'>): Promise<string[]> {
  const synced: string[] = [];
  for (const [id, bucket] of Object.entries(ctx.config.storage.buckets)) {
    assertBucketId(id);
    await ctx.db.query(
      `insert into storage.buckets (id, name, public, file_size_limit, allowed_mime_types)
       values ($1, $1, $2, $3, $4)
       on conflict (id) do update set public = excluded.public, file_size_limit = excluded.file_size_limit,
         allowed_mime_types = excluded.allowed_mime_types, updated_at = now()`,
      [id, bucket.public, bucket.file_size_limit ?? null, bucket.allowed_mime_types ?? null],
    );
    synced.push(id);
  }
  return synced;
}
