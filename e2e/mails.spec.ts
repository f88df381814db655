import type { APIRequestContext, Page } from '@playwright/test';
import { DEV_ANON_KEY } from '../server/index.ts';
import { TEST_DELIVERY } from '../supabase/tests/test-delivery.ts';
import { createUser, mailedLink, uniqueEmail } from './account-helpers.ts';
import { accessToken, asUser, itemRow, orderByReference, placeOrderAs, putInServerCart, setStock, stockedItem } from './cart-helpers.ts';
import { expect, expectNoAxeViolations, test, type PageProblems } from './fixtures.ts';

interface Mail {
  id: number;
  subject: string;
  text: string;
  html: string | null;
  links: string[];
}

async function mailTo(request: APIRequestContext, to: string, subject: string): Promise<Mail> {
  let found: Mail | undefined;
  await expect
    .poll(async () => {
      const response = await request.get(`/_dev/mail.json?${new URLSearchParams({ to })}`);
      found = ((await response.json()) as Mail[]).find((mail) => mail.subject === subject);
      return Boolean(found?.html);
    }, { message: `a "${subject}" mail with HTML to ${to}` })
    .toBe(true);
  if (!found?.html) throw new Error(`no "${subject}" mail to ${to}`);
  return found;
}

/**
 * The suite's own init script (fixtures.ts listens for CSP violations) is a script too, and a mail
 * frame without allow-scripts refuses it, as it refuses any script a mail would bring: Chromium says
 * so once per frame. Only that message is taken out of `problems`.
 */
function forgiveBlockedScriptsInMailFrames(problems: PageProblems): void {
  const blocked = "Blocked script execution in 'about:srcdoc' because the document's frame is sandboxed and the 'allow-scripts' permission is not set.";
  const kept = problems.consoleErrors.filter((text) => text !== blocked);
  problems.consoleErrors.splice(0, problems.consoleErrors.length, ...kept);
}

const STAFF = { email: 'staff@lumen.test', password: 'demo-staff-password-1' };

/** Calls a database function as the demo staff member, as the admin's order page does. */
async function asStaff(request: APIRequestContext, fn: string, data: Record<string, unknown>): Promise<void> {
  const response = await request.post(`/rest/v1/rpc/${fn}`, { headers: asUser(await accessToken(request, STAFF.email, STAFF.password)), data });
  expect(response.status(), await response.text()).toBe(200);
}

/** Opens a mail's HTML as a mail client shows it, in light or dark, and checks it with axe (contrast included). */
async function openMail(page: Page, html: string, colorScheme: 'light' | 'dark'): Promise<void> {
  await page.emulateMedia({ colorScheme });
  await page.setContent(html);
  const card = await page.locator('.lm-card').evaluate((element) => getComputedStyle(element).backgroundColor);
  // The mail's own dark colours, not the client's inversion: the card is the shop's dark surface.
  expect(card).toBe(colorScheme === 'dark' ? 'rgb(21, 25, 34)' : 'rgb(255, 255, 255)');
  await expectNoAxeViolations(page);
}

