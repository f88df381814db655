import type { APIRequestContext, Browser, Page } from '@playwright/test';
import { createUser, makePng, signInWithUi, uniqueEmail } from './account-helpers.ts';
import { accessToken, asUser, cartButton, fillDelivery, ORDER_PAGE_URL, orderByReference, orderReferenceOf } from './cart-helpers.ts';
import { DESKTOP, expect, expectNoAxeViolations, test, watchPage, type PageProblems } from './fixtures.ts';

// The store admin end to end (issue 18). Runs in its own Playwright project after every other
// spec (playwright.config.ts): it adds an item to the catalog, which the catalog specs count.

const STAFF = { email: 'staff@lumen.test', password: 'demo-staff-password-1' };
const PHONE_390 = { width: 390, height: 844 };

interface Mail {
  to: string;
  subject: string;
}

async function mailSubjectsTo(request: APIRequestContext, to: string): Promise<string[]> {
  const response = await request.get(`/_dev/mail.json?${new URLSearchParams({ to })}`);
  return ((await response.json()) as Mail[]).map((mail) => mail.subject);
}

/** A made-up word no demo item contains, so a search finds only the item this test creates. */
function uniqueWord(): string {
  const letters = 'bcdfghjklmnpqrstvwxz';
  return Array.from({ length: 9 }, () => letters[Math.floor(Math.random() * letters.length)]).join('');
}

async function signedInPage(browser: Browser, viewport: { width: number; height: number }, email: string, password: string, problems: PageProblems) {
  const context = await browser.newContext({ viewport });
  const page = await context.newPage();
  watchPage(page, problems);
  await signInWithUi(page, email, password);
  await expect(page).toHaveURL(/\/account$/);
  return page;
}

async function boardCard(page: Page, column: string, orderId: number) {
  return page.getByRole('region', { name: column }).getByRole('article', { name: `Order #${orderId}` });
}

