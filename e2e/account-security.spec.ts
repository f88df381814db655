import { PASSWORD, createUser, forgiveFailedResponses, mailedLink, signInWithUi, uniqueEmail } from './account-helpers.ts';
import { expect, test } from './fixtures.ts';

const PUBLISHABLE_KEY = 'sb_publishable_ACJWlzQHlZjBrEguHvfOxg_3BJgxAaH';

test('change password: asks for the current one, refuses leaked and same passwords and a mismatch, then the new one works', async ({ page, request, problems }, testInfo) => {
  const address = uniqueEmail(testInfo);
  await createUser(request, address);
  await signInWithUi(page, address);
  await expect(page).toHaveURL(/\/account$/);

  const form = page.getByRole('form', { name: 'Change password' });
  const current = form.getByLabel('Current password', { exact: true });
  const password = form.getByLabel('New password', { exact: true });
  const confirm = form.getByLabel('Repeat new password', { exact: true });
  // Without the current password nothing is sent.
  await password.fill('second-password-2');
  await confirm.fill('second-password-2');
  await form.getByRole('button', { name: 'Change password' }).click();
  await expect(current).toBeFocused();
  await expect(current).toHaveAccessibleDescription('Enter your current password.');
  // A wrong one is refused by Auth, and said next to the field; what was typed stays.
  await current.fill('not-my-password');
  await form.getByRole('button', { name: 'Change password' }).click();
  await expect(current).toHaveAccessibleDescription(/That is not your current password\./);
  await expect(current).toBeFocused();
  await expect(password).toHaveValue('second-password-2');
  await current.fill(PASSWORD);
  // A password from breach lists is refused with its reason.
  await password.fill('Password1234');
  await confirm.fill('Password1234');
  await form.getByRole('button', { name: 'Change password' }).click();
  await expect(password).toHaveAccessibleDescription(/This password is too weak: it appears in a list of leaked passwords\./);

  await password.fill('second-password-2');
  await confirm.fill('second-password-3');
  await form.getByRole('button', { name: 'Change password' }).click();
  await expect(confirm).toBeFocused();
  await expect(confirm).toHaveAccessibleDescription('The two passwords differ.');

  await password.fill(PASSWORD);
  await confirm.fill(PASSWORD);
  await form.getByRole('button', { name: 'Change password' }).click();
  await expect(password).toHaveAccessibleDescription(/The new password must be different from your current one\./);
  await expect(password).toBeFocused();

  await password.fill('second-password-2');
  await confirm.fill('second-password-2');
  await form.getByRole('button', { name: 'Change password' }).click();
  await expect(form.getByRole('status')).toHaveText('Your new password is saved.');
  await expect(password).toHaveValue('');

  const check = await request.post('/auth/v1/token?grant_type=password', {
    headers: { apikey: PUBLISHABLE_KEY },
    data: { email: address, password: 'second-password-2' },
  });
  expect(check.status()).toBe(200);
  forgiveFailedResponses(problems, [400, 422]);
});

