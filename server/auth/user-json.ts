import { findUserById, listIdentities, type IdentityRow, type Json, type Queryable, type UserRow } from './user-store.ts';

const iso = (value: Date | null | undefined): string | undefined => (value ? value.toISOString() : undefined);

function identityJson(identity: IdentityRow): Json {
  return {
    identity_id: identity.id,
    id: identity.provider_id,
    user_id: identity.user_id,
    identity_data: identity.identity_data,
    provider: identity.provider,
    last_sign_in_at: iso(identity.last_sign_in_at),
    created_at: iso(identity.created_at),
    updated_at: iso(identity.updated_at),
    email: identity.email ?? undefined,
  };
}

/** GoTrue's User JSON (supabase-protocol.md §2.5): email/phone never null, empty optionals omitted. */
export function userJson(user: UserRow, identities: IdentityRow[]): Json {
  const json: Json = {
    id: user.id,
    aud: user.aud ?? 'authenticated',
    role: user.role ?? 'authenticated',
    email: user.email ?? '',
    email_confirmed_at: iso(user.email_confirmed_at),
    phone: user.phone ?? '',
    phone_confirmed_at: iso(user.phone_confirmed_at),
    confirmation_sent_at: iso(user.confirmation_sent_at),
    confirmed_at: iso(user.confirmed_at),
    recovery_sent_at: iso(user.recovery_sent_at),
    new_email: user.email_change ? user.email_change : undefined,
    email_change_sent_at: iso(user.email_change_sent_at),
    last_sign_in_at: iso(user.last_sign_in_at),
    app_metadata: user.raw_app_meta_data ?? {},
    user_metadata: user.raw_user_meta_data ?? {},
    identities: identities.map(identityJson),
    created_at: iso(user.created_at),
    updated_at: iso(user.updated_at),
    banned_until: iso(user.banned_until),
    deleted_at: iso(user.deleted_at),
    is_anonymous: user.is_anonymous,
  };
  // GoTrue omits empty optionals (omitempty); drop them for in-process callers too.
  return Object.fromEntries(Object.entries(json).filter(([, value]) => value !== undefined));
}

export async function loadUserJson(db: Queryable, userId: string): Promise<Json | null> {
  const user = await findUserById(db, userId);
  if (!user) return null;
  return userJson(user, await listIdentities(db, userId));
}