for (const viewport of [DESKTOP, PHONE_390]) {
  test(`at ${viewport.width}px staff create an item with two pictures, a customer finds and orders it, staff ship it live and the customer sees it and gets the mail`, async ({ browser, request, problems }, testInfo) => {
    test.setTimeout(120_000);
    const word = uniqueWord();
    const title = `${word[0]?.toUpperCase()}${word.slice(1)} harbour lantern`;

    // Staff: create the item.
    const staff = await signedInPage(browser, viewport, STAFF.email, STAFF.password, problems);
    await staff.getByRole('link', { name: 'Store admin' }).click();
    await expect(staff).toHaveURL(/\/admin$/);
    await expect(staff.getByRole('navigation', { name: 'Store admin' })).toBeVisible();
    await staff.getByRole('navigation', { name: 'Store admin' }).getByRole('link', { name: 'Items' }).click();
    await staff.getByRole('link', { name: 'New item' }).click();
    await expect(staff).toHaveTitle(/^New item · Store admin/);
    // Nothing filled in: every field says what it needs, and focus goes to the first.
    await staff.getByRole('button', { name: 'Create item' }).click();
    await expect(staff.getByLabel('Name')).toBeFocused();
    await expect(staff.getByText('Give the item a name.')).toBeVisible();
    await expect(staff.getByText('Choose a category.')).toBeVisible();
    await staff.getByLabel('Name').fill(title);
    await expect(staff.getByLabel('Web address')).toHaveValue(`${word}-harbour-lantern`);
    await staff.getByLabel('Description').fill('A storm-proof lantern in brushed brass.');
    await staff.getByLabel('Price (€)').fill('34,50');
    await staff.getByLabel('Category').selectOption({ label: 'Kitchen' });
    await staff.getByLabel('Stock', { exact: true }).fill('6');
    await expectNoAxeViolations(staff);
    await staff.getByRole('button', { name: 'Create item' }).click();
    await expect(staff).toHaveURL(/\/admin\/items\/\d+$/);
    await expect(staff.getByRole('status').filter({ hasText: 'Item created' })).toBeVisible();

    // Two pictures at once; the second is then moved first.
    const [first, second] = [await makePng(staff, 800, 1000), await makePng(staff, 1200, 800)];
    await staff.getByLabel('Picture files').setInputFiles([
      { name: 'front.png', mimeType: 'image/png', buffer: first },
      { name: 'side.png', mimeType: 'image/png', buffer: second },
    ]);
    await expect(staff.getByText('2 pictures added.')).toBeVisible();
    const pictures = staff.getByRole('img', { name: new RegExp(`^Picture \\d of ${title}$`) });
    await expect(pictures).toHaveCount(2);
    const secondSrc = await pictures.nth(1).getAttribute('src');
    await staff.getByRole('button', { name: 'Move picture 2 earlier' }).click();
    await expect(staff.getByText('Picture moved to place 1.')).toBeVisible();
    await expect(pictures.first()).toHaveAttribute('src', secondSrc ?? '');
    // A wrong file is named, and nothing else changes.
    await staff.getByLabel('Picture files').setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('hello') });
    await expect(staff.getByRole('alert')).toContainText('“notes.txt” is not a JPEG, PNG or WebP image.');
    await expect(pictures).toHaveCount(2);
    await expectNoAxeViolations(staff);

    // Staff watch the board.
    await staff.getByRole('navigation', { name: 'Store admin' }).getByRole('link', { name: 'Board' }).click();
    await expect(staff).toHaveURL(/\/admin\/board$/);
    await expect(staff.getByRole('region', { name: 'To pack' })).toBeVisible();
    await staff.evaluate(() => ((window as unknown as { marker: boolean }).marker = true));

    // A customer finds it by search and orders it.
    const email = uniqueEmail(testInfo, 'shopper');
    await createUser(request, email);
    const customer = await signedInPage(browser, viewport, email, 'first-password-1', problems);
    await customer.goto(`/search?q=${word}`);
    await customer.getByRole('link', { name: title }).first().click();
    await expect(customer.getByRole('heading', { level: 1 })).toHaveText(title);
    await expect(customer.getByRole('img', { name: new RegExp(title) }).first()).toBeVisible();
    await customer.getByRole('button', { name: 'Add to cart' }).click();
    await expect(cartButton(customer)).toHaveAttribute('aria-label', 'Cart, 1 item');
    await customer.goto('/checkout');
    const review = customer.getByRole('region', { name: 'Review your order' });
    await fillDelivery(review);
    await review.getByRole('button', { name: 'Place order' }).click();
    await expect(customer).toHaveURL(ORDER_PAGE_URL);
    // The customer knows the order by its public reference; the admin still names it by its id.
    const reference = orderReferenceOf(customer);
    await expect(customer.getByRole('heading', { level: 1 })).toHaveText(`Order ${reference}`);
    const { id: orderId } = await orderByReference(request, reference);
    await expect(customer.getByTestId('order-status')).toHaveText('Status: Confirmed');

    // Staff see it arrive without reloading, pack it and ship it.
    const toPack = await boardCard(staff, 'To pack', orderId);
    await expect(toPack).toBeVisible();
    await expect(toPack).toContainText(`1 × ${title}`);
    await toPack.getByRole('button', { name: 'Mark packed' }).click();
    const toShip = await boardCard(staff, 'To ship', orderId);
    await expect(toShip).toBeVisible();
    await expectNoAxeViolations(staff);
    // Shipping asks who carries the parcel: none chosen is refused, then DHL with its tracking number.
    await toShip.getByRole('button', { name: 'Mark shipped' }).click();
    const shipDialog = staff.getByRole('dialog', { name: `Ship order #${orderId}` });
    await shipDialog.getByRole('button', { name: 'Ship order' }).click();
    await expect(shipDialog.getByText('Choose who carries the parcel.')).toBeVisible();
    await expect(shipDialog.getByLabel('Carrier')).toBeFocused();
    await shipDialog.getByLabel('Carrier').selectOption({ label: 'DHL' });
    await shipDialog.getByLabel('Tracking number (optional)').fill('jd0001 42');
    await expectNoAxeViolations(staff);
    await shipDialog.getByRole('button', { name: 'Ship order' }).click();
    const onTheWay = await boardCard(staff, 'On the way', orderId);
    await expect(onTheWay).toBeVisible();
    await expect(onTheWay).toBeFocused();
    expect(await staff.evaluate(() => (window as unknown as { marker?: boolean }).marker)).toBe(true);

    // The customer sees "Shipped" live and gets the mail.
    await expect(customer.getByTestId('order-status')).toHaveText('Status: Shipped');
    await expect.poll(() => mailSubjectsTo(request, email)).toContain(`Your Lumen order ${reference} is on its way`);

    // Stock: the sale is in the history; a restock with a reason; a reason that does not fit is refused.
    await staff.getByRole('navigation', { name: 'Store admin' }).getByRole('link', { name: 'Items' }).click();
    await staff.getByRole('searchbox', { name: 'Search items' }).fill(word);
    await staff.getByRole('link', { name: title }).click();
    const stock = staff.getByRole('region', { name: 'Stock', exact: true });
    await expect(stock).toContainText('In stock: 5');
    await expect(stock.getByRole('listitem').filter({ hasText: `Sold · order #${orderId}` })).toContainText('−1');
    await stock.getByLabel('Add or take away').fill('-2');
    await stock.getByRole('button', { name: 'Update stock' }).click();
    await expect(stock.getByText('A restock adds stock: enter a positive number, or choose another reason.')).toBeVisible();
    await stock.getByLabel('Add or take away').fill('3');
    await stock.getByLabel('Note (optional)').fill('Second delivery');
    await stock.getByRole('button', { name: 'Update stock' }).click();
    await expect(stock.getByRole('status')).toHaveText('Stock is now 8.');
    await expect(stock.getByRole('listitem').first()).toContainText('Second delivery');

    // Archived: it leaves the shop at once.
    await staff.getByRole('button', { name: 'Archive item' }).click();
    await staff.getByRole('dialog').getByRole('button', { name: 'Archive item' }).click();
    await expect(staff.getByRole('button', { name: 'Put back on sale' })).toBeFocused();
    await customer.goto(`/search?q=${word}`);
    await expect(customer.getByRole('status').first()).toHaveText('0 items');

    // The audit log says who did what.
    await staff.getByRole('navigation', { name: 'Store admin' }).getByRole('link', { name: 'Activity' }).click();
    const log = staff.getByRole('list').filter({ hasText: `Order #${orderId}` });
    await expect(log.getByText(`Order #${orderId}: Packed → Shipped (DHL, tracking JD0001 42)`)).toBeVisible();
    await expect(log.getByText(`Created item “${title}”`)).toBeVisible();
    await expect(log.getByText(`Archived “${title}”`)).toBeVisible();
    await expect(log.getByText('by staff@lumen.test').first()).toBeVisible();
    await expectNoAxeViolations(staff);
    await staff.context().close();
    await customer.context().close();
  });
}

