import { readFile } from 'node:fs/promises';
import type { APIRequestContext, Browser, Page } from '@playwright/test';
import { createUser, PASSWORD, signInWithUi, uniqueEmail } from './account-helpers.ts';
import { accessToken, itemRow, placeOrderAs, putInServerCart, stockedItem } from './cart-helpers.ts';
import { DESKTOP, expect, expectNoAxeViolations, test, watchPage, type PageProblems } from './fixtures.ts';

// The back office end to end, as a small shop's working day runs it: an order is shipped with a
// carrier and tracking number (the customer's mail carries them), found again once delivered by the
// customer's e-mail, part of it comes back (stock and the customer's page follow), the day's orders
// go to a spreadsheet and the overview counts the order. Runs in the store-admin project, after the
// shop's specs (it ships and returns orders, which the board and the overview show).

const STAFF = { email: 'staff@lumen.test', password: 'demo-staff-password-1' };
const PHONE_390 = { width: 390, height: 844 };
const TRACKING = 'JD 0146 0000 12';

interface Mail {
  to: string;
  subject: string;
  text: string;
}

async function mailsTo(request: APIRequestContext, to: string): Promise<Mail[]> {
  const response = await request.get(`/_dev/mail.json?${new URLSearchParams({ to })}`);
  return (await response.json()) as Mail[];
}

async function signedInPage(browser: Browser, viewport: { width: number; height: number }, email: string, password: string, problems: PageProblems): Promise<Page> {
  const context = await browser.newContext({ viewport, acceptDownloads: true });
  const page = await context.newPage();
  watchPage(page, problems);
  await signInWithUi(page, email, password);
  await expect(page).toHaveURL(/\/account$/);
  return page;
}

/** The staff's section nav: at 390 px as at 1440 px, every section is one tap away. */
async function openSection(page: Page, name: string): Promise<void> {
  await page.getByRole('navigation', { name: 'Store admin' }).getByRole('link', { name, exact: true }).click();
}

/** Today's date in the shop's time zone (Europe/Dublin), as the export names its file. */
function shopToday(): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Dublin' }).format(new Date());
}

