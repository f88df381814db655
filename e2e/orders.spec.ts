import type { APIRequestContext } from '@playwright/test';
import { createUser, forgiveFailedResponses, signInWithUi, uniqueEmail } from './account-helpers.ts';
import {
  accessToken,
  addFromItemPage,
  asUser,
  cartButton,
  fillDelivery,
  itemRow,
  ORDER_PAGE_URL,
  ORDER_REFERENCE,
  orderByReference,
  orderReferenceOf,
  placeOrderAs,
  putInServerCart,
  serverCart,
  sessionToken,
  setStock,
  stockedItem,
} from './cart-helpers.ts';
import { expect, expectNoAxeViolations, test } from './fixtures.ts';

interface Mail {
  id: number;
  to: string;
  subject: string;
  text: string;
}

async function mailsTo(request: APIRequestContext, to: string): Promise<Mail[]> {
  const response = await request.get(`/_dev/mail.json?${new URLSearchParams({ to })}`);
  return (await response.json()) as Mail[];
}

test('order → receipt in the outbox → confirmed without a reload → cancel puts the stock back', async ({ page, request, baseURL }, testInfo) => {
  test.setTimeout(60_000);
  const email = uniqueEmail(testInfo, 'order');
  await createUser(request, email);
  const jug = stockedItem(7);
  const { id, stock } = await itemRow(request, jug.slug);

  // The browser never asks for the confirmation: the database does (a Database Webhook).
  const functionCalls: string[] = [];
  page.on('request', (sent) => {
    if (sent.url().includes('/functions/v1/')) functionCalls.push(sent.url());
  });
  await signInWithUi(page, email);
  await expect(page).toHaveURL(/\/account$/);
  await addFromItemPage(page, jug.slug, 2);
  await expect(cartButton(page)).toHaveAttribute('aria-label', 'Cart, 2 items');
  await page.goto('/cart');
  await page.getByRole('link', { name: 'Review order' }).click();
  await expect(page).toHaveURL(/\/checkout$/);
  await expect(page).toHaveTitle(/^Review order · Lumen/);
  const review = page.getByRole('region', { name: 'Review your order' });
  await expect(review.getByRole('row', { name: new RegExp(jug.title) })).toContainText('2');
  await expect(review).toContainText(email);
  await expectNoAxeViolations(page);
  await fillDelivery(review);
  await review.getByRole('button', { name: 'Place order' }).click();

  // The page is named by the order's public reference, never by its internal id.
  await expect(page).toHaveURL(ORDER_PAGE_URL);
  const reference = orderReferenceOf(page);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Order ${reference}`);
  await expect(page).toHaveTitle(`Order ${reference} · Lumen`);
  // The status flips when the database's webhook has had the receipt sent, with no reload.
  await page.evaluate(() => ((window as unknown as { marker: boolean }).marker = true));
  await expect(page.getByTestId('order-status')).toHaveText('Status: Confirmed');
  expect(await page.evaluate(() => (window as unknown as { marker?: boolean }).marker)).toBe(true);
  await expect(page.getByRole('link', { name: 'Continue shopping' })).toHaveAttribute('href', '/catalog');
  await expect(cartButton(page)).toHaveAttribute('aria-label', 'Cart, 0 items');

  const receipts = (await mailsTo(request, email)).filter((mail) => mail.subject === `Your Lumen order ${reference} is confirmed`);
  expect(receipts).toHaveLength(1);
  expect(receipts[0]?.text).toContain(`2 × ${jug.title}`);
  // The receipt links to the order with its key, so it opens on any device.
  const { access_key } = await orderByReference(request, reference);
  expect(receipts[0]?.text).toContain(`See your order: ${baseURL}/orders/${reference}?key=${access_key}`);
  expect((await itemRow(request, jug.slug)).stock).toBe(stock - 2);
  await expectNoAxeViolations(page);

  // The order is in the account's history.
  await page.goto('/account');
  const historyLink = page.getByRole('table', { name: 'Orders' }).getByRole('link', { name: `Order ${reference}` });
  await expect(historyLink).toHaveAttribute('href', `/orders/${reference}`);
  await historyLink.click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Order ${reference}`);

  await page.getByRole('button', { name: 'Cancel this order' }).click();
  await expect(page.getByRole('group', { name: `Cancel order ${reference}? The items go back on sale.` })).toBeVisible();
  await page.getByRole('button', { name: 'Yes, cancel the order' }).click();
  await expect(page.getByTestId('order-status')).toHaveText('Status: Cancelled');
  expect((await itemRow(request, jug.slug)).stock).toBe(stock);
  expect(id).toBeGreaterThan(0);
  await expect
    .poll(async () => (await mailsTo(request, email)).map((mail) => mail.subject))
    .toContain(`Your Lumen order ${reference} is cancelled`);
  expect(functionCalls).toEqual([]);
});