test('customers and guests get the not-found page at /admin, and the staff functions refuse a customer token', async ({ page, request }, testInfo) => {
  await page.setViewportSize(DESKTOP);
  await page.goto('/admin');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Page not found');

  // Staff, then a customer, on the same device: nothing of the admin stays for the customer.
  await signInWithUi(page, STAFF.email, STAFF.password);
  await expect(page).toHaveURL(/\/account$/);
  await page.goto('/admin/items');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Items');
  await page.goto('/account');
  await page.getByRole('button', { name: 'Sign out', exact: true }).click();
  await expect(page).toHaveURL(/\/$/);
  const email = uniqueEmail(testInfo, 'customer');
  await createUser(request, email);
  await signInWithUi(page, email);
  await expect(page).toHaveURL(/\/account$/);
  await expect(page.getByRole('link', { name: 'Store admin' })).toHaveCount(0);
  await page.goto('/admin/items');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Page not found');
  await expect(page).toHaveTitle(/^Page not found/);

  const token = await accessToken(request, email);
  for (const [name, args] of [
    ['set_order_status', { order_id: 1, status: 'packed' }],
    ['adjust_stock', { item_id: 1, delta: 5, reason: 'restock' }],
  ] as const) {
    const response = await request.post(`/rest/v1/rpc/${name}`, { headers: asUser(token), data: args });
    expect(response.status(), name).toBe(403);
    expect(((await response.json()) as { code: string }).code).toBe('42501');
  }
  const edit = await request.patch('/rest/v1/items?id=eq.1', { headers: { ...asUser(token), Prefer: 'return=representation' }, data: { price_cents: 1 } });
  expect(await edit.json()).toEqual([]);
});
