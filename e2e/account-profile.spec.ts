import { createUser, forgiveFailedResponses, makePng, signInWithUi, uniqueEmail } from './account-helpers.ts';
import { PHONE, expect, test } from './fixtures.ts';

test('display name and avatar: validation, resize to 512 px, replace removes the old file, remove', async ({ page, request }, testInfo) => {
  const address = uniqueEmail(testInfo);
  await createUser(request, address);
  await page.setViewportSize(PHONE);
  await signInWithUi(page, address);
  await expect(page).toHaveURL(/\/account$/);

  const nameForm = page.getByRole('form', { name: 'Display name' });
  const name = nameForm.getByLabel('Display name');
  // A pasted name is kept whole and the message says by how much it is over.
  await name.fill('x'.repeat(85));
  await expect(name).toHaveValue('x'.repeat(85));
  await nameForm.getByRole('button', { name: 'Save name' }).click();
  await expect(name).toBeFocused();
  await expect(name).toHaveAccessibleDescription(/Use at most 60 characters: this name has 85\./);
  await name.fill('Grace Hopper');
  await nameForm.getByRole('button', { name: 'Save name' }).click();
  await expect(nameForm.getByRole('status')).toHaveText('Your name is saved.');
  // An edit takes "saved" away; it does not come back by typing the saved name again.
  await name.fill('Grace B. Hopper');
  await expect(nameForm.getByRole('status')).toHaveCount(0);
  await name.fill('Grace Hopper');
  await expect(nameForm.getByRole('status')).toHaveCount(0);

  // At phone width the header control is in the menu; the profile's own avatar shows the initials.
  const profileAvatar = page.getByRole('region', { name: 'Profile' }).locator('[data-slot="user-avatar"]');
  await expect(profileAvatar).toHaveText('GH');

  const fileInput = page.getByLabel('Avatar image file');
  await fileInput.setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('not an image') });
  await expect(page.getByRole('alert')).toHaveText('“notes.txt” is not a JPEG, PNG or WebP image.');
  await fileInput.setInputFiles({ name: 'huge.png', mimeType: 'image/png', buffer: Buffer.alloc(11 * 1024 * 1024) });
  await expect(page.getByRole('alert')).toHaveText('“huge.png” is 11.0 MB; choose an image under 10 MB.');
  await fileInput.setInputFiles({ name: 'broken.png', mimeType: 'image/png', buffer: Buffer.from('not really a png') });
  await expect(page.getByRole('alert')).toHaveText('“broken.png” could not be read as an image.');

  await fileInput.setInputFiles({ name: 'tall.png', mimeType: 'image/png', buffer: await makePng(page, 600, 1600) });
  await expect(page.getByRole('status').filter({ hasText: 'Your new avatar is saved.' })).toBeVisible();
  const image = profileAvatar.locator('img');
  await expect.poll(() => image.evaluate((img: HTMLImageElement) => [img.naturalWidth, img.naturalHeight])).toEqual([192, 512]);
  const first = (await image.getAttribute('src')) ?? '';
  const userId = /\/avatars\/([0-9a-f-]{36})\//.exec(first)?.[1];
  expect(userId).toBeTruthy();
  expect((await request.get(first)).headers()['content-type']).toMatch(/^image\/(webp|jpeg)/);

  await fileInput.setInputFiles({ name: 'small.png', mimeType: 'image/png', buffer: await makePng(page, 200, 100) });
  await expect(image).not.toHaveAttribute('src', first);
  await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(200);
  await expect.poll(async () => (await request.get(first)).status()).toBeGreaterThanOrEqual(400);
  const second = (await image.getAttribute('src')) ?? '';

  await page.getByRole('button', { name: 'Remove avatar' }).click();
  await expect(profileAvatar).toHaveText('GH');
  await expect.poll(async () => (await request.get(second)).status()).toBeGreaterThanOrEqual(400);

  // The name and the avatar state survive a reload.
  await page.reload();
  await expect(page.getByRole('form', { name: 'Display name' }).getByLabel('Display name')).toHaveValue('Grace Hopper');
  await expect(page.getByRole('button', { name: 'Upload avatar' })).toBeVisible();
});

test('delete account: asks first, and reports a failure without signing out', async ({ page, request, problems }, testInfo) => {
  const address = uniqueEmail(testInfo);
  await createUser(request, address);
  await signInWithUi(page, address);
  await expect(page).toHaveURL(/\/account$/);

  await page.route('**/functions/v1/delete-account', (route) =>
    route.fulfill({ status: 500, contentType: 'application/json', body: JSON.stringify({ code: 'storage_error', message: 'Your avatar could not be removed: disk on fire' }) }),
  );
  await page.getByRole('button', { name: 'Delete account…' }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete your account?' });
  const confirm = dialog.getByRole('button', { name: 'Delete my account' });
  await expect(confirm).toBeDisabled();
  await dialog.getByLabel(`Type ${address} to confirm`).fill('someone-else@example.test');
  await expect(confirm).toBeDisabled();
  await dialog.getByLabel(`Type ${address} to confirm`).fill(address.toUpperCase());
  await confirm.click();
  await expect(dialog.getByRole('alert')).toHaveText('Your avatar could not be removed: disk on fire');
  await expect(page).toHaveURL(/\/account$/);

  await page.unroute('**/functions/v1/delete-account');
  await page.route('**/functions/v1/delete-account', (route) => route.abort('internetdisconnected'));
  await confirm.click();
  await expect(dialog.getByRole('alert')).toHaveText('We could not reach Lumen. Check your connection and try again — nothing you typed is lost.');

  await dialog.getByRole('button', { name: 'Keep my account' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('heading', { level: 1, name: 'Your account' })).toBeVisible();
  forgiveFailedResponses(problems, [500], { offline: true });
});