test('the receipt looks like the shop in light and dark: lines, total, address, the order button and the contact', async ({ page, request, baseURL, problems }, testInfo) => {
  test.setTimeout(60_000);
  const email = uniqueEmail(testInfo, 'receipt');
  await createUser(request, email);
  const item = stockedItem(35);
  const { id } = await itemRow(request, item.slug);
  await putInServerCart(request, await accessToken(request, email), id, 2);
  const { reference } = await placeOrderAs(request, await accessToken(request, email));
  const { access_key } = await orderByReference(request, reference);
  const receipt = await mailTo(request, email, `Your Lumen order ${reference} is confirmed`);
  const orderUrl = `${baseURL}/orders/${reference}?key=${access_key}`;
  expect(receipt.text).toContain(`See your order: ${orderUrl}`);

  for (const scheme of ['light', 'dark'] as const) {
    await test.step(scheme, async () => {
      await openMail(page, receipt.html ?? '', scheme);
      await expect(page).toHaveTitle(`Your Lumen order ${reference} is confirmed`);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Your order is confirmed');
      await expect(page.getByRole('main').getByText(`Thank you! Order ${reference} is confirmed.`)).toBeVisible();
      await expect(page.getByRole('row', { name: new RegExp(item.title) })).toContainText('2 ×');
      await expect(page.getByRole('row', { name: /^Total/ })).toBeVisible();
      const address = page.getByRole('heading', { name: 'Delivery to' }).locator('xpath=following-sibling::p[1]');
      await expect(address).toHaveText([TEST_DELIVERY.full_name, TEST_DELIVERY.line1, `${TEST_DELIVERY.postcode} ${TEST_DELIVERY.city}`, 'Ireland'].join(''));
      await expect(page.getByRole('link', { name: 'See your order' })).toHaveAttribute('href', orderUrl);
      await expect(page.getByRole('link', { name: 'hello@lumen.example' })).toHaveAttribute('href', 'mailto:hello@lumen.example');
      await expect(page.getByRole('link', { name: 'Contact us' })).toHaveAttribute('href', `${baseURL}/contact`);
      await expect(page.getByRole('link', { name: 'Delivery and returns' })).toHaveAttribute('href', `${baseURL}/delivery-and-returns`);
    });
  }
  // The total the page shows is the order's: two of the item.
  const total = await page.getByRole('row', { name: /^Total/ }).textContent();
  expect(total?.replace(/\s+/g, ' ').trim()).toBe(`Total ${new Intl.NumberFormat('en-IE', { style: 'currency', currency: 'EUR' }).format((item.price_cents * 2) / 100)}`);

  // The local outbox frames the HTML as a mail client would, and its button opens the order in a new tab.
  await page.emulateMedia({ colorScheme: 'light' });
  await page.goto('/_dev/mail');
  const frame = page.frameLocator(`iframe[title="Your Lumen order ${reference} is confirmed"]`);
  await expect(frame.getByRole('heading', { name: 'Your order is confirmed' })).toBeVisible();
  const [order] = await Promise.all([page.waitForEvent('popup'), frame.getByRole('link', { name: 'See your order' }).click()]);
  await expect(order).toHaveURL(orderUrl);
  await expect(order.getByRole('heading', { level: 1 })).toHaveText(`Order ${reference}`);
  await order.close();
  forgiveBlockedScriptsInMailFrames(problems);
});

test('a reset mail in the shop look: the link to the reset page and no code the app has no field for', async ({ page, request, baseURL }, testInfo) => {
  const email = uniqueEmail(testInfo, 'reset-mail');
  await createUser(request, email);
  // As the app's forgot-password form asks (the journey test follows the link through the app).
  const asked = await request.post(`/auth/v1/recover?${new URLSearchParams({ redirect_to: `${baseURL}/reset-password` })}`, {
    headers: { apikey: DEV_ANON_KEY },
    data: { email },
  });
  expect(asked.status()).toBe(200);
  const { link } = await mailedLink(request, email, 'Reset your Lumen password');
  const mail = await mailTo(request, email, 'Reset your Lumen password');
  expect(new URL(link).searchParams.get('type')).toBe('recovery');
  expect(mail.text).toContain(`Choose a new password: ${link}`);
  expect(mail.text).not.toMatch(/\b\d{6}\b/);
  expect(mail.text).not.toMatch(/\bcode\b/i);
  for (const scheme of ['light', 'dark'] as const) {
    await test.step(scheme, async () => {
      await openMail(page, mail.html ?? '', scheme);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Reset your password');
      await expect(page.getByRole('link', { name: 'Choose a new password' })).toHaveAttribute('href', link);
      await expect(page.getByText(email)).toBeVisible();
      const shown = await page.locator('body').innerText();
      expect(shown).not.toMatch(/\b\d{6}\b/);
      expect(shown).not.toMatch(/\bcode\b/i);
    });
  }
});

