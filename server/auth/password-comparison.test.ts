import bcrypt from 'bcryptjs';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { createTestBackend, type TestBackend } from '../testing/test-backend.ts';
import { uniqueEmail } from './testing/auth-fixtures.ts';

/**
 * A refused sign-in must cost the same whether or not the address has an account: bcrypt is the
 * whole cost (~100 ms at GoTrue's cost 10, against ~5 ms for a database look-up), so every
 * refusal runs exactly one comparison against a hash of the configured cost. The comparison is
 * spied on rather than timed (the test backend's cost is 4).
 */
const TEST_COST = 4;
const PASSWORD = 'long-enough-1';

let backend: TestBackend;
const compare = vi.spyOn(bcrypt, 'compare');
const hash = vi.spyOn(bcrypt, 'hash');

beforeAll(async () => {
  backend = await createTestBackend();
});
afterAll(async () => {
  await backend.close();
  vi.restoreAllMocks();
});
beforeEach(() => {
  compare.mockClear();
  hash.mockClear();
});

function post(target: TestBackend, path: string, body: unknown, token?: string): Promise<Response> {
  return target.fetch(`${target.ctx.publicUrl}/auth/v1${path}`, {
    method: path === '/user' ? 'PUT' : 'POST',
    headers: {
      apikey: target.ctx.keys.anonKey,
      'content-type': 'application/json',
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: JSON.stringify(body),
  });
}

/** Status, error header and body of a password sign-in, with the comparisons it ran. */
async function signIn(credentials: Record<string, string>): Promise<{ answer: string; comparisons: [string, string][] }> {
  compare.mockClear();
  const response = await post(backend, '/token?grant_type=password', credentials);
  const answer = `${response.status} ${response.headers.get('x-sb-error-code')} ${await response.text()}`;
  return { answer, comparisons: compare.mock.calls.map(([password, against]) => [String(password), String(against)]) };
}

async function createUser(attributes: { email: string; password?: string }): Promise<string> {
  const { data, error } = await backend.serviceClient().auth.admin.createUser({ ...attributes, email_confirm: true });
  if (error || !data.user) throw error ?? new Error('no user');
  return data.user.id;
}

describe('password sign-in refusals cost one comparison each', () => {
  it('compares once against a hash of the configured cost for unknown, wrong-password, passwordless, deleted, phone and malformed sign-ins, and answers them alike', async () => {
    const known = uniqueEmail('known');
    await createUser({ email: known, password: PASSWORD });
    // An account without a password, as an OAuth-only or invited one has.
    const passwordless = uniqueEmail('passwordless');
    await createUser({ email: passwordless });
    const deleted = uniqueEmail('deleted');
    const deletedId = await createUser({ email: deleted, password: PASSWORD });
    await backend.ctx.db.query('update auth.users set deleted_at = now() where id = $1', [deletedId]);

    const attempts = {
      unknown: await signIn({ email: uniqueEmail('nobody'), password: 'some-guess-1' }),
      wrongPassword: await signIn({ email: known, password: 'some-guess-1' }),
      passwordless: await signIn({ email: passwordless, password: 'some-guess-1' }),
      deleted: await signIn({ email: deleted, password: PASSWORD }),
      phone: await signIn({ phone: '+15555550100', password: 'some-guess-1' }),
      malformedAddress: await signIn({ email: 'not an address', password: 'some-guess-1' }),
    };
    const invalid = `400 invalid_credentials ${JSON.stringify({ code: 'invalid_credentials', message: 'Invalid login credentials' })}`;
    for (const [name, { answer, comparisons }] of Object.entries(attempts)) {
      expect(answer, name).toBe(invalid);
      expect(comparisons, name).toHaveLength(1);
      const [password, against] = comparisons[0];
      expect(password, name).toBe(name === 'deleted' ? PASSWORD : 'some-guess-1');
      expect(bcrypt.getRounds(against), name).toBe(TEST_COST);
    }
    // The known account's comparison is against its own hash; the others' against a stand-in.
    const { rows } = await backend.ctx.db.query<{ encrypted_password: string }>('select encrypted_password from auth.users where email = $1', [known]);
    expect(attempts.wrongPassword.comparisons[0][1]).toBe(rows[0].encrypted_password);
    expect(attempts.unknown.comparisons[0][1]).not.toBe(rows[0].encrypted_password);
  });

  it('still signs in with the right password after one comparison', async () => {
    const email = uniqueEmail('right');
    await createUser({ email, password: PASSWORD });
    const response = await post(backend, '/token?grant_type=password', { email, password: PASSWORD });
    expect(response.status).toBe(200);
    expect(compare).toHaveBeenCalledTimes(1);
  });

  it('with confirmations on, hashes the password once whether the address is new or already registered', async () => {
    const confirming = await createTestBackend({ config: { auth: { email: { enable_confirmations: true } } } });
    try {
      const registered = uniqueEmail('registered');
      await confirming.serviceClient().auth.admin.createUser({ email: registered, password: PASSWORD, email_confirm: true });
      const answers: string[] = [];
      for (const email of [uniqueEmail('new'), registered]) {
        hash.mockClear();
        const response = await post(confirming, '/signup', { email, password: 'another-pass-2' });
        answers.push(`${response.status}`);
        await response.body?.cancel();
        expect(hash, email).toHaveBeenCalledTimes(1);
        expect(hash.mock.calls[0]?.[1], email).toBe(TEST_COST);
      }
      expect(answers).toEqual(['200', '200']);
    } finally {
      await confirming.close();
    }
  });
});
