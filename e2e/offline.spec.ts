import { createUser, forgiveFailedResponses, signInWithUi, uniqueEmail } from './account-helpers.ts';
import { addFromItemPage, cartButton, fillDelivery, openCart, stockedItem } from './cart-helpers.ts';
import { expect, test } from './fixtures.ts';

test('offline: a notice shows, changes fail visibly and roll back, and the cart catches up when the connection returns', async ({
  page,
  context,
  browser,
  request,
  problems,
}, testInfo) => {
  test.setTimeout(60_000);
  const email = uniqueEmail(testInfo, 'offline');
  await createUser(request, email);
  const kettle = stockedItem(10);
  const board = stockedItem(11);
  await signInWithUi(page, email);
  await expect(page).toHaveURL(/\/account$/);
  await addFromItemPage(page, kettle.slug, 1);
  await expect(cartButton(page)).toHaveAttribute('aria-label', 'Cart, 1 item');

  await context.setOffline(true);
  await expect(page.getByTestId('offline-notice')).toContainText('You are offline.');
  await page.getByRole('button', { name: 'Add to cart' }).click();
  await expect(page.getByRole('alert')).toHaveText('You seem to be offline. Your cart was not changed.');
  await expect(cartButton(page)).toHaveAttribute('aria-label', 'Cart, 1 item');

  // Placing an order offline says so and orders nothing; pressing again later is safe.
  await context.setOffline(false);
  await page.goto('/checkout');
  const review = page.getByRole('region', { name: 'Review your order' });
  await expect(review.getByRole('button', { name: 'Place order' })).toBeEnabled();
  await context.setOffline(true);
  await fillDelivery(review);
  await review.getByRole('button', { name: 'Place order' }).click();
  await expect(review.getByRole('alert')).toContainText('You seem to be offline, so your order could not be sent.');
  await expect(page).toHaveURL(/\/checkout$/);

  // Meanwhile the same account changes the cart on another device.
  const device = await browser.newContext();
  const other = await device.newPage();
  await signInWithUi(other, email);
  await expect(other).toHaveURL(/\/account$/);
  await addFromItemPage(other, board.slug, 2);
  await expect(cartButton(other)).toHaveAttribute('aria-label', 'Cart, 3 items');
  await expect(cartButton(page)).toHaveAttribute('aria-label', 'Cart, 1 item');

  // Back online: the notice goes and this tab refetches the cart it missed.
  await context.setOffline(false);
  await expect(page.getByTestId('offline-notice')).toBeHidden();
  await expect(cartButton(page)).toHaveAttribute('aria-label', 'Cart, 3 items');
  const drawer = await openCart(page);
  await expect(drawer.getByRole('listitem', { name: board.title }).getByTestId('line-quantity')).toHaveText('Quantity: 2');
  await device.close();
  forgiveFailedResponses(problems, [], { offline: true });
});

test('offline, a guest can still fill the cart: it lives in this browser', async ({ page, context, problems }) => {
  const cup = stockedItem(12);
  await page.goto(`/items/${cup.slug}`);
  await expect(page.getByRole('button', { name: 'Add to cart' })).toBeEnabled();
  await context.setOffline(true);
  await expect(page.getByTestId('offline-notice')).toBeVisible();
  await page.getByRole('button', { name: 'Add to cart' }).click();
  await expect(cartButton(page)).toHaveAttribute('aria-label', 'Cart, 1 item');
  await context.setOffline(false);
  await page.reload();
  await expect(cartButton(page)).toHaveAttribute('aria-label', 'Cart, 1 item');
  forgiveFailedResponses(problems, [], { offline: true });
});