test('closing the tab right after pressing Place order still brings the receipt and the confirmation', async ({ page, context, request }, testInfo) => {
  const email = uniqueEmail(testInfo, 'closed');
  await createUser(request, email);
  const lamp = stockedItem(13);
  await signInWithUi(page, email);
  await expect(page).toHaveURL(/\/account$/);
  await addFromItemPage(page, lamp.slug, 1);
  await expect(cartButton(page)).toHaveAttribute('aria-label', 'Cart, 1 item');
  await page.goto('/checkout');
  const review = page.getByRole('region', { name: 'Review your order' });
  await expect(review.getByRole('row', { name: new RegExp(lamp.title) })).toBeVisible();
  const token = await sessionToken(page);
  const ordering = page.waitForRequest('**/rest/v1/rpc/place_order');
  await fillDelivery(review);
  await review.getByRole('button', { name: 'Place order' }).click();
  await ordering;
  await page.close();
  expect(context.pages()).toEqual([]);

  // No tab is open any more: the order, its receipt and its confirmation happen anyway.
  const ordersOf = async () =>
    (await (await request.get('/rest/v1/orders?select=reference,status', { headers: asUser(token) })).json()) as { reference: string; status: string }[];
  await expect.poll(ordersOf).toEqual([{ reference: expect.stringMatching(ORDER_REFERENCE), status: 'confirmed' }]);
  const [order] = await ordersOf();
  const receipts = (await mailsTo(request, email)).filter((mail) => mail.subject === `Your Lumen order ${order?.reference} is confirmed`);
  expect(receipts).toHaveLength(1);
  expect(receipts[0]?.text).toContain(`1 × ${lamp.title}`);
});

test('when stock ran out meanwhile nothing is ordered, the changed line is named and the rest is kept', async ({ page, request }, testInfo) => {
  test.setTimeout(60_000);
  const email = uniqueEmail(testInfo, 'short');
  await createUser(request, email);
  const pot = stockedItem(8);
  const cup = stockedItem(9);
  const potRow = await itemRow(request, pot.slug);
  const cupRow = await itemRow(request, cup.slug);

  await signInWithUi(page, email);
  await expect(page).toHaveURL(/\/account$/);
  await addFromItemPage(page, pot.slug, 3);
  await addFromItemPage(page, cup.slug, 1);
  await expect(cartButton(page)).toHaveAttribute('aria-label', 'Cart, 4 items');
  await page.goto('/checkout');
  const review = page.getByRole('region', { name: 'Review your order' });
  await expect(review.getByRole('row', { name: new RegExp(pot.title) })).toContainText('3');

  await setStock(request, potRow.id, 1);
  try {
    await fillDelivery(review);
    await review.getByRole('button', { name: 'Place order' }).click();
    const notice = review.getByRole('alert');
    await expect(notice).toContainText('Nothing was ordered');
    await expect(notice).toContainText(`${pot.title}: only 1 left, so your cart now has 1 instead of 3.`);
    await expect(notice).toBeFocused();
    await expect(review.getByRole('row', { name: new RegExp(pot.title) })).toContainText('1');
    await expect(cartButton(page)).toHaveAttribute('aria-label', 'Cart, 2 items');
    expect((await itemRow(request, pot.slug)).stock).toBe(1);
    const token = await accessToken(request, email);
    expect(await serverCart(request, token)).toEqual(
      [
        { item_id: potRow.id, quantity: 1 },
        { item_id: cupRow.id, quantity: 1 },
      ].sort((a, b) => a.item_id - b.item_id),
    );
    const orders = await request.get('/rest/v1/orders?select=id', { headers: asUser(token) });
    expect(await orders.json()).toEqual([]);

    // Reviewing again and placing it now succeeds with what is left.
    await fillDelivery(review);
    await review.getByRole('button', { name: 'Place order' }).click();
    await expect(page).toHaveURL(ORDER_PAGE_URL);
    await expect(page.getByTestId('order-status')).toHaveText('Status: Confirmed');
    expect((await itemRow(request, pot.slug)).stock).toBe(0);
  } finally {
    await setStock(request, potRow.id, potRow.stock);
    await setStock(request, cupRow.id, cupRow.stock);
  }
});

