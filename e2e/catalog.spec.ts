import { DEV_SERVICE_ROLE_KEY as SERVICE_ROLE_KEY } from '../server/index.ts';
import { formatPrice } from '../src/utils/format.ts';
import { generateItems } from '../supabase/seed/catalog-generator.ts';
import { DEMO_PRODUCTS, shownOnFirstPages } from './demo-catalog.ts';
import { DESKTOP, PHONE, appIsLive, expect, expectNoAxeViolations, holdRequests, test } from './fixtures.ts';

// The demo catalog is deterministic: the e2e server seeds the same 240 items every run.
const ITEMS = generateItems(240);
const lamp = ITEMS.find((item) => item.category_slug === 'lighting' && item.stock > 5 && /lamp/i.test(item.title));
if (!lamp) throw new Error('the demo catalog has no lamp in stock');

test('browse → category → filter → sort → item → Back keeps the state', async ({ page }) => {
  await page.setViewportSize(DESKTOP);
  await page.goto('/catalog');
  await expect(page.getByRole('heading', { level: 1, name: 'Catalog' })).toBeVisible();
  await expect(page.getByRole('list', { name: 'Items' }).getByRole('listitem')).toHaveCount(24);

  await page.getByRole('navigation', { name: 'Categories' }).getByRole('link', { name: 'Lighting' }).click();
  await expect(page).toHaveURL(/\/catalog\/lighting$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Lighting' })).toBeVisible();
  await expect(page).toHaveTitle(/^Lighting · Lumen/);

  await page.getByLabel('In stock only').check();
  await expect(page).toHaveURL(/stock=1/);
  await page.getByLabel('Sort by').selectOption('price_asc');
  await expect(page).toHaveURL(/sort=price_asc/);
  await page.getByLabel('Max price (€)').fill('200');
  await page.getByRole('button', { name: 'Apply' }).click();
  await expect(page).toHaveURL(/max=200/);

  const grid = page.getByRole('list', { name: 'Items' });
  await expect(grid.getByRole('listitem').first()).toBeVisible();
  const shownPrices = async () =>
    (await grid.locator('article p span:first-child').allTextContents()).map((text) => Number(text.replace(/[^0-9.]/g, '')));
  // The URL changes first; the grid follows once the filtered page has arrived.
  await expect.poll(async () => Math.max(...(await shownPrices()))).toBeLessThanOrEqual(200);
  const values = await shownPrices();
  expect(values.length).toBeGreaterThan(1);
  expect(values).toEqual([...values].sort((a, b) => a - b));
  expect(Math.max(...values)).toBeLessThanOrEqual(200);
  // One card per product that has a variant fitting every filter.
  const expected = new Set(
    ITEMS.filter((item) => item.category_slug === 'lighting' && item.stock > 0 && item.price_cents <= 20000).map((item) => item.product.slug),
  );
  await expect(page.getByRole('status').filter({ hasText: /items?$/ })).toHaveText(`${expected.size} items`);

  const firstTitle = (await grid.getByRole('link').first().textContent()) ?? '';
  await page.evaluate(() => window.scrollTo(0, 400));
  await grid.getByRole('link').first().click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(firstTitle);

  await page.goBack();
  await expect(page).toHaveURL(/\/catalog\/lighting\?.*stock=1/);
  await expect(page.getByLabel('In stock only')).toBeChecked();
  await expect(page.getByLabel('Sort by')).toHaveValue('price_asc');
  await expect(page.getByLabel('Max price (€)')).toHaveValue('200');
  await expect(grid.getByRole('link').first()).toHaveText(firstTitle);
});

test('paging is in the URL and Back returns to the previous page and scroll position', async ({ page }) => {
  await page.goto('/catalog');
  // In the app (a document load, Next page followed before it is live, is the next test).
  await appIsLive(page);
  const grid = page.getByRole('list', { name: 'Items' });
  const firstOnPageOne = await grid.getByRole('link').first().textContent();
  await page.getByRole('link', { name: 'Next page' }).scrollIntoViewIfNeeded();
  const scrolled = await page.evaluate(() => window.scrollY);
  expect(scrolled).toBeGreaterThan(200);
  await page.getByRole('link', { name: 'Next page' }).click();
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
  await expect(page).toHaveURL(/page=2/);
  await expect(grid.getByRole('link').first()).not.toHaveText(firstOnPageOne ?? '');
  await expect(page.getByRole('link', { name: 'Page 2' })).toHaveAttribute('aria-current', 'page');
  await page.goBack();
  await expect(grid.getByRole('link').first()).toHaveText(firstOnPageOne ?? '');
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(scrolled - 50);
});

test('Back returns to the scroll position also when Next page was followed before the app was live (a document load)', async ({ page }) => {
  // The first page's scripts are held: Next page is then a plain link, and each page is a document.
  const release = await holdRequests(page, '**/assets/index-*.js');
  // Not until "load": the held script, once the page asks for it, keeps the load event back.
  await page.goto('/catalog', { waitUntil: 'domcontentloaded' });
  await page.getByRole('link', { name: 'Next page' }).scrollIntoViewIfNeeded();
  const scrolled = await page.evaluate(() => window.scrollY);
  expect(scrolled).toBeGreaterThan(200);
  await page.getByRole('link', { name: 'Next page' }).click();
  await expect(page).toHaveURL(/page=2/);
  release();
  await appIsLive(page);
  // Page 2 at the top: its position must not be taken for page 1's (both entries are documents).
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.goBack();
  await expect(page).toHaveURL(/\/catalog$/);
  await appIsLive(page);
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(scrolled - 50);
});

test('a price with a decimal comma applies; one that is not a price is said so and kept', async ({ page }) => {
  await page.goto('/catalog/lighting');
  await appIsLive(page);
  const max = page.getByLabel('Max price (€)');
  await max.fill('ten');
  await page.getByRole('button', { name: 'Apply' }).click();
  await expect(page.getByRole('alert')).toHaveText('Max price must be a number, such as 150.');
  await expect(max).toHaveAttribute('aria-invalid', 'true');
  await expect(max).toHaveValue('ten');
  await expect(page).not.toHaveURL(/max=/);
  await max.fill('150,50');
  await page.getByRole('button', { name: 'Apply' }).click();
  await expect(page).toHaveURL(/max=150\.5(&|$)/);
  await expect(page.getByRole('alert')).toHaveCount(0);
  await expect(max).toHaveValue('150.5');
  const prices = page.getByRole('list', { name: 'Items' }).locator('article p span:first-child');
  await expect.poll(async () => Math.max(...(await prices.allTextContents()).map((text) => Number(text.replace(/[^0-9.]/g, ''))))).toBeLessThanOrEqual(150.5);
});

test('a page past the end says which pages exist instead of "no items match"', async ({ page }) => {
  // The catalog lists products, one card each whatever its number of colours.
  const products = DEMO_PRODUCTS.length;
  const pages = Math.ceil(products / 24);
  await page.goto('/catalog?page=99');
  const status = page.getByRole('status').filter({ hasText: /items$/ });
  await expect(status).toHaveText(`${products} items`);
  await expect(page.getByText(`There is no page 99: these ${products} items fill ${pages} pages.`)).toBeVisible();
  await expect(page.getByText('No items match these filters.')).toHaveCount(0);
  await page.getByRole('button', { name: `Go to page ${pages}` }).click();
  await expect(page).toHaveURL(new RegExp(`page=${pages}$`));
  await expect(page.getByRole('list', { name: 'Items' }).getByRole('listitem').first()).toBeVisible();
});

test('search by keyboard: type, arrow down, Enter opens the item', async ({ page }) => {
  await page.goto('/');
  await page.keyboard.press('/');
  const dialog = page.getByRole('dialog', { name: 'Search the catalog' });
  const box = dialog.getByRole('combobox', { name: 'Search' });
  await expect(box).toBeFocused();
  await page.keyboard.type(lamp.title);
  const options = dialog.getByRole('option');
  await expect(options.first()).toBeVisible();
  const lampOption = options.filter({ hasText: lamp.title }).first();
  await expect(lampOption).toBeVisible();
  // A suggestion shows the item's picture, price and stock, not only its name.
  await expect(lampOption).toContainText(formatPrice(lamp.price_cents, 'EUR'));
  await expect(lampOption).toContainText(/In stock|Only \d+ left|Out of stock/);
  await expect(lampOption.locator('img')).toHaveAttribute('src', /\/storage\/v1\/object\/public\/item-images\//);
  const index = (await options.allTextContents()).findIndex((text) => text.startsWith(lamp.title));
  for (let i = 0; i <= index; i++) await page.keyboard.press('ArrowDown');
  await expect(options.nth(index)).toHaveAttribute('aria-selected', 'true');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(new RegExp(`/items/${lamp.slug}$`));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(lamp.title);
});

test('a typo still finds the item, and Enter without a choice opens all results', async ({ page }) => {
  await page.goto('/');
  await page.keyboard.press('Control+k');
  const dialog = page.getByRole('dialog', { name: 'Search the catalog' });
  await dialog.getByRole('combobox').fill('lmap');
  await expect(dialog.getByRole('option').first()).toContainText(/lamp/i);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/search\?q=lmap$/);
  await expect(page.getByRole('list', { name: 'Items' }).getByRole('link').first()).toContainText(/lamp/i);
});

test('the item page shows price, stock, a gallery by keyboard and related items', async ({ page }) => {
  await page.goto(`/items/${lamp.slug}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(lamp.title);
  await expect(page).toHaveTitle(`${lamp.title} · Lumen`);
  await expect(page.getByText(`€${(lamp.price_cents / 100).toFixed(2)}`).first()).toBeVisible();
  await expect(page.getByTestId('stock')).toHaveText(lamp.stock <= 5 ? `Only ${lamp.stock} left` : 'In stock');
  const thumbs = page.getByRole('group', { name: 'Choose a picture' }).getByRole('button');
  await expect(thumbs).toHaveCount(lamp.image_paths.length);
  await appIsLive(page);
  await thumbs.first().focus();
  await page.keyboard.press('ArrowRight');
  await expect(thumbs.nth(1)).toBeFocused();
  await expect(thumbs.nth(1)).toHaveAttribute('aria-pressed', 'true');
  const main = page.getByRole('region', { name: 'Pictures' }).getByRole('img').first();
  await expect(main).toHaveAttribute('alt', `${lamp.title}, picture 2 of ${lamp.image_paths.length}`);
  // The newly chosen picture may still be loading: wait until it has really decoded.
  await expect.poll(() => main.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
  const quantity = page.getByLabel('Quantity');
  await page.getByRole('button', { name: 'One more' }).click();
  await expect(quantity).toHaveValue('2');
  await quantity.fill('500');
  await expect(quantity).toHaveValue(String(Math.min(99, lamp.stock)));
  await expect(page.getByRole('list', { name: 'Related items' }).getByRole('listitem').first()).toBeVisible();
});

test('the item page shows stock changes live, without a reload', async ({ page, request }) => {
  // Not one the public pages show first: they are loaded by the layout-shift check meanwhile.
  const item = ITEMS.find((candidate) => candidate.stock > 6 && candidate.slug !== lamp.slug && !shownOnFirstPages(candidate));
  if (!item) throw new Error('no item with stock');
  await page.goto(`/items/${item.slug}`);
  await expect(page.getByTestId('stock')).toHaveText('In stock');
  await page.evaluate(() => ((window as unknown as { marker: boolean }).marker = true));
  const serviceKey = SERVICE_ROLE_KEY;
  const response = await request.patch(`/rest/v1/items?slug=eq.${item.slug}`, {
    headers: { apikey: serviceKey, Authorization: `Bearer ${serviceKey}`, 'Content-Type': 'application/json' },
    data: { stock: 2 },
  });
  expect(response.status()).toBe(204);
  await expect(page.getByTestId('stock')).toHaveText('Only 2 left', { timeout: 10_000 });
  expect(await page.evaluate(() => (window as unknown as { marker?: boolean }).marker)).toBe(true);
});

test('an unknown item slug and an unknown category show not-found', async ({ page }) => {
  await page.goto('/items/no-such-thing-here');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Page not found');
  await page.goto('/catalog/no-such-category');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Page not found');
});

test('grid pictures never shift the layout', async ({ page }) => {
  await page.goto('/catalog');
  const images = page.getByRole('list', { name: 'Items' }).locator('img');
  await expect(images.first()).toBeVisible();
  for (const img of (await images.all()).slice(0, 6)) {
    await expect(img).toHaveAttribute('width', /\d+/);
    await expect(img).toHaveAttribute('height', /\d+/);
    await expect(img).toHaveAttribute('srcset', /320w.*640w/);
  }
  await expect(images.first()).toHaveAttribute('loading', 'eager');
  await expect(images.nth(8)).toHaveAttribute('loading', 'lazy');
  const cls = await page.evaluate(
    () =>
      new Promise<number>((resolve) => {
        let total = 0;
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[]) {
            if (!entry.hadRecentInput) total += entry.value;
          }
        }).observe({ type: 'layout-shift', buffered: true });
        setTimeout(() => resolve(total), 500);
      }),
  );
  expect(cls).toBeLessThan(0.01);
});

for (const theme of ['light', 'dark'] as const) {
  for (const viewport of [PHONE, DESKTOP]) {
    for (const path of ['/', '/catalog', '/catalog/seating?sort=price_desc', `/items/${lamp.slug}`, '/search?q=oak']) {
      test(`axe: ${path} in ${theme} at ${viewport.width}px`, async ({ page }) => {
        await page.setViewportSize(viewport);
        await page.emulateMedia({ colorScheme: theme, reducedMotion: 'reduce' });
        await page.goto(path);
        await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
        await expect(page.getByRole('status', { name: /Loading/ })).toHaveCount(0);
        await expectNoAxeViolations(page);
      });
    }
  }
}
