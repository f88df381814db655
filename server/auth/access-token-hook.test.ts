import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadProjectConfig } from '../config/project-config.ts';
import { createTestBackend, type TestBackend } from '../testing/test-backend.ts';
import { uniqueEmail } from './testing/auth-fixtures.ts';

const URI = 'pg-functions://postgres/public/custom_access_token_hook';
const PASSWORD = 'long-enough-1';

/**
 * A hook shaped like Supabase's role-based access example: it reads a role table as
 * supabase_auth_admin and adds `user_role`; two e-mail markers make it answer an error or break
 * the claims, and every call is recorded so the tests see what GoTrue passes.
 */
const HOOK_SQL = /* sql */ `
create table public.hook_roles (user_id uuid primary key, role text not null);
alter table public.hook_roles enable row level security;
create policy "auth admin reads roles" on public.hook_roles for select to supabase_auth_admin using (true);
create table public.hook_calls (method text, user_id uuid, had_claims text[], called_as text);
create function public.custom_access_token_hook(event jsonb) returns jsonb language plpgsql as $$
declare
  claims jsonb := event->'claims';
  found_role text;
begin
  insert into public.hook_calls values (event->>'authentication_method', (event->>'user_id')::uuid,
    array(select jsonb_object_keys(claims) order by 1), current_user);
  if claims->>'email' like 'refused-%' then
    return jsonb_build_object('error', jsonb_build_object('http_code', 403, 'message', 'Shop is closed for you'));
  end if;
  if claims->>'email' like 'broken-%' then
    return jsonb_build_object('claims', claims - 'session_id');
  end if;
  if claims->>'email' like 'raising-%' then
    raise exception 'hook bug';
  end if;
  select role into found_role from public.hook_roles where user_id = (event->>'user_id')::uuid;
  return jsonb_build_object('claims', claims || jsonb_build_object('user_role', found_role));
end $$;
grant usage on schema public to supabase_auth_admin;
grant execute on function public.custom_access_token_hook to supabase_auth_admin;
grant select on public.hook_roles to supabase_auth_admin;
grant insert on public.hook_calls to supabase_auth_admin;
revoke execute on function public.custom_access_token_hook from authenticated, anon, public;
`;

let backend: TestBackend;
beforeAll(async () => {
  backend = await createTestBackend({ config: { auth: { hook: { custom_access_token: { enabled: true, uri: URI } } } } });
  await backend.ctx.db.exec(HOOK_SQL);
});
afterAll(() => backend.close());

async function signUp(email: string) {
  return backend.anonClient().auth.signUp({ email, password: PASSWORD });
}

async function sessionCount(userId: string): Promise<number> {
  const { rows } = await backend.ctx.db.query<{ n: number }>('select count(*)::int as n from auth.sessions where user_id = $1', [userId]);
  return rows[0]?.n ?? 0;
}

