import type { Page } from '@playwright/test';
import { DESKTOP, appIsLive, expect, expectNoAxeViolations, test } from './fixtures.ts';

// The store pages as the migration writes them (supabase/migrations/…_store_pages.sql): the
// specs read, they never edit, so every run sees the same text and the same shop details.

const PHONE_390 = { width: 390, height: 844 };

const PAGES = [
  { link: 'Contact', path: '/contact', heading: 'Contact us', sections: ['Write to us', 'Call us', 'Visit or send post'] },
  {
    link: 'Delivery & returns',
    path: '/delivery-and-returns',
    heading: 'Delivery and returns',
    sections: ['Where we deliver', 'Ordering', 'Delivery times', 'Cancelling', 'Returns'],
  },
  { link: 'Privacy', path: '/privacy', heading: 'Privacy', sections: ['What we keep', 'Why', 'Cookies and storage', 'How long', 'Your rights'] },
  { link: 'Terms & imprint', path: '/terms', heading: 'Terms and imprint', sections: ['Who runs this shop', 'Orders', 'Cancellation and returns', 'Liability'] },
] as const;

const footerLink = (page: Page, name: string) => page.getByRole('contentinfo').getByRole('navigation', { name: 'Footer' }).getByRole('link', { name, exact: true });

/** The page's own headings: its h1, then each section's h2 (the contact details and the imprint are checked apart). */
async function expectStorePage(page: Page, { path, heading, sections }: (typeof PAGES)[number]) {
  await expect(page).toHaveURL(new RegExp(`${path}$`));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(heading);
  await expect(page).toHaveTitle(`${heading} · Lumen`);
  const h2s = page.getByRole('main').getByRole('heading', { level: 2 });
  await expect(h2s.filter({ hasNotText: /^(Contact details|Imprint)$/ })).toHaveText([...sections]);
  const updated = page.getByRole('main').locator('time');
  await expect(updated).toHaveAttribute('datetime', /^\d{4}-\d{2}-\d{2}/);
  await expect(page.getByText(/^Last updated \d{1,2} [A-Z][a-z]+ \d{4}$/)).toBeVisible();
}

for (const viewport of [PHONE_390, DESKTOP]) {
  test(`at ${viewport.width}px the footer reaches every store page, and each page has its headings`, async ({ page }) => {
    await page.setViewportSize(viewport);
    await page.goto('/');
    await appIsLive(page);
    for (const storePage of PAGES) {
      const link = footerLink(page, storePage.link);
      await link.scrollIntoViewIfNeeded();
      await expect(link).toBeVisible();
      await link.click();
      await expectStorePage(page, storePage);
    }
    // The footer's older links are still there.
    await expect(footerLink(page, 'Browse the catalog')).toHaveAttribute('href', '/catalog');
    await expect(footerLink(page, 'Your account')).toHaveAttribute('href', '/account');
  });
}

test('the contact page offers the e-mail and phone as links, and the postal address', async ({ page }) => {
  await page.setViewportSize(PHONE_390);
  await page.goto('/contact');
  const details = page.getByRole('region', { name: 'Contact details' });
  await expect(details.getByRole('link', { name: 'hello@lumen.example' })).toHaveAttribute('href', 'mailto:hello@lumen.example');
  await expect(details.getByRole('link', { name: '+353 1 555 0142' })).toHaveAttribute('href', 'tel:+35315550142');
  await expect(details.locator('address')).toHaveText(/Lumen\s*12 Harbour Street\s*D02 X285 Dublin\s*Ireland/);
});

test('the terms page ends with the imprint: who runs the shop, where, its company and VAT numbers', async ({ page }) => {
  await page.setViewportSize(DESKTOP);
  await page.goto('/terms');
  const imprint = page.getByRole('region', { name: 'Imprint' });
  await expect(imprint.locator('dt')).toHaveText(['Company', 'Registered address', 'Company number', 'VAT number', 'E-mail', 'Phone']);
  await expect(imprint.locator('dd')).toHaveText([
    'Lumen Home Goods Ltd.',
    /12 Harbour Street\s*D02 X285 Dublin\s*Ireland/,
    '712345',
    'IE3712345LH',
    'hello@lumen.example',
    '+353 1 555 0142',
  ]);
  await expect(imprint.getByRole('link', { name: 'hello@lumen.example' })).toHaveAttribute('href', 'mailto:hello@lumen.example');
});

test('delivery and returns leads to the contact page', async ({ page }) => {
  await page.goto('/delivery-and-returns');
  await appIsLive(page);
  await page.getByRole('main').getByRole('link', { name: 'Contact us' }).click();
  await expectStorePage(page, PAGES[0]);
});

test('each store page is prerendered: with every script refused, its text, details and footer are there', async ({ page, problems }) => {
  await page.route('**/assets/*.js', (route) => route.abort());
  for (const storePage of PAGES) {
    const response = await page.goto(storePage.path);
    expect(response?.status(), storePage.path).toBe(200);
    await expectStorePage(page, storePage);
    await expect(footerLink(page, storePage.link)).toBeVisible();
  }
  await page.goto('/contact');
  await expect(page.getByRole('link', { name: '+353 1 555 0142' })).toHaveAttribute('href', 'tel:+35315550142');
  await page.goto('/terms');
  await expect(page.getByRole('region', { name: 'Imprint' }).getByText('IE3712345LH')).toBeVisible();
  // The refused scripts are reported as failed loads; that is this test's point.
  problems.consoleErrors.length = 0;
});

for (const theme of ['light', 'dark'] as const) {
  for (const viewport of [PHONE_390, DESKTOP]) {
    test(`axe: every store page, ${theme} at ${viewport.width}px, nothing scrolls sideways`, async ({ page }) => {
      await page.setViewportSize(viewport);
      await page.emulateMedia({ colorScheme: theme, reducedMotion: 'reduce' });
      for (const storePage of PAGES) {
        await page.goto(storePage.path);
        await appIsLive(page);
        await expect(page.getByRole('heading', { level: 1 })).toHaveText(storePage.heading);
        await expectNoAxeViolations(page);
        const widths = await page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, client: document.documentElement.clientWidth }));
        expect(widths.scroll, `${storePage.path} page width`).toBeLessThanOrEqual(widths.client);
      }
    });
  }
}
