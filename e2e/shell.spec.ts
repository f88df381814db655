import { generateItems } from '../supabase/seed/catalog-generator.ts';
import { DESKTOP, PHONE, appIsLive, expect, expectNoAxeViolations, test } from './fixtures.ts';

const [firstItem] = generateItems(1);
if (!firstItem) throw new Error('the demo catalog is empty');

const ROUTES = [
  { path: '/', heading: /calmer home/ },
  { path: '/catalog', heading: 'Catalog' },
  { path: '/catalog/lighting', heading: 'Lighting' },
  { path: `/items/${firstItem.slug}`, heading: firstItem.title },
  { path: '/search?q=lamp', heading: /Results for/ },
  { path: '/cart', heading: 'Your cart' },
  { path: '/sign-in', heading: 'Sign in' },
  { path: '/no/such/page', heading: 'Page not found', status: 404 },
];

test('the desktop header has every control with a name', async ({ page }) => {
  await page.setViewportSize(DESKTOP);
  await page.goto('/');
  const banner = page.getByRole('banner');
  await expect(banner.getByRole('link', { name: 'Home', exact: true })).toBeVisible();
  await expect(banner.getByRole('link', { name: 'Catalog', exact: true })).toBeVisible();
  await expect(banner.getByRole('button', { name: 'Search' })).toBeVisible();
  await expect(banner.getByRole('button', { name: /^Cart/ })).toHaveAccessibleName('Cart, 0 items');
  await expect(banner.getByRole('link', { name: 'Sign in' })).toBeVisible();
  await expect(banner.getByRole('button', { name: /^Theme/ })).toBeVisible();
  await expect(banner.getByRole('button', { name: 'Menu' })).toBeHidden();
  for (const name of ['house', 'layout-grid', 'search', 'shopping-cart', 'user']) {
    await expect(banner.locator(`svg.lucide-${name}`)).toBeVisible();
  }
});

test('deep links load, every page has one h1 and a unique title', async ({ page }) => {
  const titles = new Set<string>();
  for (const route of ROUTES) {
    const response = await page.goto(route.path);
    // An unknown address is the not-found page, and says so to crawlers with its status.
    expect(response?.status()).toBe('status' in route ? route.status : 200);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(route.heading);
    await expect(page.locator('h1')).toHaveCount(1);
    const title = await page.title();
    expect(titles.has(title), `duplicate title ${title}`).toBe(false);
    titles.add(title);
  }
});

test('navigation works without reloading the page', async ({ page }) => {
  await page.setViewportSize(DESKTOP);
  await page.goto('/');
  // Before the app is live a prerendered link navigates as plain HTML does; client-side navigation
  // is what the app promises once it runs.
  await appIsLive(page);
  await page.evaluate(() => ((window as unknown as { marker: boolean }).marker = true));
  await page.getByRole('banner').getByRole('link', { name: 'Catalog', exact: true }).click();
  await expect(page).toHaveURL(/\/catalog$/);
  await expect(page).toHaveTitle(/^Catalog/);
  await page.getByRole('button', { name: /^Cart/ }).click();
  await page.getByRole('dialog', { name: 'Your cart' }).getByRole('link', { name: 'Browse the catalog' }).click();
  await expect(page).toHaveURL(/\/catalog$/);
  await page.getByRole('banner').getByRole('link', { name: 'Home', exact: true }).click();
  await expect(page).toHaveURL(/\/$/);
  expect(await page.evaluate(() => (window as unknown as { marker?: boolean }).marker)).toBe(true);
});

test('a page whose code cannot be loaded (a deploy replaced it) shows an error with Reload, and Back still works', async ({ page, problems }) => {
  // The item page's own chunk (item-<hash>.js), not item-schemas-<hash>.js.
  await page.route(/\/assets\/item-[\w-]{8}\.js$/, (route) => route.fulfill({ status: 404, body: '' }));
  await page.setViewportSize(PHONE);
  await page.goto('/catalog');
  await appIsLive(page);
  await page.getByRole('list', { name: 'Items' }).getByRole('link').first().click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('This page could not be shown');
  await expect(page.getByRole('button', { name: 'Reload' })).toBeVisible();
  await page.goBack();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Catalog');
  await expect(page.getByRole('list', { name: 'Items' }).getByRole('link').first()).toBeVisible();
  // The refused chunk and the failed route are reported on the console, as they should be.
  expect(problems.consoleErrors.length).toBeGreaterThan(0);
  problems.consoleErrors.splice(0);
});

test('the skip link moves focus to the main content', async ({ page }) => {
  await page.goto('/');
  await page.keyboard.press('Tab');
  const skip = page.getByRole('link', { name: 'Skip to content' });
  await expect(skip).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.locator('main#main')).toBeFocused();
});

test('the search control opens by click, "/" and Ctrl+K and goes to results', async ({ page }) => {
  await page.setViewportSize(DESKTOP);
  await page.goto('/');
  await page.keyboard.press('/');
  await expect(page.getByRole('dialog', { name: 'Search the catalog' })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('button', { name: 'Search' })).toBeFocused({ timeout: 2000 }).catch(() => undefined);
  await page.keyboard.press('Control+k');
  const dialog = page.getByRole('dialog', { name: 'Search the catalog' });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('combobox', { name: 'Search' }).fill('oak chair');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/search\?q=oak\+chair$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Results for “oak chair”');
});

test('hashed assets are cached for a year, the page is revalidated', async ({ request }) => {
  const html = await request.get('/');
  expect(html.headers()['cache-control']).toBe('no-cache');
  const script = (await html.text()).match(/src="(\/assets\/[^"]+\.js)"/)?.[1];
  expect(script).toBeTruthy();
  const asset = await request.get(script ?? '');
  expect(asset.headers()['cache-control']).toBe('public, max-age=31536000, immutable');
  const missing = await request.get('/assets/missing-file.js');
  expect(missing.status()).toBe(404);
  for (const name of ['x-content-type-options', 'referrer-policy', 'permissions-policy', 'content-security-policy']) {
    expect(html.headers()[name], name).toBeTruthy();
  }
});

for (const theme of ['light', 'dark'] as const) {
  for (const viewport of [PHONE, DESKTOP]) {
    test.describe(`axe in ${theme} at ${viewport.width}px`, () => {
      for (const route of ROUTES) {
        test(`${route.path} has no axe violations`, async ({ page }) => {
          await page.setViewportSize(viewport);
          await page.emulateMedia({ colorScheme: theme, reducedMotion: 'reduce' });
          await page.goto(route.path);
          await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
          await expectNoAxeViolations(page);
        });
      }
    });
  }
}
