import type { Page } from '@playwright/test';
import { createUser, signInWithUi, uniqueEmail } from './account-helpers.ts';
import { DESKTOP, expect, expectNoAxeViolations, test } from './fixtures.ts';

// Staff reach the admin from every page: an "Admin" link in the header at desktop width and in the
// Menu dialog at phone width. It follows the session's role, so on a device shared by staff and a
// customer it goes with the staff member's session and never shows for the customer.

const STAFF = { email: 'staff@lumen.test', password: 'demo-staff-password-1' };
const PHONE_390 = { width: 390, height: 844 };

/** Where the Admin link is: the header's Main navigation, or the Menu dialog (opened here). */
async function navigation(page: Page, phone: boolean) {
  if (!phone) return page.getByRole('navigation', { name: 'Main' });
  await page.getByRole('button', { name: 'Menu' }).click();
  return page.getByRole('dialog', { name: 'Menu' }).getByRole('navigation', { name: 'Mobile' });
}

/** The Account link of the header (desktop) or the menu (phone): once it is there, so is the session's role. */
function accountLink(page: Page, phone: boolean) {
  return (phone ? page.getByRole('dialog', { name: 'Menu' }) : page.getByRole('banner')).getByRole('link', { name: 'Account' });
}

for (const viewport of [DESKTOP, PHONE_390]) {
  const phone = viewport === PHONE_390;
  test(`at ${viewport.width}px the Admin link shows for staff only, and leaves with their session on a shared device`, async ({ page, request }, testInfo) => {
    const customer = uniqueEmail(testInfo, 'customer');
    await createUser(request, customer);
    await page.setViewportSize(viewport);

    await signInWithUi(page, STAFF.email, STAFF.password);
    await expect(page).toHaveURL(/\/account$/);
    let nav = await navigation(page, phone);
    await expect(accountLink(page, phone)).toBeVisible();
    const admin = nav.getByRole('link', { name: 'Admin', exact: true });
    await expect(admin).toBeVisible();
    await expect(admin).toHaveAttribute('href', '/admin');
    await expect(admin.locator('svg.lucide-layout-dashboard')).toBeVisible();
    await expect(admin).not.toHaveAttribute('aria-current', 'page');
    if (phone) {
      // Next to the shop's own links, before Saved and Account.
      await expect(nav.getByRole('link')).toHaveText([/Home/, /Catalog/, /Admin/, /Saved/, /Account/]);
    } else {
      await expect(nav.getByRole('link')).toHaveText(['Home', 'Catalog', 'Admin']);
      // The rest of the header is as it always is.
      const banner = page.getByRole('banner');
      await expect(banner.getByRole('button', { name: 'Search' })).toBeVisible();
      await expect(banner.getByRole('button', { name: /^Cart/ })).toBeVisible();
      await expect(banner.getByRole('button', { name: /^Theme/ })).toBeVisible();
    }
    await expectNoAxeViolations(page);

    // By keyboard, with a visible focus ring.
    await nav.getByRole('link', { name: 'Catalog', exact: true }).focus();
    await page.keyboard.press('Tab');
    await expect(admin).toBeFocused();
    expect(await admin.evaluate((element) => getComputedStyle(element).outlineStyle)).toBe('solid');
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/admin$/);
    await expect(page.getByRole('navigation', { name: 'Store admin' })).toBeVisible();
    if (phone) await expect(page.getByRole('dialog')).toBeHidden();

    // Active on every admin page, not only its index.
    await page.getByRole('navigation', { name: 'Store admin' }).getByRole('link', { name: 'Items' }).click();
    await expect(page).toHaveURL(/\/admin\/items$/);
    nav = await navigation(page, phone);
    await expect(nav.getByRole('link', { name: 'Admin', exact: true })).toHaveAttribute('aria-current', 'page');
    await expect(nav.getByRole('link', { name: 'Catalog', exact: true })).not.toHaveAttribute('aria-current', 'page');
    await expectNoAxeViolations(page);

    // Signed out on this device: the link goes with the session.
    if (phone) {
      await page.getByRole('dialog', { name: 'Menu' }).getByRole('button', { name: 'Sign out' }).click();
      await expect(page.getByRole('dialog')).toBeHidden();
    } else {
      await page.goto('/account');
      await page.getByRole('button', { name: 'Sign out', exact: true }).click();
      await expect(page.getByRole('banner').getByRole('link', { name: 'Sign in' })).toBeVisible();
    }
    await expect(page.getByRole('link', { name: 'Admin', exact: true })).toHaveCount(0);

    // A customer signs in on the same device: no Admin link anywhere, and /admin does not exist for them.
    await signInWithUi(page, customer);
    await expect(page).toHaveURL(/\/account$/);
    nav = await navigation(page, phone);
    await expect(accountLink(page, phone)).toBeVisible();
    await expect(nav.getByRole('link', { name: 'Admin', exact: true })).toHaveCount(0);
    await expect(page.getByRole('link', { name: 'Admin', exact: true })).toHaveCount(0);
    if (phone) await page.keyboard.press('Escape');
    await page.goto('/admin');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Page not found');
    await expect(page.getByRole('link', { name: 'Admin', exact: true })).toHaveCount(0);
  });
}
