import type { APIRequestContext, Page } from '@playwright/test';
import { createUser, signInWithUi, uniqueEmail } from './account-helpers.ts';
import { asUser, fillDelivery, itemRow, ORDER_PAGE_URL, orderReferenceOf, putInServerCart, sessionToken, stockedItem } from './cart-helpers.ts';
import { expect, test, type PageProblems } from './fixtures.ts';

// place_order is idempotent per checkout attempt: every way of sending the same review twice ends
// on one order and on its confirmation page.

/** The buyer's orders by public reference, the name the order page goes by. */
async function ordersOf(request: APIRequestContext, token: string): Promise<{ reference: string }[]> {
  const response = await request.get('/rest/v1/orders?select=reference&order=id', { headers: asUser(token) });
  expect(response.status()).toBe(200);
  return (await response.json()) as { reference: string }[];
}

/** A signed-in buyer with one line in the cart, on the review page. */
async function buyerAtReview(page: Page, request: APIRequestContext, email: string, itemIndex: number) {
  await createUser(request, email);
  const item = stockedItem(itemIndex);
  const { id, stock } = await itemRow(request, item.slug);
  await signInWithUi(page, email);
  await expect(page).toHaveURL(/\/account$/);
  const token = await sessionToken(page);
  await putInServerCart(request, token, id, 2);
  await page.goto('/checkout');
  const review = page.getByRole('region', { name: 'Review your order' });
  await expect(review.getByRole('row', { name: new RegExp(item.title) })).toContainText('2');
  return { token, item, stock, review };
}

/** The aborted requests above are logged by Chromium as failed loads; nothing else is forgiven. */
function forgetTimeouts(problems: PageProblems): void {
  const kept = problems.consoleErrors.filter((text) => !/net::ERR_TIMED_OUT/.test(text));
  problems.consoleErrors.splice(0, problems.consoleErrors.length, ...kept);
}

test('a double click on Place order places one order and shows its confirmation', async ({ page, request }, testInfo) => {
  const { token, item, stock, review } = await buyerAtReview(page, request, uniqueEmail(testInfo, 'double'), 30);
  await fillDelivery(review);
  await review.getByRole('button', { name: 'Place order' }).dblclick();
  await expect(page).toHaveURL(ORDER_PAGE_URL);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Order ${orderReferenceOf(page)}`);
  await expect(page.getByRole('alert')).toHaveCount(0);
  expect(await ordersOf(request, token)).toEqual([{ reference: orderReferenceOf(page) }]);
  expect((await itemRow(request, item.slug)).stock).toBe(stock - 2);
});

test('an answer lost on the way back is asked for again with the same attempt: one order, and its confirmation', async ({
  page,
  request,
  problems,
}, testInfo) => {
  const { token, review } = await buyerAtReview(page, request, uniqueEmail(testInfo, 'lost'), 31);
  // The first request reaches the server and places the order, but its answer never arrives.
  let requests = 0;
  await page.route('**/rest/v1/rpc/place_order', async (route) => {
    requests++;
    if (requests > 1) return route.continue();
    await route.fetch();
    await route.abort('timedout');
  });
  await fillDelivery(review);
  await review.getByRole('button', { name: 'Place order' }).click();
  await expect(page).toHaveURL(ORDER_PAGE_URL);
  expect(requests).toBe(2);
  expect(await ordersOf(request, token)).toEqual([{ reference: orderReferenceOf(page) }]);
  forgetTimeouts(problems);
});

test('when the connection stays down, the buyer is told and pressing again later finds the order', async ({ page, request, problems }, testInfo) => {
  const { token, item, review } = await buyerAtReview(page, request, uniqueEmail(testInfo, 'retry'), 33);
  // Every request of this press reaches the server, and every answer is lost.
  let down = true;
  await page.route('**/rest/v1/rpc/place_order', async (route) => {
    if (!down) return route.continue();
    await route.fetch();
    await route.abort('timedout');
  });
  await fillDelivery(review);
  await review.getByRole('button', { name: 'Place order' }).click();
  await expect(review.getByRole('alert')).toContainText('we cannot tell yet whether your order went through', { timeout: 10_000 });
  const placed = await ordersOf(request, token);
  expect(placed).toHaveLength(1);
  // The cart was emptied by that order meanwhile, yet the review still shows what was sent.
  await expect(review.getByRole('row', { name: new RegExp(item.title) })).toContainText('2');

  down = false;
  await fillDelivery(review);
  await review.getByRole('button', { name: 'Place order' }).click();
  await expect(page).toHaveURL(new RegExp(`/orders/${placed[0]?.reference}$`));
  expect(await ordersOf(request, token)).toEqual(placed);
  forgetTimeouts(problems);
});

test('two tabs submitting the same review at once end on the same single order', async ({ page, context, request }, testInfo) => {
  const { token, item, stock, review } = await buyerAtReview(page, request, uniqueEmail(testInfo, 'tabs'), 32);
  const other = await context.newPage();
  await other.goto('/checkout');
  const otherReview = other.getByRole('region', { name: 'Review your order' });
  await expect(otherReview.getByRole('row', { name: new RegExp(item.title) })).toContainText('2');

  // The other tab's press goes out first and is still on its way when this tab's order is placed.
  let releaseOther: () => void = () => undefined;
  const firstPlaced = new Promise<void>((resolve) => (releaseOther = resolve));
  await other.route('**/rest/v1/rpc/place_order', async (route) => {
    await firstPlaced;
    await route.continue();
  });
  const otherSent = other.waitForRequest('**/rest/v1/rpc/place_order');
  await fillDelivery(otherReview);
  await otherReview.getByRole('button', { name: 'Place order' }).click();
  await otherSent;
  await fillDelivery(review);
  await review.getByRole('button', { name: 'Place order' }).click();
  await expect(page).toHaveURL(ORDER_PAGE_URL);
  releaseOther();

  await expect(other).toHaveURL(new RegExp(`/orders/${orderReferenceOf(page)}$`));
  await expect(other.getByRole('heading', { level: 1 })).toHaveText(`Order ${orderReferenceOf(page)}`);
  expect(await ordersOf(request, token)).toEqual([{ reference: orderReferenceOf(page) }]);
  expect((await itemRow(request, item.slug)).stock).toBe(stock - 2);
});

test('a second tab showing the same review moves to the order placed in the first', async ({ page, context, request }, testInfo) => {
  const { token, item, review } = await buyerAtReview(page, request, uniqueEmail(testInfo, 'follow'), 34);
  const other = await context.newPage();
  await other.goto('/checkout');
  await expect(other.getByRole('region', { name: 'Review your order' }).getByRole('row', { name: new RegExp(item.title) })).toContainText('2');

  await fillDelivery(review);
  await review.getByRole('button', { name: 'Place order' }).click();
  await expect(page).toHaveURL(ORDER_PAGE_URL);
  // Nothing was pressed in the other tab: it learns of the order and shows it.
  await expect(other).toHaveURL(new RegExp(`/orders/${orderReferenceOf(page)}$`));
  await expect(other.getByRole('heading', { level: 1 })).toHaveText(`Order ${orderReferenceOf(page)}`);
  expect(await ordersOf(request, token)).toEqual([{ reference: orderReferenceOf(page) }]);
});