test('a used reset link opened while signed in says so, instead of offering the form', async ({ page, request }, testInfo) => {
  const address = uniqueEmail(testInfo);
  await createUser(request, address);
  await signInWithUi(page, address);
  await expect(page).toHaveURL(/\/account$/);
  const redirectTo = `${new URL(page.url()).origin}/reset-password`;
  await request.post(`/auth/v1/recover?${new URLSearchParams({ redirect_to: redirectTo })}`, { headers: { apikey: PUBLISHABLE_KEY }, data: { email: address } });
  const { link } = await mailedLink(request, address, 'Reset your Lumen password');
  await request.get(link, { maxRedirects: 0 });
  await page.goto(link);
  await expect(page).toHaveURL(/\/reset-password/);
  await expect(page.getByRole('alert')).toContainText('Reset links work once');
  await expect(page.getByRole('form', { name: 'Set a new password' })).toHaveCount(0);
  await expect(page.getByText(`You are still signed in as ${address}`)).toBeVisible();
  await page.getByRole('link', { name: 'change your password in your account' }).click();
  await expect(page).toHaveURL(/\/account#security$/);
  await expect(page.getByRole('form', { name: 'Change password' }).getByLabel('Current password', { exact: true })).toBeVisible();
});

test('change e-mail: refuses a taken address, then switches once both links are followed', async ({ page, request, problems }, testInfo) => {
  const address = uniqueEmail(testInfo, 'old');
  const taken = uniqueEmail(testInfo, 'taken');
  const next = uniqueEmail(testInfo, 'new');
  await createUser(request, address);
  await createUser(request, taken);
  await signInWithUi(page, address);
  await expect(page).toHaveURL(/\/account$/);

  const form = page.getByRole('form', { name: 'Change e-mail' });
  const email = form.getByLabel('New e-mail');
  await email.fill(address);
  await form.getByRole('button', { name: 'Change e-mail' }).click();
  await expect(email).toHaveAccessibleDescription('This is already your e-mail address.');

  await email.fill(taken);
  await form.getByRole('button', { name: 'Change e-mail' }).click();
  await expect(email).toHaveAccessibleDescription('An account with this e-mail already exists. Sign in, or reset its password.');
  await expect(email).toHaveValue(taken);

  await email.fill(next);
  await form.getByRole('button', { name: 'Change e-mail' }).click();
  await expect(form.getByRole('status')).toContainText(`Confirm the change to ${next}`);

  const toCurrent = await mailedLink(request, address, 'Confirm the new e-mail address of your Lumen account');
  const toNew = await mailedLink(request, next, 'Confirm the new e-mail address of your Lumen account');
  await page.goto(toCurrent.link);
  await page.goto(toNew.link);
  await expect(page).toHaveURL(/\/account/);
  await expect(page.getByText(`Signed in as ${next}`)).toBeVisible();
  forgiveFailedResponses(problems, [422]);
});

test('forgot password answers the same for an unknown address; a used link says so', async ({ page, request, problems }, testInfo) => {
  const address = uniqueEmail(testInfo);
  await createUser(request, address);

  await page.goto('/sign-in');
  await page.getByRole('link', { name: 'Forgot your password?' }).click();
  await expect(page).toHaveTitle(/^Forgot password · Lumen/);
  const form = page.getByRole('form', { name: 'Reset password' });
  // A fresh unknown address: Auth answers a second request for one address within max_frequency
  // (a minute) with 429, known or not, and a retry or a rerun against the same server comes sooner.
  const nobody = uniqueEmail(testInfo, 'nobody');
  await form.getByLabel('E-mail').fill(nobody);
  await form.getByRole('button', { name: 'Send reset link' }).click();
  await expect(form.getByRole('status')).toContainText(`If an account uses ${nobody}`);

  await form.getByLabel('E-mail').fill(address);
  await form.getByRole('button', { name: 'Send again' }).click();
  const { link } = await mailedLink(request, address, 'Reset your Lumen password');
  // Follow it once outside the page, so the page gets a link that was already used.
  await request.get(link, { maxRedirects: 0 });
  await page.goto(link);
  await expect(page).toHaveURL(/\/reset-password/);
  await expect(page.getByRole('alert')).toContainText('Reset links work once');
  await page.getByRole('link', { name: 'Send a new link' }).click();
  await expect(page).toHaveURL(/\/forgot-password$/);
  forgiveFailedResponses(problems, []);
});

test('sign out everywhere ends the other sessions too', async ({ page, request }, testInfo) => {
  const address = uniqueEmail(testInfo);
  await createUser(request, address);
  const elsewhere = await request.post('/auth/v1/token?grant_type=password', {
    headers: { apikey: PUBLISHABLE_KEY },
    data: { email: address, password: PASSWORD },
  });
  const { refresh_token: otherDevice } = (await elsewhere.json()) as { refresh_token: string };

  await signInWithUi(page, address);
  await expect(page).toHaveURL(/\/account$/);
  await page.getByRole('button', { name: 'Sign out everywhere' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('banner').getByRole('link', { name: 'Sign in' })).toBeVisible();

  const refresh = await request.post('/auth/v1/token?grant_type=refresh_token', {
    headers: { apikey: PUBLISHABLE_KEY },
    data: { refresh_token: otherDevice },
  });
  expect(refresh.status()).toBe(400);
});

test('a recovery link that lands elsewhere still opens the set-new-password form, once', async ({ page, request }, testInfo) => {
  const address = uniqueEmail(testInfo);
  await createUser(request, address);
  await page.goto('/forgot-password');
  const form = page.getByRole('form', { name: 'Reset password' });
  await form.getByLabel('E-mail').fill(address);
  await form.getByRole('button', { name: 'Send reset link' }).click();
  const { link } = await mailedLink(request, address, 'Reset your Lumen password');
  const elsewhere = new URL(link);
  elsewhere.searchParams.set('redirect_to', new URL('/catalog', page.url()).toString());

  await page.goto(elsewhere.toString());
  await expect(page).toHaveURL(/\/reset-password#?$/);
  await expect(page.getByRole('form', { name: 'Set a new password' })).toBeVisible();
  // Browsing away without a new password is allowed: the redirect happens once.
  await page.getByRole('banner').getByRole('link', { name: 'Catalog' }).click();
  await expect(page).toHaveURL(/\/catalog$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Catalog' })).toBeVisible();
});