test('the shipped mail names the carrier and tracking number and links the parcel, in light and dark', async ({ page, request, baseURL }, testInfo) => {
  test.setTimeout(60_000);
  const email = uniqueEmail(testInfo, 'shipped');
  await createUser(request, email);
  const item = stockedItem(36);
  const { id } = await itemRow(request, item.slug);
  await putInServerCart(request, await accessToken(request, email), id, 1);
  const { id: orderId, reference } = await placeOrderAs(request, await accessToken(request, email));
  // Packed only once the receipt has confirmed it.
  await mailTo(request, email, `Your Lumen order ${reference} is confirmed`);
  await expect.poll(async () => {
    const response = await request.get(`/rest/v1/orders?id=eq.${orderId}&select=status`, { headers: asUser(await accessToken(request, email)) });
    return ((await response.json()) as { status: string }[])[0]?.status;
  }).toBe('confirmed');
  await asStaff(request, 'set_order_status', { order_id: orderId, status: 'packed' });
  await asStaff(request, 'ship_order', { order_id: orderId, carrier: 'dhl', tracking_number: 'jd 0146 0000 12' });
  const trackingUrl = 'https://www.dhl.com/global-en/home/tracking/tracking-parcel.html?submit=1&tracking-id=JD0146000012';
  const { access_key } = await orderByReference(request, reference);
  const shipped = await mailTo(request, email, `Your Lumen order ${reference} is on its way`);
  expect(shipped.text).toContain(`Your order is on its way with DHL. Tracking number: JD 0146 0000 12\nTrack your parcel: ${trackingUrl}`);

  for (const scheme of ['light', 'dark'] as const) {
    await test.step(scheme, async () => {
      await openMail(page, shipped.html ?? '', scheme);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Your order is on its way');
      await expect(page.getByRole('main').getByText('Your order is on its way with DHL. Tracking number: JD 0146 0000 12')).toBeVisible();
      await expect(page.getByRole('link', { name: 'Track your parcel' })).toHaveAttribute('href', trackingUrl);
      await expect(page.getByRole('link', { name: 'See your order' })).toHaveAttribute('href', `${baseURL}/orders/${reference}?key=${access_key}`);
      await expect(page.getByRole('row', { name: new RegExp(item.title) })).toContainText('1 ×');
    });
  }
});

test('a low-stock alert reaches the staff in the shop look, with the variant, what is left and the way to restock it', async ({ page, request, baseURL }, testInfo) => {
  test.setTimeout(60_000);
  const email = uniqueEmail(testInfo, 'low-stock');
  await createUser(request, email);
  const item = stockedItem(37);
  const { id } = await itemRow(request, item.slug);
  // Seven left, above the default threshold of five; the sale of four takes it to three.
  await setStock(request, id, 7);
  await putInServerCart(request, await accessToken(request, email), id, 4);
  await placeOrderAs(request, await accessToken(request, email));
  const subject = `Low stock: ${item.product.title} (${item.options.colour}) — 3 left`;
  const alert = await mailTo(request, STAFF.email, subject);
  expect(alert.text).toContain(`Restock it: ${baseURL}/admin/items/${id}`);
  // Staff hear of it; the customer only gets the receipt.
  const toCustomer = (await (await request.get(`/_dev/mail.json?${new URLSearchParams({ to: email })}`)).json()) as Mail[];
  expect(toCustomer.map((mail) => mail.subject).filter((text) => text.startsWith('Low stock'))).toEqual([]);

  for (const scheme of ['light', 'dark'] as const) {
    await test.step(scheme, async () => {
      await openMail(page, alert.html ?? '', scheme);
      await expect(page).toHaveTitle(subject);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Running low');
      await expect(page.getByRole('row', { name: /^In stock now/ })).toContainText('3');
      await expect(page.getByRole('row', { name: /^Low-stock threshold/ })).toContainText('5');
      await expect(page.getByRole('link', { name: 'Restock it' })).toHaveAttribute('href', `${baseURL}/admin/items/${id}`);
      await expect(page.getByRole('link', { name: 'everything running low' })).toHaveAttribute('href', `${baseURL}/admin/items?status=low-stock`);
    });
  }
});