test('an order page of someone else, or of no order, is not found', async ({ page, request, problems }, testInfo) => {
  // Someone else's order, whose reference this buyer has somehow learnt.
  const owner = uniqueEmail(testInfo, 'owner');
  await createUser(request, owner);
  const ownerToken = await accessToken(request, owner);
  await putInServerCart(request, ownerToken, (await itemRow(request, stockedItem(14).slug)).id, 1);
  const theirs = await placeOrderAs(request, ownerToken);

  const email = uniqueEmail(testInfo, 'nosy');
  await createUser(request, email);
  await signInWithUi(page, email);
  await expect(page).toHaveURL(/\/account$/);
  const notFound = page.getByRole('heading', { level: 1, name: 'Page not found' });
  await page.goto(`/orders/${theirs.reference}`);
  await expect(notFound).toBeVisible();
  await expect(page.getByText(`Order ${theirs.reference}`)).toHaveCount(0);
  // Well formed, but no order has it.
  await page.goto('/orders/AAAA-AAAA');
  await expect(notFound).toBeVisible();
  // Internal ids (the old addresses, including the owner's real one) and other text are no references at all.
  await page.goto(`/orders/${theirs.id}`);
  await expect(notFound).toBeVisible();
  await page.goto('/orders/999999');
  await expect(notFound).toBeVisible();
  await page.goto('/orders/not-a-number');
  await expect(notFound).toBeVisible();
  forgiveFailedResponses(problems, [406]);
});

test('a visitor is sent to sign in to see an order, but reviews their cart as a guest', async ({ page }) => {
  await page.goto('/orders/AAAA-AAAA');
  await expect(page).toHaveURL(/\/sign-in\?next=%2Forders%2FAAAA-AAAA$/);
  // An address that cannot be an order is not found at once, with no detour through signing in.
  await page.goto('/orders/1');
  await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
  await expect(page).toHaveURL(/\/orders\/1$/);
  // Guests check out without an account (an anonymous session is made only when they place the order).
  await page.goto('/checkout');
  await expect(page).toHaveURL(/\/checkout$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Review order' })).toBeVisible();
});

for (const viewport of [{ width: 390, height: 844 }, { width: 1440, height: 900 }]) {
  test(`at ${viewport.width}px the order history lines up in columns`, async ({ page, request }, testInfo) => {
    const email = uniqueEmail(testInfo, 'history');
    await createUser(request, email);
    const token = await accessToken(request, email);
    // Two orders whose figures differ in width: one item, then twelve of another (each width
    // its own items, so one run's twelve never leave the other short).
    const orders = viewport.width === 390 ? ([[24, 1], [25, 12]] as const) : ([[26, 1], [27, 12]] as const);
    for (const [index, quantity] of orders) {
      const { id } = await itemRow(request, stockedItem(index).slug);
      await putInServerCart(request, token, id, quantity);
      await placeOrderAs(request, token);
    }
    await page.setViewportSize(viewport);
    await signInWithUi(page, email);
    await expect(page).toHaveURL(/\/account$/);
    const rows = page.getByRole('table', { name: 'Orders' }).getByRole('row');
    await expect(rows).toHaveCount(3);
    const edges = async (column: number) =>
      rows.evaluateAll((all, index) => all.map((row) => {
        const cell = row.children[index]?.getBoundingClientRect();
        return cell ? [Math.round(cell.left), Math.round(cell.right)] : null;
      }), column);
    // Every row's cells share the header's edges, column by column, and the table fits the screen.
    for (let column = 0; column < 5; column++) {
      const [header, ...cells] = await edges(column);
      for (const cell of cells) expect(cell).toEqual(header);
    }
    const table = await page.getByRole('table', { name: 'Orders' }).evaluate((element) => [element.scrollWidth, element.clientWidth]);
    expect(table[0]).toBeLessThanOrEqual(table[1]);
    await expect(rows.nth(1)).toContainText('12 items');
    await expectNoAxeViolations(page);
  });
}
