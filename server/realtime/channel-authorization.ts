import type { Database } from '../db/database.ts';
import type { JwtClaims } from '../gateway/jwt.ts';
import { isApiRole } from '../db/api-roles.ts';

export type Extension = 'broadcast' | 'presence';
export interface ChannelPermissions {
  read: boolean;
  write: boolean;
}


class Rollback extends Error {
  readonly permissions: ChannelPermissions;

  constructor(permissions: ChannelPermissions) {
    super('rollback');
    this.permissions = permissions;
  }
}

/**
 * Private channels are authorised by RLS on realtime.messages, as hosted Realtime does:
 * a probe row for the topic is written as the owner, then read back (SELECT policy = may
 * receive) and inserted again (INSERT policy = may send) as the subscriber's role with
 * `realtime.topic()` set. Everything is rolled back, so the table never keeps probes.
 */
export async function checkChannelPermissions(
  db: Database,
  claims: JwtClaims,
  subTopic: string,
  extension: Extension,
): Promise<ChannelPermissions> {
  const role = typeof claims.role === 'string' ? claims.role : '';
  if (!isApiRole(role)) return { read: false, write: false };
  try {
    await db.transaction(async (tx) => {
      const probe = await tx.query<{ id: string }>(
        `insert into realtime.messages (topic, extension, private, payload, event)
         values ($1, $2, true, '{}'::jsonb, 'authorization_probe') returning id::text as id`,
        [subTopic, extension],
      );
      const id = probe.rows[0]?.id ?? '';
      await tx.query(
        `select set_config('request.jwt.claims', $1, true), set_config('request.jwt.claim.sub', $2, true),
                set_config('request.jwt.claim.role', $3, true), set_config('realtime.topic', $4, true)`,
        [JSON.stringify(claims), typeof claims.sub === 'string' ? claims.sub : '', role, subTopic],
      );
      await tx.query(`select set_config('role', $1, true)`, [role]);
      let read = false;
      try {
        await tx.exec('savepoint probe_read');
        const seen = await tx.query<{ ok: boolean }>(
          `select exists(select 1 from realtime.messages where id::text = $1) as ok`,
          [id],
        );
        read = seen.rows[0]?.ok === true;
      } catch {
        await tx.exec('rollback to savepoint probe_read');
      }
      let write = false;
      try {
        await tx.exec('savepoint probe_write');
        await tx.query(
          `insert into realtime.messages (topic, extension, private, payload, event)
           values ($1, $2, true, '{}'::jsonb, 'authorization_probe')`,
          [subTopic, extension],
        );
        write = true;
      } catch {
        await tx.exec('rollback to savepoint probe_write');
      }
      throw new Rollback({ read, write });
    });
  } catch (error) {
    if (error instanceof Rollback) return error.permissions;
    // No realtime.messages (or an unexpected shape): deny rather than open a private channel.
    return { read: false, write: false };
  }
  return { read: false, write: false };
}
