import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { DEV_ANON_KEY, DEV_SERVICE_ROLE_KEY } from '../server/index.ts';
import { DEMO_ITEMS, shownOnFirstPages } from './demo-catalog.ts';
import { PASSWORD } from './account-helpers.ts';
import { expect } from './fixtures.ts';
import { TEST_DELIVERY } from '../supabase/tests/test-delivery.ts';

// The e2e server seeds the same deterministic catalog every run. Cart and order specs take items
// from categories the catalog specs never count, each test its own, and never sell one out, so
// parallel specs cannot disturb each other's figures. Never an item of a product the public pages
// show first (the home page's featured and new items, the first page of the catalog and of search,
// newest first): a stock a spec changed would move a label under the layout-shift check, and a
// title one account ordered would show on the next account's home page. One variant per product:
// sibling titles share the product's name ("Fjord throw" and "Fjord throw, sage"), so two of them
// in one cart would answer to one name.
const seenProducts = new Set<string>();
const CANDIDATES = DEMO_ITEMS.filter((item) => {
  if (item.category_slug === 'lighting' || item.stock < 15 || shownOnFirstPages(item) || seenProducts.has(item.product.slug)) return false;
  seenProducts.add(item.product.slug);
  return true;
});

/** The `index`-th well-stocked item; give every test its own indexes. */
export function stockedItem(index: number) {
  const item = CANDIDATES[index];
  if (!item) throw new Error(`no well-stocked item number ${index}`);
  return item;
}

const serviceHeaders = { apikey: DEV_SERVICE_ROLE_KEY, Authorization: `Bearer ${DEV_SERVICE_ROLE_KEY}` };

export async function itemRow(request: APIRequestContext, slug: string): Promise<{ id: number; stock: number }> {
  const response = await request.get(`/rest/v1/items?slug=eq.${encodeURIComponent(slug)}&select=id,stock`, {
    headers: { ...serviceHeaders, Accept: 'application/vnd.pgrst.object+json' },
  });
  expect(response.status(), await response.text()).toBe(200);
  return (await response.json()) as { id: number; stock: number };
}

/** Changes stock behind the app's back, as another buyer or the shop would. */
export async function setStock(request: APIRequestContext, id: number, stock: number): Promise<void> {
  const response = await request.patch(`/rest/v1/items?id=eq.${id}`, { headers: serviceHeaders, data: { stock } });
  expect(response.status(), await response.text()).toBe(204);
}

/**
 * The access token of the session the app in `page` holds, for arranging that user's data through
 * the API without one more password sign-in (the e2e server keeps GoTrue's per-address limits).
 */
export async function sessionToken(page: Page): Promise<string> {
  const token = await page.evaluate(() => {
    const key = Object.keys(localStorage).find((name) => /^sb-.+-auth-token$/.test(name));
    const stored: unknown = key ? JSON.parse(localStorage.getItem(key) ?? 'null') : null;
    return stored && typeof stored === 'object' && 'access_token' in stored ? String(stored.access_token) : null;
  });
  if (!token) throw new Error('the page holds no session');
  return token;
}

/** A user's access token, for arranging their data without the UI. */
export async function accessToken(request: APIRequestContext, email: string, password = PASSWORD): Promise<string> {
  const response = await request.post('/auth/v1/token?grant_type=password', {
    headers: { apikey: DEV_ANON_KEY },
    data: { email, password },
  });
  expect(response.status(), await response.text()).toBe(200);
  return ((await response.json()) as { access_token: string }).access_token;
}

export function asUser(token: string) {
  return { apikey: DEV_ANON_KEY, Authorization: `Bearer ${token}` };
}

export async function putInServerCart(request: APIRequestContext, token: string, itemId: number, quantity: number): Promise<void> {
  const response = await request.post('/rest/v1/cart_items?on_conflict=user_id,item_id', {
    headers: { ...asUser(token), Prefer: 'resolution=merge-duplicates' },
    data: { item_id: itemId, quantity },
  });
  expect(response.status(), await response.text()).toBeLessThan(300);
}