describe('custom access token hook', () => {
  it('puts what it returns into the token on sign-up, sign-in and refresh, and a revoked role goes at the next refresh', async () => {
    const email = uniqueEmail();
    const signedUp = await signUp(email);
    expect(signedUp.error).toBeNull();
    const userId = signedUp.data.user?.id ?? '';
    expect(decodeJwt(signedUp.data.session?.access_token ?? '').user_role).toBeNull();

    await backend.ctx.db.query(`insert into public.hook_roles values ($1, 'staff')`, [userId]);
    const client = backend.anonClient();
    const signedIn = await client.auth.signInWithPassword({ email, password: PASSWORD });
    expect(signedIn.error).toBeNull();
    expect(decodeJwt(signedIn.data.session?.access_token ?? '')).toMatchObject({ user_role: 'staff', sub: userId, role: 'authenticated' });

    await backend.ctx.db.query('delete from public.hook_roles where user_id = $1', [userId]);
    const refreshed = await client.auth.refreshSession();
    expect(refreshed.error).toBeNull();
    expect(decodeJwt(refreshed.data.session?.access_token ?? '').user_role).toBeNull();

    const { rows } = await backend.ctx.db.query<{ method: string; had_claims: string[]; called_as: string }>(
      'select method, had_claims, called_as from public.hook_calls where user_id = $1',
      [userId],
    );
    expect(rows.map((row) => row.method)).toEqual(['password', 'password', 'token_refresh']);
    expect(rows[0].called_as).toBe('supabase_auth_admin');
    expect(rows[0].had_claims).toEqual(
      ['aal', 'amr', 'app_metadata', 'aud', 'email', 'exp', 'iat', 'is_anonymous', 'iss', 'phone', 'role', 'session_id', 'sub', 'user_metadata'],
    );
  });

  it('names anonymous sign-ins as such', async () => {
    const { data, error } = await backend.anonClient().auth.signInAnonymously();
    expect(error).toBeNull();
    const { rows } = await backend.ctx.db.query<{ method: string }>('select method from public.hook_calls where user_id = $1', [data.user?.id]);
    expect(rows).toEqual([{ method: 'anonymous' }]);
  });

  it('answers the hook’s own error with its status and message, and opens no session', async () => {
    const email = `refused-${uniqueEmail()}`;
    const { data, error } = await signUp(email);
    expect(error).toMatchObject({ status: 403, code: 'unknown', message: 'Shop is closed for you' });
    expect(data.session).toBeNull();
    const { rows } = await backend.ctx.db.query<{ id: string }>('select id from auth.users where email = $1', [email]);
    // GoTrue issues the token in the sign-up's transaction: refused, the user is not created either.
    expect(rows).toEqual([]);
  });

  it('reports claims missing what GoTrue requires, and a failing function, as 500 unexpected_failure', async () => {
    // auth-js turns any 5xx into a retryable fetch error, so the body is read as sent.
    const rawSignUp = async (email: string) => {
      const response = await backend.fetch('http://localhost:54321/auth/v1/signup', {
        method: 'POST',
        headers: { apikey: backend.ctx.keys.anonKey, 'content-type': 'application/json', 'x-supabase-api-version': '2024-01-01' },
        body: JSON.stringify({ email, password: PASSWORD }),
      });
      return { status: response.status, body: (await response.json()) as { code: string; message: string } };
    };
    const broken = await rawSignUp(`broken-${uniqueEmail()}`);
    expect(broken).toMatchObject({ status: 500, body: { code: 'unexpected_failure' } });
    expect(broken.body.message).toMatch(/^output claims do not conform to the expected schema/);
    expect(await rawSignUp(`raising-${uniqueEmail()}`)).toEqual({ status: 500, body: { code: 'unexpected_failure', message: `Error running hook URI: ${URI}` } });
  });

  it('leaves an existing session untouched when a refresh is refused', async () => {
    const email = uniqueEmail();
    const signedUp = await signUp(email);
    const userId = signedUp.data.user?.id ?? '';
    const client = backend.anonClient();
    await client.auth.setSession({ access_token: signedUp.data.session?.access_token ?? '', refresh_token: signedUp.data.session?.refresh_token ?? '' });
    await backend.ctx.db.query(`update auth.users set email = 'refused-' || email where id = $1`, [userId]);
    const refused = await client.auth.refreshSession();
    expect(refused.error).toMatchObject({ status: 403, message: 'Shop is closed for you' });
    expect(await sessionCount(userId)).toBe(1);
    const { rows } = await backend.ctx.db.query<{ revoked: boolean }>('select revoked from auth.refresh_tokens where user_id = $1', [userId]);
    // The refresh rolled back: the token was not rotated away.
    expect(rows).toEqual([{ revoked: false }]);
  });
});

describe('[auth.hook.custom_access_token] in config.toml', () => {
  it('refuses an HTTP hook with what to do instead', async () => {
    await expect(
      loadProjectConfig('server/testing/fixtures/project', { auth: { hook: { custom_access_token: { enabled: true, uri: 'https://hooks.example/token' } } } }),
    ).rejects.toThrow(/Postgres function hooks only/);
  });
});
