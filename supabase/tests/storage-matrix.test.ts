import type { Database } from '../../server/index.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Actor, asActor, openLumenDatabase } from './lumen-database.ts';

// Storage policies at the SQL level: the storage API reads and writes storage.objects as the
// caller's role, so what these statements do is what a list, an authenticated download, an upload,
// a replace or a remove does. Downloads through the public URL (/object/public/…) do not consult
// RLS at all; they are governed by storage.buckets.public, asserted separately below.
//
// Both buckets hold a seeded object `<user id>/matrix.webp` with owner_id = that user, for a
// customer (owner) and for a guest (an anonymous session, as guest checkout signs in): in avatars
// that is the user's folder; in item-images the same shape shows that a folder named after you,
// or being recorded as the uploader, earns no rights there: only the staff claim does. Every actor
// meets both users' objects: the user whose folder it is is its "owner", every other signed-in
// non-staff user "other".
//
// A guest keeps no avatar (they have no account page; a public bucket must not be free file hosting
// for throwaway sessions): even in their own folder they can upload, see, replace or remove nothing.

const OWNER = '00000000-0000-4000-8000-0000000000c1';
const OTHER = '00000000-0000-4000-8000-0000000000d2';
const STAFF = '00000000-0000-4000-8000-0000000000e3';
const GUEST = '00000000-0000-4000-8000-0000000000f4';
const OTHER_GUEST = '00000000-0000-4000-8000-0000000000f5';
const SEEDED = `${OWNER}/matrix.webp`;

const ACTORS = {
  anon: { role: 'anon' },
  owner: { role: 'authenticated', sub: OWNER, is_anonymous: false },
  other: { role: 'authenticated', sub: OTHER, is_anonymous: false },
  staff: { role: 'authenticated', sub: STAFF, user_role: 'staff', is_anonymous: false },
  guest: { role: 'authenticated', sub: GUEST, is_anonymous: true },
  otherGuest: { role: 'authenticated', sub: OTHER_GUEST, is_anonymous: true },
} as const satisfies Record<string, Actor>;

type ActorName = keyof typeof ACTORS;
/** What an actor is to the folder's user; the expectations are written per relation. */
type Relation = 'anon' | 'owner' | 'other' | 'staff';
type Command = 'read' | 'upload' | 'update' | 'delete';
type Bucket = 'item-images' | 'avatars';
/** Whose folder a cell targets. */
type FolderOwner = 'owner' | 'guest';
const FOLDER_USER: Record<FolderOwner, string> = { owner: OWNER, guest: GUEST };

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

/** The upload writes a new object in the folder; the others act on the seeded one. */
const paramsFor = (bucket: Bucket, command: Command, folder: FolderOwner = 'owner') => [
  bucket,
  `${FOLDER_USER[folder]}/${command === 'upload' ? 'uploaded' : 'matrix'}.webp`,
];

const everyone = (outcome: Outcome): Record<Relation, Outcome> => ({ anon: outcome, owner: outcome, other: outcome, staff: outcome });

/** The expectations, as data. */
const MATRIX: Record<Bucket, Record<Command, Record<Relation, Outcome>>> = {
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

/** Where a guest meeting their own folder fares worse than a customer would: no avatar at all. */
const GUEST_OWNER: Record<Bucket, Partial<Record<Command, Outcome>>> = {
  'item-images': {},
  avatars: { read: 'filtered', upload: 'rls-violation', update: 'filtered', delete: 'filtered' },
};

const BUCKETS = Object.keys(MATRIX) as Bucket[];
const ACTOR_NAMES = Object.keys(ACTORS) as ActorName[];
const COMMANDS = Object.keys(STATEMENTS) as Command[];
const FOLDER_OWNERS = Object.keys(FOLDER_USER) as FolderOwner[];

function expectedOutcome(bucket: Bucket, command: Command, actor: ActorName, folder: FolderOwner): Outcome {
  const relation: Relation = actor === 'anon' || actor === 'staff' ? actor : actor === folder ? 'owner' : 'other';
  const isGuest = (ACTORS[actor] as Actor).is_anonymous === true;
  return (relation === 'owner' && isGuest ? GUEST_OWNER[bucket][command] : undefined) ?? MATRIX[bucket][command][relation];
}

const CELLS = BUCKETS.flatMap((bucket) =>
  FOLDER_OWNERS.flatMap((folder) =>
    COMMANDS.flatMap((command) => ACTOR_NAMES.map((actor) => [bucket, folder, actor, command, expectedOutcome(bucket, command, actor, folder)] as const)),
  ),
);

let db: Database;
const observed: string[] = [];

beforeAll(async () => {
  db = await openLumenDatabase();
  await db.query(`insert into auth.users (id, email, aud, role) values ($1, 'owner@example.test', 'authenticated', 'authenticated'),
    ($2, 'other@example.test', 'authenticated', 'authenticated')`, [OWNER, OTHER]);
  await db.query(`insert into auth.users (id, aud, role, is_anonymous) values ($1, 'authenticated', 'authenticated', true), ($2, 'authenticated', 'authenticated', true)`, [
    GUEST,
    OTHER_GUEST,
  ]);
  // The guest's objects stand for anything that got there another way (written by the service role, or
  // kept from before the limits): the guest still gets no hold on them.
  await db.query(
    `insert into storage.objects (bucket_id, name, owner_id, metadata)
     select bucket, owner_id || '/matrix.webp', owner_id, '{"mimetype": "image/webp", "size": 1}'
     from unnest($1::text[]) as bucket, unnest($2::text[]) as owner_id`,
    [BUCKETS, [OWNER, GUEST]],
  );
});

afterAll(async () => {
  const count = (outcome: string) => observed.filter((o) => o === outcome).length;
  const unexpected = observed.length - count('allowed') - count('rls-violation') - count('filtered');
  console.info(
    `storage matrix: ${observed.length} cells (${BUCKETS.length} buckets × ${FOLDER_OWNERS.length} folders × ${ACTOR_NAMES.length} actors × ${COMMANDS.length} commands): ` +
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
    expect(CELLS).toHaveLength(BUCKETS.length * FOLDER_OWNERS.length * ACTOR_NAMES.length * COMMANDS.length);
  });

  it('targets objects that exist (for the table owner), so "filtered" means hidden, not missing', async () => {
    for (const bucket of BUCKETS) {
      for (const folder of FOLDER_OWNERS) {
        expect((await db.query(STATEMENTS.read, paramsFor(bucket, 'read', folder))).rows, `${bucket} (${folder})`).toHaveLength(1);
      }
    }
  });

  it.each(CELLS)("%s, the %s's folder: %s %s → %s", async (bucket, folder, actor, command, expected) => {
    const outcome = await run(ACTORS[actor], STATEMENTS[command], paramsFor(bucket, command, folder), command === 'read');
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
      { bucket_id: 'avatars', name: `${GUEST}/matrix.webp`, size: '1' },
      { bucket_id: 'item-images', name: SEEDED, size: '1' },
      { bucket_id: 'item-images', name: `${GUEST}/matrix.webp`, size: '1' },
    ]);
  });
});