/** A CSV document as rows of cells: quoted cells may hold commas, quotes (doubled) and line breaks. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let index = 0; index < text.length; index++) {
    const char = text[index];
    if (quoted) {
      if (char === '"' && text[index + 1] === '"') {
        cell += '"';
        index++;
      } else if (char === '"') quoted = false;
      else cell += char;
    } else if (char === '"') quoted = true;
    else if (char === ',') {
      row.push(cell);
      cell = '';
    } else if (char === '\n' || char === '\r') {
      if (char === '\r' && text[index + 1] === '\n') index++;
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
    } else cell += char;
  }
  if (cell !== '' || row.length > 0) rows.push([...row, cell]);
  return rows;
}

const CASES = [
  { viewport: DESKTOP, item: stockedItem(28) },
  { viewport: PHONE_390, item: stockedItem(29) },
];

for (const { viewport, item } of CASES) {
  test(`at ${viewport.width}px staff ship with a tracking number, find the delivered order by e-mail, record a return, export the day and see it in the overview`, async ({ browser, request, problems }, testInfo) => {
    test.setTimeout(180_000);
    const customerEmail = uniqueEmail(testInfo, `returns-${viewport.width}`);
    await createUser(request, customerEmail);
    const token = await accessToken(request, customerEmail);
    const { id: itemId, stock: stockBefore } = await itemRow(request, item.slug);
    await putInServerCart(request, token, itemId, 2);
    const order = await placeOrderAs(request, token);

    // Ship it: the order's page, packed, then shipped with DHL and a tracking number.
    const staff = await signedInPage(browser, viewport, STAFF.email, STAFF.password, problems);
    await staff.goto(`/admin/orders/${order.id}`);
    await expect(staff.getByRole('heading', { level: 1, name: `Order #${order.id}` })).toBeVisible();
    // Confirmed once its receipt is sent (the database's webhook, a moment after placing).
    await staff.getByRole('button', { name: 'Mark packed' }).click({ timeout: 30_000 });
    await expect(staff.getByRole('status').filter({ hasText: `Order #${order.id} marked packed.` })).toBeVisible();
    await staff.getByRole('button', { name: 'Ship…' }).click();
    const shipDialog = staff.getByRole('dialog');
    await shipDialog.getByLabel('Carrier').selectOption({ label: 'DHL' });
    await shipDialog.getByLabel('Tracking number (optional)').fill(TRACKING.toLowerCase());
    await expectNoAxeViolations(staff);
    await shipDialog.getByRole('button', { name: 'Ship order' }).click();
    await expect(shipDialog).toBeHidden();
    const delivery = staff.getByRole('region', { name: 'Delivery' });
    await expect(delivery.getByText(TRACKING)).toBeVisible();
    await expect(delivery.getByRole('link', { name: /Track/ })).toHaveAttribute('href', /dhl\.com.*JD0146000012/);

    // The customer's shipped mail names the carrier and carries the number and its link.
    await expect
      .poll(async () => (await mailsTo(request, customerEmail)).find((mail) => /on its way/i.test(mail.subject))?.text ?? '', { timeout: 30_000 })
      .toContain(TRACKING);
    const shippedMail = (await mailsTo(request, customerEmail)).find((mail) => /on its way/i.test(mail.subject));
    expect(shippedMail?.text).toContain('DHL');
    expect(shippedMail?.text).toContain('JD0146000012');

    await staff.getByRole('button', { name: 'Mark delivered' }).click();
    await expect(staff.getByRole('status').filter({ hasText: `Order #${order.id} marked delivered.` })).toBeVisible();

    // Found again by the customer's e-mail among every order, delivered ones included.
    await openSection(staff, 'Orders');
    await expect(staff).toHaveURL(/\/admin\/orders$/);
    await staff.getByLabel('Search orders').fill(customerEmail.toUpperCase());
    await expect(staff).toHaveURL(new RegExp(`q=${encodeURIComponent(customerEmail.toUpperCase()).replace(/[.+]/g, '\\$&')}`));
    const found = staff.getByRole(viewport === DESKTOP ? 'row' : 'article').filter({ hasText: order.reference });
    await expect(found).toHaveCount(1);
    await expect(found.getByText('Delivered')).toBeVisible();
    await expectNoAxeViolations(staff);
    await found.getByRole('link', { name: `Order #${order.id}` }).click();
    await expect(staff).toHaveURL(new RegExp(`/admin/orders/${order.id}$`));

    // One of the two comes back, into stock.
    await staff.getByRole('button', { name: 'Record a return…' }).click();
    const returnDialog = staff.getByRole('dialog');
    await expect(returnDialog.getByRole('spinbutton', { name: item.title })).toHaveValue('2');
    await returnDialog.getByRole('button', { name: `One fewer ${item.title}` }).click();
    await expect(returnDialog.getByRole('spinbutton', { name: item.title })).toHaveValue('1');
    await expect(returnDialog.getByLabel('Put the items back into stock')).toBeChecked();
    await returnDialog.getByLabel('Note (optional)').fill('Arrived scratched on one side');
    await expectNoAxeViolations(staff);
    await returnDialog.getByRole('button', { name: 'Record return' }).click();
    await expect(returnDialog).toBeHidden();
    await expect(staff.getByRole('status').filter({ hasText: /^Return recorded: 1 item, €[\d.,]+ refund due\.$/ })).toBeVisible();
    const history = staff.getByRole('region', { name: 'History' });
    await expect(history.getByText(/Shipped.*DHL/)).toBeVisible();
    await expect(history.getByText(/return/i).first()).toBeVisible();
    // Still delivered: one of the two is with the customer.
    await expect(staff.getByRole('button', { name: 'Record a return…' })).toBeVisible();

    // The stock follows, through the ledger: back up by one, the movement says why.
    expect((await itemRow(request, item.slug)).stock).toBe(stockBefore - 1);
    await staff.goto(`/admin/items/${itemId}`);
    await expect(staff.getByText('In stock:')).toContainText(String(stockBefore - 1));
    await expect(staff.getByText('Arrived scratched on one side')).toBeVisible();

    // Its own low-stock level, raised over what is left: that is a crossing, and the staff get one mail.
    const lowStockMails = async () =>
      (await mailsTo(request, STAFF.email)).filter((mail) => mail.subject.startsWith('Low stock:') && mail.text.includes(`/admin/items/${itemId}`)).length;
    const staffMailsBefore = await lowStockMails();
    const level = staff.getByLabel('Warn when stock is at or below');
    await level.fill(String(stockBefore + 10));
    await staff.getByRole('button', { name: 'Save the warning level' }).click();
    await expect(staff.getByText(`Saved: you are warned when stock is at or below ${stockBefore + 10}.`)).toBeVisible();
    await expect.poll(lowStockMails, { timeout: 30_000 }).toBe(staffMailsBefore + 1);
    // Back to the default for the next run; lowering a level is no crossing and mails nobody.
    await level.fill('5');
    await staff.getByRole('button', { name: 'Save the warning level' }).click();
    await expect(staff.getByText('Saved: you are warned when stock is at or below 5.')).toBeVisible();

    // The customer's order page follows: the parcel's tracking and what came back.
    const customerPage = await signedInPage(browser, viewport, customerEmail, PASSWORD, problems);
    await customerPage.goto(`/orders/${order.reference}`);
    await expect(customerPage.getByText(TRACKING)).toBeVisible();
    await expect(customerPage.getByRole('link', { name: /Track your parcel/ })).toHaveAttribute('href', /JD0146000012/);
    await expect(customerPage.getByText('1 of 2 returned')).toBeVisible();
    await expect(customerPage.getByText(/Refund due/)).toBeVisible();
    await expectNoAxeViolations(customerPage);
    await customerPage.context().close();

    // The day's orders go to a spreadsheet: a CSV with a byte order mark, read back row by row.
    await openSection(staff, 'Orders');
    await staff.getByRole('button', { name: 'Export CSV' }).click();
    const exportDialog = staff.getByRole('dialog', { name: 'Export orders as CSV' });
    await exportDialog.getByLabel('First day').fill(shopToday());
    await exportDialog.getByLabel('Last day').fill(shopToday());
    const [download] = await Promise.all([staff.waitForEvent('download'), exportDialog.getByRole('button', { name: 'Download CSV' }).click()]);
    expect(download.suggestedFilename()).toBe(`lumen-orders-${shopToday()}-to-${shopToday()}.csv`);
    const bytes = await readFile(await download.path());
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const [header, ...rows] = parseCsv(bytes.subarray(3).toString('utf8'));
    expect(header).toEqual(['order_number', 'reference', 'placed_at', 'status', 'customer_email', 'customer_name', 'country', 'items', 'total', 'refunded', 'currency', 'carrier', 'tracking_number']);
    const exported = rows.find((row) => row[1] === order.reference);
    expect(exported?.[0]).toBe(String(order.id));
    expect(exported?.[2]).toMatch(new RegExp(`^${shopToday()} \\d{2}:\\d{2}:\\d{2}$`));
    expect(exported?.[3]).toBe('delivered');
    expect(exported?.[4]).toBe(customerEmail);
    expect(exported?.[7]).toBe('2');
    expect(Number(exported?.[9])).toBeCloseTo(Number(exported?.[8]) / 2, 2);
    expect(exported?.slice(10)).toEqual(['EUR', 'DHL', TRACKING]);

    // The overview counts today's orders, this one among them.
    await openSection(staff, 'Overview');
    await expect(staff).toHaveURL(/\/admin$/);
    const today = staff.getByRole('region', { name: 'Today', exact: true });
    await expect(today.getByText('Returned')).toBeVisible();
    await expectNoAxeViolations(staff);
    await today.getByRole('link', { name: /^Orders today: \d+/ }).click();
    await expect(staff).toHaveURL(/\/admin\/orders\?/);
    await expect(staff.getByRole(viewport === DESKTOP ? 'row' : 'article').filter({ hasText: order.reference })).toHaveCount(1);
    await staff.context().close();
  });
}
