import { createUser, forgiveFailedResponses, signInWithUi, uniqueEmail } from './account-helpers.ts';
import {
  accessToken,
  addFromItemPage,
  cartButton,
  itemRow,
  openCart,
  putInServerCart,
  serverCart,
  setStock,
  stockedItem,
} from './cart-helpers.ts';
import { formatPrice } from '../src/utils/format.ts';
import { expect, expectNoAxeViolations, test } from './fixtures.ts';

test('a guest fills the cart: the count changes at once, the drawer works by keyboard, the cart survives a reload', async ({ page }) => {
  const mug = stockedItem(0);
  const bowl = stockedItem(1);
  await addFromItemPage(page, mug.slug, 2);
  await expect(cartButton(page)).toHaveAttribute('aria-label', 'Cart, 2 items');
  await expect(page.getByText('2 in your cart', { exact: true })).toBeVisible();
  await expect(page.getByTestId('cart-announcer')).toHaveText(`Added 2 × ${mug.title} to your cart.`);
  await addFromItemPage(page, bowl.slug);
  await expect(cartButton(page)).toHaveAttribute('aria-label', 'Cart, 3 items');

  await page.reload();
  await expect(cartButton(page)).toHaveAttribute('aria-label', 'Cart, 3 items');

  // The drawer: a dialog that traps focus, closes on Escape and gives focus back to the button.
  await cartButton(page).focus();
  await page.keyboard.press('Enter');
  const drawer = page.getByRole('dialog', { name: 'Your cart' });
  await expect(drawer).toBeVisible();
  await expectNoAxeViolations(page);
  const mugLine = drawer.getByRole('listitem', { name: mug.title });
  await mugLine.getByRole('button', { name: `One more ${mug.title}` }).click();
  await expect(mugLine.getByTestId('line-quantity')).toHaveText('Quantity: 3');
  // Each line shows its unit price times the quantity next to the line's total.
  await expect(mugLine.getByTestId('line-unit-price')).toHaveText(`${formatPrice(mug.price_cents, 'EUR')} × 3`);
  await expect(cartButton(page)).toHaveAttribute('aria-label', 'Cart, 4 items');
  await drawer.getByRole('listitem', { name: bowl.title }).getByRole('button', { name: /^Remove/ }).click();
  await expect(drawer.getByRole('listitem')).toHaveCount(1);
  await expect(page.getByTestId('cart-announcer')).toHaveText(`Removed ${bowl.title} from your cart.`);
  for (let i = 0; i < 12; i++) await page.keyboard.press('Tab');
  await expect(drawer.locator(':focus')).toHaveCount(1);
  await page.keyboard.press('Escape');
  await expect(drawer).toBeHidden();
  await expect(cartButton(page)).toBeFocused();

  // The /cart page shows the same cart, and a guest is asked to sign in to order.
  await page.goto('/cart');
  await expect(page.getByRole('list', { name: 'Cart lines' }).getByRole('listitem')).toHaveCount(1);
  await expect(page.getByRole('link', { name: 'Sign in to order' })).toHaveAttribute('href', '/sign-in?next=%2Fcheckout');
});

test('two tabs of one account, and a second device, stay in step', async ({ page, browser, request }, testInfo) => {
  const email = uniqueEmail(testInfo, 'sync');
  await createUser(request, email);
  const vase = stockedItem(2);
  const tray = stockedItem(3);

  await signInWithUi(page, email);
  await expect(page).toHaveURL(/\/account$/);
  const secondTab = await page.context().newPage();
  await secondTab.goto('/');
  await expect(cartButton(secondTab)).toHaveAttribute('aria-label', 'Cart, 0 items');

  const device = await browser.newContext();
  const devicePage = await device.newPage();
  await signInWithUi(devicePage, email);
  await expect(devicePage).toHaveURL(/\/account$/);
  await expect(cartButton(devicePage)).toHaveAttribute('aria-label', 'Cart, 0 items');

  await addFromItemPage(page, vase.slug, 2);
  await expect(cartButton(page)).toHaveAttribute('aria-label', 'Cart, 2 items');
  await expect(cartButton(secondTab)).toHaveAttribute('aria-label', 'Cart, 2 items');
  await expect(cartButton(devicePage)).toHaveAttribute('aria-label', 'Cart, 2 items');

  // A change in the other tab comes back too, and so does one from the second device.
  const drawer = await openCart(secondTab);
  await drawer.getByRole('button', { name: `One fewer ${vase.title}` }).click();
  await expect(cartButton(page)).toHaveAttribute('aria-label', 'Cart, 1 item');
  await expect(cartButton(devicePage)).toHaveAttribute('aria-label', 'Cart, 1 item');
  await addFromItemPage(devicePage, tray.slug, 3);
  await expect(cartButton(page)).toHaveAttribute('aria-label', 'Cart, 4 items');
  await expect(drawer.getByRole('listitem', { name: tray.title }).getByTestId('line-quantity')).toHaveText('Quantity: 3');
  await device.close();
});

