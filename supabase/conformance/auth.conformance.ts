import { afterAll, describe, expect, it } from 'vitest';
import {
  anonClient,
  conformanceTarget,
  createThrowawayUser,
  isHosted,
  removeThrowawayUser,
  serviceClient,
  throwawayEmail,
  throwawayPassword,
  type ThrowawayUser,
} from './support.ts';

const users: ThrowawayUser[] = [];
const signedUpIds: string[] = [];

afterAll(async () => {
  for (const user of users) await removeThrowawayUser(user);
  for (const id of signedUpIds) await serviceClient().auth.admin.deleteUser(id);
});

describe('auth (GoTrue)', () => {
  it('the admin API creates a confirmed user who signs in with the password', async () => {
    const user = await createThrowawayUser('auth');
    users.push(user);
    const { data, error } = await user.client.auth.getUser();
    expect(error).toBeNull();
    expect(data.user?.id).toBe(user.id);
    expect(data.user?.email).toBe(user.email);
    expect(data.user?.email_confirmed_at).toBeTruthy();
    const { data: admin } = await serviceClient().auth.admin.getUserById(user.id);
    expect(admin.user?.email).toBe(user.email);
  });

  it('refuses a wrong password with invalid_credentials', async () => {
    const user = await createThrowawayUser('wrong-password');
    users.push(user);
    const { data, error } = await anonClient().auth.signInWithPassword({ email: user.email, password: `${user.password}x` });
    expect(data.session).toBeNull();
    expect(error?.status).toBe(400);
    expect(error?.code).toBe('invalid_credentials');
  });

  it('refreshing rotates the refresh token and keeps the same user', async () => {
    const user = await createThrowawayUser('refresh');
    users.push(user);
    const { data: before } = await user.client.auth.getSession();
    const oldRefresh = before.session?.refresh_token;
    expect(oldRefresh).toBeTruthy();
    const { data, error } = await user.client.auth.refreshSession();
    expect(error).toBeNull();
    expect(data.session?.user.id).toBe(user.id);
    expect(data.session?.refresh_token).toBeTruthy();
    expect(data.session?.refresh_token).not.toBe(oldRefresh);
    // The new access token is accepted by the API.
    const check = await anonClient().auth.getUser(data.session?.access_token);
    expect(check.data.user?.id).toBe(user.id);
  });

  it('sign-out ends the session: its refresh token and access token are refused afterwards', async () => {
    const user = await createThrowawayUser('sign-out');
    users.push(user);
    const { data: before } = await user.client.auth.getSession();
    const refreshToken = before.session?.refresh_token ?? '';
    const accessToken = before.session?.access_token ?? '';
    expect((await user.client.auth.signOut()).error).toBeNull();
    expect((await user.client.auth.getSession()).data.session).toBeNull();

    const refreshed = await anonClient().auth.refreshSession({ refresh_token: refreshToken });
    expect(refreshed.data.session).toBeNull();
    expect(refreshed.error).not.toBeNull();
    const lookedUp = await anonClient().auth.getUser(accessToken);
    expect(lookedUp.data.user).toBeNull();
    expect(lookedUp.error).not.toBeNull();
  });

  // Against a hosted project a public sign-up sends a confirmation e-mail to a throwaway address
  // (bounces count against the project's mail reputation), so it runs locally only.
  it.skipIf(isHosted())('public sign-up creates the user and a profile; a session only when confirmations are off', async () => {
    const { url } = conformanceTarget();
    const client = anonClient();
    const email = throwawayEmail('sign-up');
    const { data, error } = await client.auth.signUp({ email, password: throwawayPassword(), options: { data: { display_name: 'Conformance' } } });
    expect(error).toBeNull();
    expect(data.user?.email).toBe(email);
    if (data.user) signedUpIds.push(data.user.id);

    const settings = (await (await fetch(`${url}/auth/v1/settings`, { headers: { apikey: conformanceTarget().anonKey } })).json()) as {
      mailer_autoconfirm: boolean;
    };
    expect(data.session !== null).toBe(settings.mailer_autoconfirm);
    const { data: profile } = await serviceClient().from('profiles').select('id, display_name').eq('id', data.user?.id ?? '').single();
    expect(profile).toEqual({ id: data.user?.id, display_name: 'Conformance' });
  });
});
