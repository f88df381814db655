import type { Database } from '../../server/index.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Actor, asActor, openLumenDatabase } from './lumen-database.ts';

// Storage policies at the SQL level: the storage API reads and writes storage.objects as the
// caller's role, so what these statements do is what a list, an authenticated download, an upload,
// a replace or a remove does. Downloads through the public URL (/object/public/…) do not consult
// RLS at all; they are governed by storage.buckets.public, asserted separately below.
//
// Both buckets hold one seeded object `<owner id>/matrix.webp` with owner_id = the owner: in
// avatars that is the owner's folder; in item-images the same shape shows that a folder named
// after you, or being recorded as the uploader, earns no rights there: only the staff claim does.

const OWNER = '00000000-0000-4000-8000-0000000000c1';
const OTHER = '00000000-0000-4000-8000-0000000000d2';
const STAFF = '00000000-0000-4000-8000-0000000000e3';
const SEEDED = `${OWNER}/matrix.webp`;
const UPLOADED = `${OWNER}/uploaded.webp`;

const ACTORS = {
  anon: { role: 'anon' },
  owner: { role: 'authenticated', sub: OWNER },
  other: { role: 'authenticated', sub: OTHER },
  staff: { role: 'authenticated', sub: STAFF, user_role: 'staff' },
} as const satisfies Record<string, Actor>;

type ActorName = keyof typeof ACTORS;
type Command = 'read' | 'upload' | 'update' | 'delete';
type Bucket = 'item-images' | 'avatars';

/**
 * allowed: exactly the target object is read or written.
 * rls-violation: the new row fails every policy's WITH CHECK (storage.objects is granted to the API roles).
 * filtered: no policy's USING clause shows the actor the object, so 0 rows are read or touched.
 */
type Outcome = 'allowed' | 'rls-violation' | 'filtered';

const STATEMENTS: Record<Command, string> = {
  read: 'select id from storage.objects where bucket_id = $1 and name = $2',
  // The upload lands in the owner's folder: the owner's own upload, or someone else's attempt to plant one there.
  upload: `insert into storage.objects (bucket_id, name, owner_id, metadata)
           values ($1, $2, (select auth.uid())::text, '{"mimetype": "image/webp", "size": 1}')`,
  update: `update storage.objects set metadata = '{"mimetype": "image/webp", "size": 2}' where bucket_id = $1 and name = $2`,
  delete: 'delete from storage.objects where bucket_id = $1 and name = $2',
};

/** The upload writes a new object in the owner's folder; the others act on the seeded one. */
const paramsFor = (bucket: Bucket, command: Command) => [bucket, command === 'upload' ? UPLOADED : SEEDED];

const everyone = (outcome: Outcome): Record<ActorName, Outcome> => ({ anon: outcome, owner: outcome, other: outcome, staff: outcome });

/** The expectations, as data. */
const MATRIX: Record<Bucket, Record<Command, Record<ActorName, Outcome>>> = {
  // Public read goes through the public URL; staff (by their token's claim) and the service role write.
  'item-images': {
    read: { ...everyone('filtered'), staff: 'allowed' },
    upload: { ...everyone('rls-violation'), staff: 'allowed' },
    update: { ...everyone('filtered'), staff: 'allowed' },
    delete: { ...everyone('filtered'), staff: 'allowed' },
  },
  // Owner writes (and sees) `<their id>/…`; everyone else, staff included, reads through the public URL only.
  avatars: {
    read: { anon: 'filtered', owner: 'allowed', other: 'filtered', staff: 'filtered' },
    upload: { anon: 'rls-violation', owner: 'allowed', other: 'rls-violation', staff: 'rls-violation' },
    update: { anon: 'filtered', owner: 'allowed', other: 'filtered', staff: 'filtered' },
    delete: { anon: 'filtered', owner: 'allowed', other: 'filtered', staff: 'filtered' },
  },
};

const BUCKETS = Object.keys(MATRIX) as Bucket[];
const ACTOR_NAMES = Object.keys(ACTORS) as ActorName[];
const COMMANDS = Object.keys(STATEMENTS) as Command[];

const CELLS = BUCKETS.flatMap((bucket) =>
  COMMANDS.flatMap((command) => ACTOR_NAMES.map((actor) => [bucket, actor, command, MATRIX[bucket][command][actor]] as const)),
);

let db: Database;
const observed: string[] = [];

beforeAll(async () => {
  db = await openLumenDatabase();
  await db.query(`insert into auth.users (id, email, aud, role) values ($1, 'owner@example.test', 'authenticated', 'authenticated'),
    ($2, 'other@example.test', 'authenticated', 'authenticated')`, [OWNER, OTHER]);
  await db.query(
    `insert into storage.objects (bucket_id, name, owner_id, metadata)
     select bucket, $1, $2, '{"mimetype": "image/webp", "size": 1}' from unnest($3::text[]) as bucket`,
    [SEEDED, OWNER, BUCKETS],
  );
});

