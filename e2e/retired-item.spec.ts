import type { APIRequestContext } from '@playwright/test';
import { DEV_SERVICE_ROLE_KEY } from '../server/index.ts';
import { generateCategories } from '../supabase/seed/catalog-generator.ts';
import { accessToken, asUser } from './cart-helpers.ts';
import { DEMO_ITEMS, DEMO_PRODUCTS, shownOnFirstPages } from './demo-catalog.ts';
import { DESKTOP, expect, expectNoAxeViolations, test } from './fixtures.ts';

// A link to an item the shop no longer sells (staff archived it) says so and offers products of its
// category on sale, instead of the bare not-found page; nothing on it can be bought. When only one
// colour was retired, the page says so and leads to the colours still sold.

const STAFF = { email: 'staff@lumen.test', password: 'demo-staff-password-1' };
const PHONE_390 = { width: 390, height: 844 };

// A product no other spec touches, so archiving two of its colours for a while disturbs nobody: not
// lighting (the catalog specs count it), none of its variants in the cart helpers' pool (stock >= 15)
// or on the pages shown first, none featured; with two colours left on sale, so the product stays in
// every listing and count.
const product = DEMO_PRODUCTS.find((candidate) => {
  const variants = DEMO_ITEMS.filter((item) => item.product.slug === candidate.slug);
  return (
    candidate.category_slug !== 'lighting' &&
    variants.length >= 4 &&
    variants.every((item) => item.stock < 15 && !item.featured && !shownOnFirstPages(item))
  );
});
if (!product) throw new Error('the demo catalog has no product whose colours can be archived for a while');
const variants = DEMO_ITEMS.filter((item) => item.product.slug === product.slug);
const category = generateCategories().find((candidate) => candidate.slug === product.category_slug);
if (!category) throw new Error(`no category ${product.category_slug}`);
const onSaleInCategory = new Set(DEMO_ITEMS.filter((item) => item.category_slug === category.slug && item.stock > 0).map((item) => item.slug));

/** Archives or puts back an item as staff do, through the API with the staff member's session. */
async function setArchived(request: APIRequestContext, token: string, slug: string, archived: boolean) {
  const response = await request.patch(`/rest/v1/items?slug=eq.${encodeURIComponent(slug)}&select=on_sale`, {
    headers: { ...asUser(token), Prefer: 'return=representation' },
    data: { archived_at: archived ? new Date().toISOString() : null },
  });
  expect(response.status(), await response.text()).toBe(200);
  expect(await response.json()).toEqual([{ on_sale: !archived }]);
}

