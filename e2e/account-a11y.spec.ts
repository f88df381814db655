import { createUser, signInWithUi, uniqueEmail } from './account-helpers.ts';
import { DESKTOP, PHONE, expect, expectNoAxeViolations, test } from './fixtures.ts';

const PUBLIC_PAGES = [
  { path: '/sign-in', heading: 'Sign in' },
  { path: '/sign-up', heading: 'Create your account' },
  { path: '/forgot-password', heading: 'Forgot your password?' },
  { path: '/reset-password', heading: 'Set a new password' },
];

for (const theme of ['light', 'dark'] as const) {
  for (const viewport of [PHONE, DESKTOP]) {
    test(`account entry pages have no axe violations (${theme}, ${viewport.width}px)`, async ({ page }) => {
      await page.addInitScript((value) => localStorage.setItem('theme', value), theme);
      await page.setViewportSize(viewport);
      for (const { path, heading } of PUBLIC_PAGES) {
        await page.goto(path);
        await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
        // Show the error states too: submit the empty form where there is one.
        const submit = page.locator('main form button[type="submit"]');
        if ((await submit.count()) > 0) {
          await submit.click();
          await expect(page.locator('main [aria-invalid="true"]').first()).toBeVisible();
        }
        await expectNoAxeViolations(page);
      }
    });
  }

  test(`the account page and the delete dialog have no axe violations (${theme}, 360px and 1440px)`, async ({ page, request }, testInfo) => {
    const address = uniqueEmail(testInfo);
    await createUser(request, address);
    await page.addInitScript((value) => localStorage.setItem('theme', value), theme);
    await page.setViewportSize(DESKTOP);
    await signInWithUi(page, address);
    await expect(page.getByRole('heading', { level: 1, name: 'Your account' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Upload avatar' })).toBeVisible();
    // One sign-in (sign-ins share a per-IP quota across the suite), both widths.
    for (const viewport of [DESKTOP, PHONE]) {
      await page.setViewportSize(viewport);
      await expectNoAxeViolations(page);
      await page.getByRole('button', { name: 'Delete account…' }).click();
      await expect(page.getByRole('dialog', { name: 'Delete your account?' })).toBeVisible();
      await expectNoAxeViolations(page);
      await page.getByRole('button', { name: 'Keep my account' }).click();
      await expect(page.getByRole('dialog')).toBeHidden();
    }
  });
}