afterAll(async () => {
  const count = (outcome: string) => observed.filter((o) => o === outcome).length;
  const unexpected = observed.length - count('allowed') - count('rls-violation') - count('filtered');
  console.info(
    `storage matrix: ${observed.length} cells (${BUCKETS.length} buckets × ${ACTOR_NAMES.length} actors × ${COMMANDS.length} commands): ` +
      `${count('allowed')} allowed, ${count('rls-violation')} refused, ${count('filtered')} filtered to zero rows` +
      (unexpected > 0 ? `, ${unexpected} unexpected` : ''),
  );
  await db.close();
});

function errorDetails(error: unknown): { code: string; message: string } {
  const code = typeof error === 'object' && error !== null && 'code' in error ? String(error.code) : '';
  return { code, message: error instanceof Error ? error.message : String(error) };
}

/** Runs one statement as the actor (rolled back) and names what happened. */
async function run(actor: Actor, sql: string, params: unknown[], isRead: boolean): Promise<string> {
  try {
    const result = await asActor(db, actor, (tx) => tx.query(sql, params));
    const touched = isRead ? result.rows.length : (result.affectedRows ?? 0);
    if (touched === 1) return 'allowed';
    if (touched === 0) return 'filtered';
    return `unexpected: ${touched} rows`;
  } catch (error) {
    const { code, message } = errorDetails(error);
    if (code === '42501' && /row-level security/.test(message)) return 'rls-violation';
    if (code === '42501' && /permission denied/.test(message)) return 'permission-denied';
    return `unexpected error ${code}: ${message}`;
  }
}

describe('storage matrix', () => {
  it('covers every bucket the migrations create, and both are public (read through the public URL)', async () => {
    const { rows } = await db.query<{ id: string; public: boolean }>('select id, public from storage.buckets order by id');
    expect(rows).toEqual([
      { id: 'avatars', public: true },
      { id: 'item-images', public: true },
    ]);
    expect([...BUCKETS].sort()).toEqual(rows.map((row) => row.id));
    expect(CELLS).toHaveLength(BUCKETS.length * ACTOR_NAMES.length * COMMANDS.length);
  });

  it('targets objects that exist (for the table owner), so "filtered" means hidden, not missing', async () => {
    for (const bucket of BUCKETS) {
      expect((await db.query(STATEMENTS.read, [bucket, SEEDED])).rows, bucket).toHaveLength(1);
    }
  });

  it.each(CELLS)('%s: %s %s → %s', async (bucket, actor, command, expected) => {
    const outcome = await run(ACTORS[actor], STATEMENTS[command], paramsFor(bucket, command), command === 'read');
    observed.push(outcome);
    expect(outcome).toBe(expected);
  });

  it('lets the service role write item images (and so only the service role)', async () => {
    const service: Actor = { role: 'service_role' };
    const outcomes: Record<string, string> = {};
    for (const command of COMMANDS) {
      outcomes[command] = await run(service, STATEMENTS[command], paramsFor('item-images', command), command === 'read');
    }
    expect(outcomes).toEqual({ read: 'allowed', upload: 'allowed', update: 'allowed', delete: 'allowed' });
  });

  it("stops the avatar owner from moving a file into another user's folder or another bucket", async () => {
    const owner = ACTORS.owner;
    const moveTo = (bucket: Bucket, name: string) =>
      run(owner, `update storage.objects set bucket_id = $1, name = $2 where bucket_id = 'avatars' and name = $3`, [bucket, name, SEEDED], false);
    expect(await moveTo('avatars', `${OTHER}/matrix.webp`)).toBe('rls-violation');
    expect(await moveTo('item-images', `${OWNER}/moved.webp`)).toBe('rls-violation');
    expect(await moveTo('avatars', `${OWNER}/renamed.webp`)).toBe('allowed');
  });

  it('lets neither anon nor a signed-in user create, change or remove buckets', async () => {
    const outcomes: Record<string, string> = {};
    for (const actor of ['anon', 'owner'] as const) {
      outcomes[`${actor} create`] = await run(ACTORS[actor], `insert into storage.buckets (id, name, public) values ('mine', 'mine', true)`, [], false);
      outcomes[`${actor} change`] = await run(ACTORS[actor], `update storage.buckets set allowed_mime_types = null, file_size_limit = null`, [], false);
      outcomes[`${actor} remove`] = await run(ACTORS[actor], `delete from storage.buckets where id = 'avatars'`, [], false);
    }
    expect(outcomes).toEqual({
      'anon create': 'rls-violation',
      'anon change': 'filtered',
      'anon remove': 'filtered',
      'owner create': 'rls-violation',
      'owner change': 'filtered',
      'owner remove': 'filtered',
    });
  });

  it('rolled every cell back (seeded objects unchanged, no upload left)', async () => {
    const { rows } = await db.query<{ bucket_id: string; name: string; size: string }>(
      `select bucket_id, name, metadata ->> 'size' as size from storage.objects order by bucket_id, name`,
    );
    expect(rows).toEqual([
      { bucket_id: 'avatars', name: SEEDED, size: '1' },
      { bucket_id: 'item-images', name: SEEDED, size: '1' },
    ]);
  });
});