for (const [viewport, retired] of [
  [PHONE_390, variants.at(-1)],
  [DESKTOP, variants.at(-2)],
] as const) {
  test(`at ${viewport.width}px a retired colour's link says it is no longer available and leads to the other colours and similar products on sale`, async ({ page, request }) => {
    if (!retired) throw new Error('no variant to retire');
    const token = await accessToken(request, STAFF.email, STAFF.password);
    await setArchived(request, token, retired.slug, true);
    try {
      await page.setViewportSize(viewport);
      // Prerendered while it was on sale, its address now answers 410: the server asks the database.
      expect((await page.goto(`/items/${retired.slug}`))?.status()).toBe(410);
      const heading = page.getByRole('heading', { level: 1 });
      const notice = `This colour of ${product.title} is no longer available`;
      await expect(heading).toHaveText(notice);
      await expect(page).toHaveTitle(`${notice} · Lumen`);
      await expect(page.locator('meta[name="robots"][content="noindex"]').first()).toBeAttached();
      await expect(page.getByText(`You can still order ${product.title} in other colours.`)).toBeVisible();
      await expect(page.getByText(`Here are similar products from ${category.name} that you can order today.`)).toBeVisible();
      await expect(page.getByRole('button', { name: /Add to cart|Out of stock/ })).toHaveCount(0);
      await expect(page.getByTestId('stock')).toHaveCount(0);

      // Products of the same category, on sale and in stock; not this one (the other colours have
      // their own link).
      const similar = page.getByRole('list', { name: 'Similar products' });
      await expect(similar.getByRole('listitem').first()).toBeVisible();
      const hrefs = await similar.getByRole('link').evaluateAll((links) => links.map((link) => link.getAttribute('href') ?? ''));
      expect(hrefs.length).toBeGreaterThan(0);
      expect(hrefs.length).toBeLessThanOrEqual(4);
      for (const href of hrefs) {
        const slug = decodeURIComponent(href.replace(/^\/items\//, ''));
        expect(onSaleInCategory.has(slug), `${href} is an item of ${category.name} in stock`).toBe(true);
        expect(variants.map((variant) => variant.slug)).not.toContain(slug);
      }
      await expect(page.getByRole('link', { name: `See all in ${category.name}` })).toHaveAttribute('href', `/catalog/${category.slug}`);
      await expect(page.getByRole('main').getByRole('link', { name: 'Browse the catalog' })).toHaveAttribute('href', '/catalog');
      // Nothing runs off the side of a phone.
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);
      await expectNoAxeViolations(page);

      // A similar product is one that can be bought.
      const first = similar.getByRole('link').first();
      const title = (await first.textContent()) ?? '';
      await first.click();
      await expect(heading).toHaveText(title);
      await expect(page.getByRole('button', { name: 'Add to cart' }).first()).toBeVisible();

      // Back on the retired address (a client-side navigation, not a fresh load), the same notice;
      // its other colours are the same product on sale, under another address.
      await page.goBack();
      await expect(heading).toHaveText(notice);
      await page.getByRole('link', { name: 'See other colours' }).click();
      await expect(page.getByRole('group', { name: /^Colour/ })).toBeVisible();
      expect(variants.filter((variant) => variant.slug !== retired.slug).map((variant) => variant.title)).toContain(await heading.textContent());
      await expect(page.getByRole('button', { name: /Add to cart|Out of stock/ }).first()).toBeVisible();
    } finally {
      await setArchived(request, token, retired.slug, false);
    }
  });
}

const serviceHeaders = { apikey: DEV_SERVICE_ROLE_KEY, Authorization: `Bearer ${DEV_SERVICE_ROLE_KEY}` };

async function insertRow(request: APIRequestContext, table: string, row: Record<string, unknown>): Promise<number> {
  const response = await request.post(`/rest/v1/${table}?select=id`, {
    headers: { ...serviceHeaders, Prefer: 'return=representation', Accept: 'application/vnd.pgrst.object+json' },
    data: row,
  });
  expect(response.status(), await response.text()).toBe(201);
  return ((await response.json()) as { id: number }).id;
}

async function deleteRow(request: APIRequestContext, table: string, id: number) {
  const response = await request.delete(`/rest/v1/${table}?id=eq.${id}`, { headers: serviceHeaders });
  expect(response.status(), await response.text()).toBe(204);
}

test('a retired item the build did not prerender answers 410 Gone, and the app shows the same notice', async ({ page, request }) => {
  // Made already archived, so it never shows in a listing or count, and the build never prerendered
  // it: the server looks its address up when asked.
  const { id: categoryId } = (await (
    await request.get(`/rest/v1/categories?slug=eq.${category.slug}&select=id`, { headers: { ...serviceHeaders, Accept: 'application/vnd.pgrst.object+json' } })
  ).json()) as { id: number };
  const slug = `retired-carafe-${Date.now()}`;
  const productId = await insertRow(request, 'products', { slug, title: 'Retired harbour carafe', category_id: categoryId, published_at: new Date().toISOString() });
  let itemId: number | null = null;
  try {
    itemId = await insertRow(request, 'items', {
      slug,
      title: 'Retired harbour carafe, clear',
      price_cents: 3900,
      stock: 0,
      category_id: categoryId,
      product_id: productId,
      archived_at: new Date().toISOString(),
    });
    await page.setViewportSize(DESKTOP);
    const response = await page.goto(`/items/${slug}`);
    expect(response?.status()).toBe(410);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Retired harbour carafe is no longer available');
    await expect(page.locator('meta[name="robots"][content="noindex"]').first()).toBeAttached();
    await expect(page.getByRole('list', { name: 'Similar products' }).getByRole('listitem').first()).toBeVisible();
    await expect(page.getByRole('button', { name: /Add to cart|Out of stock/ })).toHaveCount(0);
  } finally {
    if (itemId !== null) await deleteRow(request, 'items', itemId);
    await deleteRow(request, 'products', productId);
  }
});

test('an address the shop never had still gets the not-found page, kept out of search engines', async ({ page }) => {
  await page.setViewportSize(DESKTOP);
  const response = await page.goto('/items/no-such-item-was-ever-sold');
  expect(response?.status()).toBe(404);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Page not found');
  await expect(page).toHaveTitle('Page not found · Lumen');
  await expect(page.locator('meta[name="robots"][content="noindex"]').first()).toBeAttached();
  await expect(page.getByText(/no longer available/)).toHaveCount(0);
});
