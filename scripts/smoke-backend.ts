import { parseArgs } from 'node:util';
import { createNodeSupabaseClient, DEV_PUBLISHABLE_KEY } from '../server/index.ts';

/**
 * A walk through the backend with the real supabase-js client, against a running server:
 * sign up → sign in → insert and select under RLS → refresh → sign out. Uses the test fixture
 * project's `fixture_notes` table (owner-only RLS), so start the server with
 * `npm start -- --project server/testing/fixtures/project --data-dir .data/smoke --reset`.
 */
const { values } = parseArgs({ options: { url: { type: 'string', default: 'http://localhost:54321' }, key: { type: 'string' } } });
const client = createNodeSupabaseClient(values.url, values.key ?? DEV_PUBLISHABLE_KEY);
const other = createNodeSupabaseClient(values.url, values.key ?? DEV_PUBLISHABLE_KEY);
const email = `smoke-${Date.now()}@example.test`;
const password = 'a-long-password-1';

function step(name: string, detail: unknown) {
  console.log(`✓ ${name}: ${typeof detail === 'string' ? detail : JSON.stringify(detail)}`);
}
function check<T extends { error: { message: string } | null }>(name: string, result: T): T {
  if (result.error) throw new Error(`${name} failed: ${result.error.message}`);
  return result;
}

const signUp = check('sign up', await client.auth.signUp({ email, password }));
step('sign up', { user: signUp.data.user?.id, session: Boolean(signUp.data.session) });
await client.auth.signOut();
const signIn = check('sign in', await client.auth.signInWithPassword({ email, password }));
step('sign in', { user: signIn.data.user?.id, expires_in: signIn.data.session?.expires_in });

const inserted = check('insert', await client.from('fixture_notes').insert({ body: 'hello from the smoke test' }).select().single());
step('insert under RLS', inserted.data);
const own = check('select', await client.from('fixture_notes').select('id, body'));
step('select own rows', own.data);

check('second user', await other.auth.signUp({ email: `other-${email}`, password }));
const foreign = check('foreign select', await other.from('fixture_notes').select('id'));
step('another user sees none of them', foreign.data);

const before = signIn.data.session?.refresh_token;
const refreshed = check('refresh', await client.auth.refreshSession());
step('refresh rotates the refresh token', refreshed.data.session?.refresh_token !== before);

check('sign out', await client.auth.signOut());
const afterSignOut = await client.from('fixture_notes').select('id');
step('after sign-out the notes are invisible', afterSignOut.data);
console.log('smoke: all steps passed');
