import { PASSWORD, forgiveFailedResponses, makePng, mailedLink, uniqueEmail } from './account-helpers.ts';
import { expect, test } from './fixtures.ts';

const NEW_PASSWORD = 'second-password-2';
const PUBLISHABLE_KEY = 'sb_publishable_ACJWlzQHlZjBrEguHvfOxg_3BJgxAaH';

// The must-show flow of issue 7, in one test: sign up → name + avatar → sign out → reset the
// password from the outbox link → sign in with the new one → delete the account.
test('a new visitor signs up, sets a name and avatar, resets the password, signs in and deletes the account', async ({ page, request, problems }, testInfo) => {
  test.setTimeout(90_000);
  // The real edge function answers through the local runtime; without a user token it refuses.
  const probe = await request.post('/functions/v1/delete-account', { headers: { apikey: PUBLISHABLE_KEY } });
  expect(probe.status()).toBe(401);
  const address = uniqueEmail(testInfo, 'journey');

  // Sign up from the header.
  await page.goto('/');
  await page.getByRole('banner').getByRole('link', { name: 'Sign in' }).click();
  await page.getByRole('link', { name: 'Create an account' }).click();
  const signUp = page.getByRole('form', { name: 'Create account' });
  await signUp.getByLabel('E-mail').fill(address);
  await signUp.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await signUp.getByRole('button', { name: 'Create account' }).click();
  await expect(page).toHaveURL(/\/account$/);
  await expect(page).toHaveTitle(/^Account · Lumen/);

  // Display name: the header's initials follow it.
  const nameForm = page.getByRole('form', { name: 'Display name' });
  await nameForm.getByLabel('Display name').fill('Ada Lovelace');
  await nameForm.getByRole('button', { name: 'Save name' }).click();
  await expect(nameForm.getByRole('status')).toHaveText('Your name is saved.');
  const headerAvatar = page.getByRole('banner').getByRole('link', { name: 'Account' }).locator('[data-slot="user-avatar"]');
  await expect(headerAvatar).toHaveText('AL');

  // Avatar: wrong type and oversize files are refused by name; a large picture is shrunk to 512 px.
  const fileInput = page.getByLabel('Avatar image file');
  await fileInput.setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('not an image') });
  await expect(page.getByRole('alert')).toHaveText('“notes.txt” is not a JPEG, PNG or WebP image.');
  await fileInput.setInputFiles({ name: 'huge.png', mimeType: 'image/png', buffer: Buffer.alloc(11 * 1024 * 1024) });
  await expect(page.getByRole('alert')).toHaveText('“huge.png” is 11.0 MB; choose an image under 10 MB.');

  await fileInput.setInputFiles({ name: 'portrait.png', mimeType: 'image/png', buffer: await makePng(page, 1200, 800) });
  await expect(page.getByRole('status').filter({ hasText: 'Your new avatar is saved.' })).toBeVisible();
  const headerImage = headerAvatar.locator('img');
  await expect(headerImage).toBeVisible();
  await expect.poll(() => headerImage.evaluate((img: HTMLImageElement) => [img.naturalWidth, img.naturalHeight])).toEqual([512, 341]);
  const firstUrl = await headerImage.getAttribute('src');
  expect(firstUrl).toContain('/storage/v1/object/public/avatars/');

  // Replacing it removes the old file.
  await fileInput.setInputFiles({ name: 'square.png', mimeType: 'image/png', buffer: await makePng(page, 300, 300) });
  await expect(headerImage).not.toHaveAttribute('src', firstUrl ?? '');
  await expect.poll(() => headerImage.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(300);
  expect((await request.get(firstUrl ?? '')).status()).toBeGreaterThanOrEqual(400);
  const avatarUrl = (await headerImage.getAttribute('src')) ?? '';

  // Sign out on this device.
  await page.getByRole('button', { name: 'Sign out', exact: true }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('status').filter({ hasText: 'You are signed out.' })).toBeVisible();
  await expect(page.getByRole('banner').getByRole('link', { name: 'Sign in' })).toBeVisible();

  // Forgot password → the outbox link → a new password.
  await page.getByRole('banner').getByRole('link', { name: 'Sign in' }).click();
  await page.getByRole('link', { name: 'Forgot your password?' }).click();
  const forgot = page.getByRole('form', { name: 'Reset password' });
  await forgot.getByLabel('E-mail').fill(address);
  await forgot.getByRole('button', { name: 'Send reset link' }).click();
  await expect(forgot.getByRole('status')).toContainText(address);
  const { link } = await mailedLink(request, address, 'Reset your Lumen password');
  await page.goto(link);
  await expect(page).toHaveURL(/\/reset-password#?$/);
  const reset = page.getByRole('form', { name: 'Set a new password' });
  // The link's session stands in for the forgotten password.
  await expect(reset.getByLabel('Current password', { exact: true })).toHaveCount(0);
  await reset.getByLabel('New password', { exact: true }).fill(NEW_PASSWORD);
  await reset.getByLabel('Repeat new password', { exact: true }).fill(NEW_PASSWORD);
  await reset.getByRole('button', { name: 'Save new password' }).click();
  await expect(page.getByRole('status')).toHaveText('Your new password is saved, and you are signed in.');
  await page.getByRole('link', { name: 'Go to your account' }).click();
  await page.getByRole('button', { name: 'Sign out', exact: true }).click();
  await expect(page.getByRole('banner').getByRole('link', { name: 'Sign in' })).toBeVisible();

  // The old password no longer works; the new one does.
  await page.goto('/account');
  await expect(page).toHaveURL(/\/sign-in\?next=%2Faccount$/);
  const signIn = page.getByRole('form', { name: 'Sign in' });
  await signIn.getByLabel('E-mail').fill(address);
  await signIn.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await signIn.getByRole('button', { name: 'Sign in' }).click();
  await expect(signIn.getByRole('alert')).toHaveText('That e-mail and password do not match an account. Check both and try again.');
  await signIn.getByLabel('Password', { exact: true }).fill(NEW_PASSWORD);
  await signIn.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/account$/);
  await expect(page.getByRole('form', { name: 'Display name' }).getByLabel('Display name')).toHaveValue('Ada Lovelace');

  // Delete the account: it asks first, then nothing of it remains.
  await page.getByRole('button', { name: 'Delete account…' }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete your account?' });
  const confirmButton = dialog.getByRole('button', { name: 'Delete my account' });
  await expect(confirmButton).toBeDisabled();
  await dialog.getByLabel(`Type ${address} to confirm`).fill(address);
  await confirmButton.click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('status').filter({ hasText: 'Your account is deleted.' })).toContainText('Past orders stay with the shop');
  await expect(page.getByRole('banner').getByRole('link', { name: 'Sign in' })).toBeVisible();
  // Said once: a reload does not repeat it.
  await page.reload();
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByText('Your account is deleted.')).toHaveCount(0);

  const afterwards = await request.post('/auth/v1/token?grant_type=password', {
    headers: { apikey: PUBLISHABLE_KEY },
    data: { email: address, password: NEW_PASSWORD },
  });
  expect(afterwards.status()).toBe(400);
  expect((await request.get(avatarUrl)).status()).toBeGreaterThanOrEqual(400);
  // The sign-in attempts with the old password (400); no 403 from signing a deleted user out.
  forgiveFailedResponses(problems, [400]);
});
