import { generateItems, type SeedItem } from '../supabase/seed/catalog-generator.ts';
import { DESKTOP, PHONE, expect, test } from './fixtures.ts';

const ITEMS = generateItems(240);
const blackLights = ITEMS.filter((item) => item.category_slug === 'lighting' && item.look.colour === 'matte black');
const featured = ITEMS.filter((item) => item.featured);
/** Listings show products: one card per product among these variants. */
const productCount = (items: readonly SeedItem[]) => new Set(items.map((item) => item.product.slug)).size;

for (const viewport of [DESKTOP, PHONE]) {
  test(`at ${viewport.width}px, words that match nothing get an honest empty state with ways on`, async ({ page }) => {
    await page.setViewportSize(viewport);
    for (const query of ['asdfgh', '🙂🙂', '!!!']) {
      await page.goto(`/search?${new URLSearchParams({ q: query })}`);
      await expect(page.getByRole('heading', { level: 2, name: `No results for “${query}”` })).toBeVisible();
      await expect(page.getByRole('status').first()).toHaveText('0 items');
      await expect(page.getByRole('list', { name: 'Items' })).toHaveCount(0);
      // Ways on: the categories and what is popular.
      await expect(page.getByRole('heading', { name: 'Shop by category' })).toBeVisible();
      await expect(page.getByRole('link', { name: /^Lighting/ })).toBeVisible();
      await expect(page.getByRole('list', { name: 'Popular right now' }).getByRole('listitem')).toHaveCount(4);
    }
  });

  test(`at ${viewport.width}px, a very long query is cut and its heading wraps instead of overflowing`, async ({ page }) => {
    await page.setViewportSize(viewport);
    const long = 'x'.repeat(150);
    await page.goto(`/search?q=${long}`);
    const heading = page.getByRole('heading', { level: 1 });
    await expect(heading).toHaveText(`Results for “${'x'.repeat(100)}”`);
    await expect(page.getByRole('heading', { level: 2, name: /No results for/ })).toBeVisible();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await expect(page.getByRole('searchbox', { name: 'Search the catalog' })).toHaveAttribute('maxlength', '100');
  });
}

test('"black lamp" finds the matte black lights, and only them', async ({ page }) => {
  expect(blackLights.length).toBeGreaterThan(0);
  await page.goto('/search?q=black+lamp');
  const links = page.getByRole('list', { name: 'Items' }).getByRole('heading');
  await expect(links).toHaveCount(productCount(blackLights));
  const titles = new Set(blackLights.map((item) => item.title));
  expect((await links.allTextContents()).filter((title) => !titles.has(title))).toEqual([]);
});

test('accents are optional: "boucle" finds the bouclé products', async ({ page }) => {
  const boucle = ITEMS.filter((item) => item.look.material === 'bouclé');
  await page.goto('/search?q=boucle');
  const links = page.getByRole('list', { name: 'Items' }).getByRole('heading');
  await expect(links).toHaveCount(productCount(boucle));
  const titles = new Set(boucle.map((item) => item.title));
  expect((await links.allTextContents()).filter((title) => !titles.has(title))).toEqual([]);
});

for (const viewport of [DESKTOP, PHONE]) {
  test(`at ${viewport.width}px, a typo offers its correction, and compound words are read both ways`, async ({ page }) => {
    await page.setViewportSize(viewport);
    const sofas = ITEMS.filter((item) => item.kind === 'sofa');
    await page.goto('/search?q=sofs');
    const grid = page.getByRole('list', { name: 'Items' });
    // The corrected kind comes first: every sofa product before anything described as "soft".
    await expect(grid.getByRole('heading').first()).toContainText(/sofa/i);
    const headings = await grid.getByRole('heading').allTextContents();
    expect(headings.slice(0, productCount(sofas)).filter((title) => !/sofa/i.test(title))).toEqual([]);
    await page.getByRole('link', { name: 'sofa', exact: true }).click();
    await expect(page).toHaveURL(/\/search\?q=sofa$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Results for “sofa”');
    await expect(page.getByText('Did you mean')).toHaveCount(0);

    const teapots = ITEMS.filter((item) => item.kind === 'teapot');
    for (const query of ['tea pot', 'teapot']) {
      await page.goto(`/search?${new URLSearchParams({ q: query })}`);
      await expect(grid.getByRole('heading')).toHaveCount(productCount(teapots));
      expect((await grid.getByRole('heading').allTextContents()).filter((title) => !/teapot/i.test(title))).toEqual([]);
    }
    // A card says when its product comes in more colours than the one shown.
    const teapotProducts = new Map<string, number>();
    for (const item of teapots) teapotProducts.set(item.product.slug, (teapotProducts.get(item.product.slug) ?? 0) + 1);
    const colourCounts = [...teapotProducts.values()].filter((count) => count > 1).map((count) => `${count} colours`);
    expect((await grid.getByText(/^\d+ colours$/).allTextContents()).sort()).toEqual(colourCounts.sort());
  });
}

test('the typeahead says when nothing matches and offers no "See all results"', async ({ page }) => {
  await page.goto('/');
  await page.keyboard.press('Control+k');
  const dialog = page.getByRole('dialog', { name: 'Search the catalog' });
  await dialog.getByRole('combobox').fill('qwertyuiop');
  await expect(dialog.getByRole('status')).toHaveText('No results for “qwertyuiop”. Check the spelling or try a more general word.');
  await expect(dialog.getByRole('button', { name: /See all results/ })).toHaveCount(0);
});

test('Featured "See all" lists the featured items, in stock, with the filter shown and removable', async ({ page }) => {
  await page.goto('/');
  const section = page.getByRole('region', { name: 'Featured' });
  await expect(section.getByRole('listitem').first()).not.toContainText('Out of stock');
  await section.getByRole('link', { name: /See all/ }).click();
  await expect(page).toHaveURL(/\/catalog\?featured=1$/);
  await expect(page.getByLabel('Featured only')).toBeChecked();
  await expect(page.getByRole('list', { name: 'Items' }).getByRole('listitem')).toHaveCount(productCount(featured));
  await page.getByLabel('Featured only').uncheck();
  await expect(page).toHaveURL(/\/catalog$/);
  await expect(page.getByRole('list', { name: 'Items' }).getByRole('listitem')).toHaveCount(24);
});
