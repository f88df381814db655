import type { APIRequestContext, Page } from '@playwright/test';
import { DEV_ANON_KEY } from '../server/index.ts';
import { TEST_DELIVERY } from '../supabase/tests/test-delivery.ts';
import { createUser, mailedLink, uniqueEmail } from './account-helpers.ts';
import { accessToken, itemRow, orderByReference, placeOrderAs, putInServerCart, stockedItem } from './cart-helpers.ts';
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
