import type { Page } from '@playwright/test';
import { createUser, mailedLink, PASSWORD, uniqueEmail } from './account-helpers.ts';
import { addFromItemPage, cartButton, fillDelivery, itemRow, setStock, stockedItem } from './cart-helpers.ts';
import { DESKTOP, expect, expectNoAxeViolations, test } from './fixtures.ts';

const PHONE = { width: 390, height: 844 };
const REFERENCE = /^[0-9A-HJKMNP-TV-Z]{4}-[0-9A-HJKMNP-TV-Z]{4}$/;

/** The reference in an order page's address (/orders/<reference>). */
function referenceOf(page: Page): string {
  const reference = decodeURIComponent(new URL(page.url()).pathname.split('/').pop() ?? '');
  expect(reference).toMatch(REFERENCE);
  return reference;
}

for (const [index, viewport] of [PHONE, DESKTOP].entries()) {
  test(`at ${viewport.width}px a guest orders with an e-mail, opens the receipt's link on another device, and keeps the order by signing up`, async ({
    page,
    browser,
    request,
  }, testInfo) => {
    test.setTimeout(120_000);
    await page.setViewportSize(viewport);
    const email = uniqueEmail(testInfo, `guest-${viewport.width}`);
    const item = stockedItem(15 + index);
    await addFromItemPage(page, item.slug, 2);
    await expect(cartButton(page)).toHaveAccessibleName(/^Cart, 2 items/);

    // The cart offers ordering as a guest first; the review asks for the receipt's address.
    await page.goto('/cart');
    await page.getByRole('link', { name: 'Check out as a guest' }).click();
    const review = page.getByRole('region', { name: 'Review your order' });
    await review.getByRole('button', { name: 'Place order' }).click();
    await expect(review.getByRole('alert')).toHaveText(/^Nothing was ordered: \d details need your attention below\.$/);
    await expect(review.getByLabel('E-mail for your receipt')).toBeFocused();
    await expect(review.getByText('Enter the e-mail address for your receipt.')).toBeVisible();
    await review.getByLabel('E-mail for your receipt').fill('not-an-address');
    await review.getByRole('button', { name: 'Place order' }).click();
    await expect(review.getByText('Enter an e-mail address such as name@example.com.')).toBeVisible();
    await expectNoAxeViolations(page);

    await review.getByLabel('E-mail for your receipt').fill(email);
    await fillDelivery(review);
    await review.getByRole('button', { name: 'Place order' }).click();
    await expect(page).toHaveURL(/\/orders\/[0-9A-Z]{4}-[0-9A-Z]{4}$/);
    const reference = referenceOf(page);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Order ${reference}`);
    await expect(page.getByText('Thank you! Your order is placed')).toBeVisible();
    await expect(page.getByRole('table', { name: 'Order lines' })).toContainText(item.title);
    // What was ordered left the browser's cart; the guest is still a guest.
    await expect(cartButton(page)).toHaveAccessibleName(/^Cart, (0 items|empty)/);
    await expect(page.getByRole('heading', { name: 'Keep this order in an account' })).toBeVisible();
    await expect(page.getByTestId('order-status')).toContainText('Confirmed');
    await expectNoAxeViolations(page);

    // The receipt goes to the address given, with a link that opens the order anywhere.
    const { link } = await mailedLink(request, email, `Your Lumen order ${reference} is confirmed`);
    expect(new URL(link).pathname).toBe(`/orders/${reference}`);
    const elsewhere = await browser.newContext({ viewport });
    const other = await elsewhere.newPage();
    await other.goto(new URL(link).pathname + new URL(link).search);
    await expect(other.getByRole('heading', { level: 1 })).toHaveText(`Order ${reference}`);
    await expect(other.getByRole('table', { name: 'Order lines' })).toContainText(item.title);
    await expect(other.getByTestId('order-by-link')).toBeVisible();
    await expect(other.getByRole('button', { name: 'Cancel this order' })).toHaveCount(0);
    // Without the key the same address asks to sign in; a wrong key finds nothing.
    await other.goto(`/orders/${reference}`);
    await expect(other).toHaveURL(/\/sign-in\?next=/);
    await other.goto(`/orders/${reference}?key=${crypto.randomUUID()}`);
    await expect(other.getByRole('heading', { level: 1 })).toHaveText('Page not found');
    await elsewhere.close();

    // Signing up from the order page keeps the order: the account is the same user.
    const offer = page.getByRole('form', { name: 'Create an account for this order' });
    await expect(offer.getByLabel('E-mail')).toHaveValue(email);
    await offer.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await offer.getByRole('button', { name: 'Create account' }).click();
    await expect(page.getByRole('heading', { name: 'Keep this order in an account' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Cancel this order' })).toBeVisible();
    await page.goto('/account');
    await expect(page.getByRole('table', { name: 'Orders' }).getByRole('link', { name: `Order ${reference}` })).toBeVisible();
  });
}

test('a guest who signs in to an existing account brings the order along, and a short stock is reported before ordering', async ({ page, request }, testInfo) => {
  test.setTimeout(120_000);
  await page.setViewportSize(DESKTOP);
  const email = uniqueEmail(testInfo, 'guest-handover');
  await createUser(request, email);
  const item = stockedItem(17);
  const row = await itemRow(request, item.slug);
  await addFromItemPage(page, item.slug, 3);

  // Stock fell to 2 while the guest shopped: nothing is ordered, and the browser's cart follows.
  await setStock(request, row.id, 2);
  await page.goto('/checkout');
  const review = page.getByRole('region', { name: 'Review your order' });
  await review.getByLabel('E-mail for your receipt').fill(email);
  await fillDelivery(review);
  await review.getByRole('button', { name: 'Place order' }).click();
  await expect(review.getByRole('alert').first()).toContainText(`${item.title}: only 2 left, so your cart now has 2 instead of 3.`);
  await expect(cartButton(page)).toHaveAccessibleName(/^Cart, 2 items/);
  await review.getByRole('button', { name: 'Place order' }).click();
  await expect(page).toHaveURL(/\/orders\/[0-9A-Z]{4}-[0-9A-Z]{4}$/);
  const reference = referenceOf(page);

  // Signing in to the existing account hands the order over.
  await page.getByRole('region', { name: 'Keep this order in an account' }).getByRole('link', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/sign-in\?next=/);
  const form = page.getByRole('form', { name: 'Sign in' });
  await form.getByLabel('E-mail').fill(email);
  await form.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await form.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(new RegExp(`/orders/${reference}$`));
  await expect(page.getByRole('button', { name: 'Cancel this order' })).toBeVisible();
  await page.goto('/account');
  await expect(page.getByRole('table', { name: 'Orders' }).getByRole('link', { name: `Order ${reference}` })).toBeVisible();
  await setStock(request, row.id, row.stock);
});

test('two guests one after the other on one device: the second starts afresh and never sees the first one’s order or address', async ({ page, request }, testInfo) => {
  test.setTimeout(120_000);
  await page.setViewportSize(PHONE);
  const first = uniqueEmail(testInfo, 'guest-first');
  const second = uniqueEmail(testInfo, 'guest-second');

  // An empty cart has nothing to review: no form to fill.
  await page.goto('/checkout');
  const review = page.getByRole('region', { name: 'Review your order' });
  await expect(review.getByText('There is nothing to order: your cart is empty.')).toBeVisible();
  await expect(review.getByLabel('Full name')).toHaveCount(0);
  await expect(review.getByRole('button', { name: 'Place order' })).toHaveCount(0);

  await addFromItemPage(page, stockedItem(18).slug, 1);
  await page.goto('/checkout');
  await review.getByLabel('E-mail for your receipt').fill(first);
  await fillDelivery(review);
  await review.getByRole('button', { name: 'Place order' }).click();
  await expect(page).toHaveURL(/\/orders\/[0-9A-Z]{4}-[0-9A-Z]{4}$/);
  const firstReference = referenceOf(page);

  // The next person orders with another address: a new guest, an empty address form.
  await addFromItemPage(page, stockedItem(19).slug, 1);
  await page.goto('/checkout');
  await expect(review.getByLabel('Full name')).toHaveValue('');
  await review.getByLabel('E-mail for your receipt').fill(second);
  await fillDelivery(review);
  await review.getByRole('button', { name: 'Place order' }).click();
  await expect(page).toHaveURL(/\/orders\/[0-9A-Z]{4}-[0-9A-Z]{4}$/);
  const secondReference = referenceOf(page);
  expect(secondReference).not.toBe(firstReference);
  await expect(page.getByRole('form', { name: 'Create an account for this order' }).getByLabel('E-mail')).toHaveValue(second);

  // The first guest's order is no longer this device's to show without its receipt's link.
  await page.goto(`/orders/${firstReference}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Page not found');
  const { link } = await mailedLink(request, first, `Your Lumen order ${firstReference} is confirmed`);
  await page.goto(new URL(link).pathname + new URL(link).search);
  await expect(page.getByTestId('order-by-link')).toBeVisible();
});
