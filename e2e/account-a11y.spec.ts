import { createUser, signInWithUi, uniqueEmail } from './account-helpers.ts';
import { DESKTOP, PHONE, expect, expectNoSeriousAxeViolations, test } from './fixtures.ts';

const PUBLIC_PAGES = [
  { path: '/sign-in', heading: 'Sign in' },
  { path: '/sign-up', heading: 'Create your account' },
  { path: '/forgot-password', heading: 'Forgot your password?' },
  { path: '/reset-password', heading: 'Set a new password' },
];

for (const theme of ['light', 'dark'] as const) {
  test(`account entry pages have no serious axe violations (${theme}, phone)`, async ({ page }) => {
    await page.addInitScript((value) => localStorage.setItem('theme', value), theme);
    await page.setViewportSize(PHONE);
    for (const { path, heading } of PUBLIC_PAGES) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
      // Show the error states too: submit the empty form where there is one.
      const submit = page.locator('main form button[type="submit"]');
      if ((await submit.count()) > 0) {
        await submit.click();
        await expect(page.locator('main [aria-invalid="true"]').first()).toBeVisible();
      }
      await expectNoSeriousAxeViolations(page);
    }
  });

  test(`the account page has no serious axe violations (${theme}, desktop)`, async ({ page, request }, testInfo) => {
    const address = uniqueEmail(testInfo);
    await createUser(request, address);
    await page.addInitScript((value) => localStorage.setItem('theme', value), theme);
    await page.setViewportSize(DESKTOP);
    await signInWithUi(page, address);
    await expect(page.getByRole('heading', { level: 1, name: 'Your account' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Upload avatar' })).toBeVisible();
    await expectNoSeriousAxeViolations(page);
    await page.getByRole('button', { name: 'Delete account…' }).click();
    await expect(page.getByRole('dialog', { name: 'Delete your account?' })).toBeVisible();
    await expectNoSeriousAxeViolations(page);
    await page.getByRole('button', { name: 'Keep my account' }).click();
    await expect(page.getByRole('dialog')).toBeHidden();
  });
}