export async function serverCart(request: APIRequestContext, token: string): Promise<{ item_id: number; quantity: number }[]> {
  const response = await request.get('/rest/v1/cart_items?select=item_id,quantity&order=item_id', { headers: asUser(token) });
  expect(response.status()).toBe(200);
  return (await response.json()) as { item_id: number; quantity: number }[];
}

/**
 * The header's Cart button, whose name carries the live count ("Cart, 3 items"). While a dialog
 * is open the header is inert and hidden from the accessibility tree, so look there too.
 */
export function cartButton(page: Page) {
  return page.getByRole('banner', { includeHidden: true }).getByRole('button', { name: /^Cart, /, includeHidden: true });
}

export async function openCart(page: Page) {
  await cartButton(page).click();
  const drawer = page.getByRole('dialog', { name: 'Your cart' });
  await expect(drawer).toBeVisible();
  return drawer;
}

/** Adds from the item page with the chosen quantity and waits for the header to show it. */
export async function addFromItemPage(page: Page, slug: string, quantity = 1): Promise<void> {
  await page.goto(`/items/${slug}`);
  const picker = page.getByLabel('Quantity', { exact: true });
  await expect(page.getByRole('button', { name: 'Add to cart' })).toBeEnabled();
  if (quantity !== 1) await picker.fill(String(quantity));
  await page.getByRole('button', { name: 'Add to cart' }).click();
}

const REFERENCE_PATTERN = '[0-9A-HJKMNP-TV-Z]{4}-[0-9A-HJKMNP-TV-Z]{4}';

/** An order's public reference, as customers see it: two groups of four Crockford base-32 characters (7K3Q-9XPD). */
export const ORDER_REFERENCE = new RegExp(`^${REFERENCE_PATTERN}$`);

/** The address of an order's page as its owner opens it: `/orders/<reference>`, no key. */
export const ORDER_PAGE_URL = new RegExp(`/orders/${REFERENCE_PATTERN}$`);

/** The reference of the order whose page `page` shows, read from its address. */
export function orderReferenceOf(page: Page): string {
  const reference = decodeURIComponent(new URL(page.url()).pathname.split('/').pop() ?? '');
  expect(reference).toMatch(ORDER_REFERENCE);
  return reference;
}

/** An order's internal id and receipt-link key, looked up by its reference with the service role (the shop's view). */
export async function orderByReference(request: APIRequestContext, reference: string): Promise<{ id: number; access_key: string }> {
  const response = await request.get(`/rest/v1/orders?reference=eq.${encodeURIComponent(reference)}&select=id,access_key`, {
    headers: { ...serviceHeaders, Accept: 'application/vnd.pgrst.object+json' },
  });
  expect(response.status(), await response.text()).toBe(200);
  return (await response.json()) as { id: number; access_key: string };
}

/** Places the user's server cart as an order through the API (no browser), returning its id and public reference. */
export async function placeOrderAs(request: APIRequestContext, token: string): Promise<{ id: number; reference: string }> {
  const response = await request.post('/rest/v1/rpc/place_order', { headers: asUser(token), data: { idempotency_key: crypto.randomUUID(), delivery: TEST_DELIVERY } });
  expect(response.status(), await response.text()).toBe(200);
  const result = (await response.json()) as { status: string; order_id?: number; reference?: string };
  expect(result.status).toBe('placed');
  expect(result.reference).toMatch(ORDER_REFERENCE);
  return { id: result.order_id ?? 0, reference: result.reference ?? '' };
}

/**
 * Fills checkout's delivery details with TEST_DELIVERY when it asks for a new address; a saved
 * address, once the buyer has one, is already chosen.
 */
export async function fillDelivery(review: Locator): Promise<void> {
  const name = review.getByLabel('Full name');
  await expect(name.or(review.getByRole('radio', { checked: true })).first()).toBeVisible();
  if (!(await name.isVisible())) return;
  await name.fill(TEST_DELIVERY.full_name);
  await review.getByLabel('Street and number').fill(TEST_DELIVERY.line1);
  await review.getByLabel('Postcode').fill(TEST_DELIVERY.postcode);
  await review.getByLabel('Town or city').fill(TEST_DELIVERY.city);
  await review.getByLabel('Country').selectOption(TEST_DELIVERY.country);
}
