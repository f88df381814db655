import type { DatabaseTransaction } from '../db/database.ts';

/** PGlite or a transaction: both run the same queries. */
export type Queryable = Pick<DatabaseTransaction, 'query'>;

export type Json = Record<string, unknown>;

export interface UserRow {
  id: string;
  aud: string | null;
  role: string | null;
  email: string | null;
  encrypted_password: string | null;
  email_confirmed_at: Date | null;
  invited_at: Date | null;
  confirmation_token: string | null;
  confirmation_sent_at: Date | null;
  recovery_token: string | null;
  recovery_sent_at: Date | null;
  email_change_token_new: string | null;
  email_change_token_current: string | null;
  email_change: string | null;
  email_change_sent_at: Date | null;
  email_change_confirm_status: number | null;
  last_sign_in_at: Date | null;
  raw_app_meta_data: Json | null;
  raw_user_meta_data: Json | null;
  created_at: Date | null;
  updated_at: Date | null;
  phone: string | null;
  phone_confirmed_at: Date | null;
  confirmed_at: Date | null;
  banned_until: Date | null;
  deleted_at: Date | null;
  is_anonymous: boolean;
}

export interface IdentityRow {
  id: string;
  provider_id: string;
  user_id: string;
  identity_data: Json;
  provider: string;
  last_sign_in_at: Date | null;
  created_at: Date | null;
  updated_at: Date | null;
  email: string | null;
}

const USER_COLUMNS = `id, aud, role, email, encrypted_password, email_confirmed_at, invited_at, confirmation_token,
  confirmation_sent_at, recovery_token, recovery_sent_at, email_change_token_new, email_change_token_current,
  email_change, email_change_sent_at, email_change_confirm_status, last_sign_in_at, raw_app_meta_data,
  raw_user_meta_data, created_at, updated_at, phone, phone_confirmed_at, confirmed_at, banned_until, deleted_at,
  is_anonymous`;

export async function findUserById(db: Queryable, id: string): Promise<UserRow | null> {
  if (!/^[0-9a-f-]{36}$/i.test(id)) return null;
  const { rows } = await db.query<UserRow>(`select ${USER_COLUMNS} from auth.users where id = $1`, [id]);
  return rows[0] ?? null;
}

export async function findUserByEmail(db: Queryable, email: string): Promise<UserRow | null> {
  const { rows } = await db.query<UserRow>(
    `select ${USER_COLUMNS} from auth.users where lower(email) = lower($1) and is_sso_user = false`,
    [email],
  );
  return rows[0] ?? null;
}

/** Token columns GoTrue keeps on auth.users for mailed links. */
export type TokenColumn = 'confirmation_token' | 'recovery_token' | 'email_change_token_new' | 'email_change_token_current';

/**
 * The user a mailed token belongs to. Read in the transaction that consumes the token, the row is
 * locked: a second request with the same token waits, then finds the token gone.
 */
export async function findUserByToken(db: Queryable, column: TokenColumn, tokenHash: string): Promise<UserRow | null> {
  if (!tokenHash) return null;
  const { rows } = await db.query<UserRow>(`select ${USER_COLUMNS} from auth.users where ${column} = $1 for update`, [tokenHash]);
  return rows[0] ?? null;
}

export async function listIdentities(db: Queryable, userId: string): Promise<IdentityRow[]> {
  const { rows } = await db.query<IdentityRow>(
    `select id, provider_id, user_id, identity_data, provider, last_sign_in_at, created_at, updated_at, email
     from auth.identities where user_id = $1 order by created_at`,
    [userId],
  );
  return rows;
}

export interface NewUser {
  id: string;
  email: string | null;
  encryptedPassword: string | null;
  confirmed: boolean;
  isAnonymous: boolean;
  appMetadata: Json;
  userMetadata: Json;
  confirmationToken?: string;
}

/** Inserts into auth.users (app triggers on it fire here) and, for email users, the email identity. */
export async function insertUser(db: Queryable, user: NewUser): Promise<void> {
  await db.query(
    `insert into auth.users (instance_id, id, aud, role, email, encrypted_password, email_confirmed_at,
       confirmation_token, confirmation_sent_at, raw_app_meta_data, raw_user_meta_data, is_super_admin,
       created_at, updated_at, is_anonymous)
     values ('00000000-0000-0000-0000-000000000000', $1, 'authenticated', 'authenticated', $2, $3,
       case when $4 then now() end, coalesce($5, ''), case when $5 is not null then now() end, $6, $7, false,
       now(), now(), $8)`,
    [
      user.id,
      user.email,
      user.encryptedPassword,
      user.confirmed,
      user.confirmationToken ?? null,
      user.appMetadata,
      user.userMetadata,
      user.isAnonymous,
    ],
  );
  if (user.email) await insertEmailIdentity(db, user.id, user.email, user.confirmed, user.userMetadata);
}

export async function insertEmailIdentity(
  db: Queryable,
  userId: string,
  email: string,
  verified: boolean,
  metadata: Json,
): Promise<void> {
  const identityData = { ...metadata, sub: userId, email, email_verified: verified, phone_verified: false };
  await db.query(
    `insert into auth.identities (provider_id, user_id, identity_data, provider, last_sign_in_at, created_at, updated_at)
     values ($1, $2, $3, 'email', now(), now(), now())
     on conflict (provider_id, provider) do update set identity_data = excluded.identity_data, updated_at = now()`,
    [userId, userId, identityData],
  );
}

/** Marks the email confirmed and mirrors `email_verified: true` into metadata and identity, like User.Confirm. */
export async function confirmEmail(db: Queryable, userId: string): Promise<void> {
  await db.query(
    `update auth.users set email_confirmed_at = coalesce(email_confirmed_at, now()), confirmation_token = '',
       raw_user_meta_data = coalesce(raw_user_meta_data, '{}'::jsonb) || '{"email_verified": true}'::jsonb,
       updated_at = now()
     where id = $1`,
    [userId],
  );
  await db.query(
    `update auth.identities set identity_data = identity_data || '{"email_verified": true}'::jsonb, updated_at = now()
     where user_id = $1 and provider = 'email'`,
    [userId],
  );
}

export function isBanned(user: UserRow): boolean {
  return user.banned_until !== null && user.banned_until.getTime() > Date.now();
}