test('a change the server refuses rolls back with its reason', async ({ page, request, problems }, testInfo) => {
  const email = uniqueEmail(testInfo, 'refused');
  await createUser(request, email);
  const lamp = stockedItem(4);
  const { id, stock } = await itemRow(request, lamp.slug);
  await signInWithUi(page, email);
  await expect(page).toHaveURL(/\/account$/);
  await addFromItemPage(page, lamp.slug, 1);
  await expect(cartButton(page)).toHaveAttribute('aria-label', 'Cart, 1 item');
  const drawer = await openCart(page);

  // Someone else buys all but one while the drawer still believes there are plenty.
  await setStock(request, id, 1);
  try {
    const line = drawer.getByRole('listitem', { name: lamp.title });
    await line.getByRole('button', { name: `One more ${lamp.title}` }).click();
    await expect(drawer.getByRole('alert')).toHaveText(`Only 1 of ${lamp.title} left.`);
    await expect(line.getByTestId('line-quantity')).toHaveText('Quantity: 1');
    await expect(cartButton(page)).toHaveAttribute('aria-label', 'Cart, 1 item');
    await expect(page.getByTestId('cart-announcer')).toContainText(`Not changed: ${lamp.title}.`);
    const token = await accessToken(request, email);
    expect(await serverCart(request, token)).toEqual([{ item_id: id, quantity: 1 }]);
    forgiveFailedResponses(problems, [400]);
  } finally {
    await setStock(request, id, stock);
  }
});

test('a guest cart merges into the account on sign-in: quantities summed, nothing lost', async ({ page, request }, testInfo) => {
  const email = uniqueEmail(testInfo, 'merge');
  await createUser(request, email);
  const chair = stockedItem(5);
  const stool = stockedItem(6);
  const { id: chairId } = await itemRow(request, chair.slug);
  const { id: stoolId } = await itemRow(request, stool.slug);
  // The account already holds one chair from an earlier visit.
  const token = await accessToken(request, email);
  await putInServerCart(request, token, chairId, 1);

  await addFromItemPage(page, chair.slug, 2);
  await addFromItemPage(page, stool.slug, 1);
  await expect(cartButton(page)).toHaveAttribute('aria-label', 'Cart, 3 items');
  await page.goto('/cart');
  await page.getByRole('link', { name: 'Sign in to order' }).click();
  const form = page.getByRole('form', { name: 'Sign in' });
  await form.getByLabel('E-mail').fill(email);
  await form.getByLabel('Password', { exact: true }).fill('first-password-1');
  await form.getByRole('button', { name: 'Sign in' }).click();

  await expect(page).toHaveURL(/\/checkout$/);
  await expect(cartButton(page)).toHaveAttribute('aria-label', 'Cart, 4 items');
  const review = page.getByRole('region', { name: 'Review your order' });
  await expect(review.getByRole('row', { name: new RegExp(chair.title) })).toContainText('3');
  await expect(review.getByRole('row', { name: new RegExp(stool.title) })).toContainText('1');
  expect(await serverCart(request, token)).toEqual(
    [
      { item_id: chairId, quantity: 3 },
      { item_id: stoolId, quantity: 1 },
    ].sort((a, b) => a.item_id - b.item_id),
  );
  expect(await page.evaluate(() => localStorage.getItem('lumen-guest-cart'))).toBeNull();
});
