import type { Locator, Page } from '@playwright/test';
import { itemRow, setStock, stockedItem } from './cart-helpers.ts';
import { DESKTOP, appIsLive, expect, expectNoAxeViolations, test } from './fixtures.ts';

// The phone the issue was seen on.
const PHONE = { width: 390, height: 844 };

async function boxOf(locator: Locator) {
  const box = await locator.boundingBox();
  if (!box) throw new Error(`${locator.toString()} is not rendered`);
  return box;
}

async function withinFirstScreen(page: Page, locator: Locator) {
  const box = await boxOf(locator);
  const height = page.viewportSize()?.height ?? 0;
  expect(box.y, 'starts below the first screen').toBeGreaterThanOrEqual(0);
  expect(box.y + box.height, 'ends below the first screen').toBeLessThanOrEqual(height);
}

test('at 390px the item page shows picture, title, price, stock and Add to cart in the first screen', async ({ page }) => {
  await page.setViewportSize(PHONE);
  const item = stockedItem(30);
  await page.goto(`/items/${item.slug}`);
  await withinFirstScreen(page, page.getByRole('heading', { level: 1, name: item.title }));
  await withinFirstScreen(page, page.getByTestId('stock'));
  await withinFirstScreen(page, page.getByRole('button', { name: 'Add to cart' }));
  const picture = page.getByRole('img', { name: new RegExp(`^${item.title}`) }).first();
  expect((await boxOf(picture)).y).toBeLessThan(PHONE.height / 2);
  // The buy bar stays in reach while reading the description.
  await page.mouse.wheel(0, 300);
  await withinFirstScreen(page, page.getByRole('button', { name: 'Add to cart' }));
});

for (const viewport of [PHONE, DESKTOP]) {
  test(`at ${viewport.width}px adding says so with View cart and Checkout, and the button does not move`, async ({ page }) => {
    await page.setViewportSize(viewport);
    const item = stockedItem(31);
    await page.goto(`/items/${item.slug}`);
    await appIsLive(page);
    const button = page.getByRole('button', { name: 'Add to cart' });
    const before = await button.boundingBox();
    await button.click();
    const notice = page.getByRole('region', { name: 'Added to your cart' });
    await expect(notice).toContainText(`Added 1 × ${item.title}`);
    expect(await button.boundingBox()).toEqual(before);
    // A second click right after adds one more, from the same place.
    await button.click();
    await expect(notice).toContainText('2 in your cart');
    await expect(page.getByRole('button', { name: /Cart, 2 items/ })).toBeVisible();
    await expectNoAxeViolations(page);
    await notice.getByRole('link', { name: 'Checkout' }).click();
    // A guest goes straight to the review, asked only for an e-mail for the receipt.
    await expect(page).toHaveURL(/\/checkout$/);
    await expect(page.getByRole('region', { name: 'Review your order' }).getByLabel('E-mail for your receipt')).toBeVisible();
  });
}

test('a quantity above the stock says how many there are, and adding more than is left says what was added', async ({ page, request }) => {
  await page.setViewportSize(PHONE);
  const item = stockedItem(32);
  const { id, stock } = await itemRow(request, item.slug);
  await setStock(request, id, 3);
  try {
    await page.goto(`/items/${item.slug}`);
    await appIsLive(page);
    await expect(page.getByTestId('stock')).toContainText('3');
    const quantity = page.getByRole('spinbutton', { name: 'Quantity' });
    await quantity.fill('12');
    await expect(quantity).toHaveValue('3');
    await expect(page.getByText('Only 3 available.')).toBeVisible();

    await quantity.fill('2');
    await page.getByRole('button', { name: 'Add to cart' }).click();
    await expect(page.getByRole('region', { name: 'Added to your cart' })).toContainText('Added 2 ×');
    await page.getByRole('region', { name: 'Added to your cart' }).getByRole('button', { name: 'Close' }).click();
    await page.getByRole('button', { name: 'Add to cart' }).click();
    const notice = page.getByRole('region', { name: 'Added to your cart' });
    await expect(notice).toContainText('Added 1 ×');
    await expect(notice).toContainText('Only 1 more was available: you now have all 3.');
  } finally {
    await setStock(request, id, stock);
  }
});

test('at 390px the catalog shows categories in one row and filters behind a Filters button with the count', async ({ page }) => {
  await page.setViewportSize(PHONE);
  await page.goto('/catalog');
  await appIsLive(page);
  const categories = page.getByRole('navigation', { name: 'Categories' }).getByRole('list');
  const row = await boxOf(categories);
  expect(row.height).toBeLessThan(50);
  expect(await categories.evaluate((list) => list.scrollWidth > list.clientWidth)).toBe(true);
  await expect(page.getByLabel('Max price (€)')).toHaveCount(0);
  // The first item's picture (decorative: the card's title names it) starts in the first screen.
  const firstCard = await boxOf(page.getByRole('list', { name: 'Items' }).getByRole('listitem').first());
  expect(firstCard.y + 80).toBeLessThan(PHONE.height);

  await page.getByRole('button', { name: 'Filters' }).click();
  const sheet = page.getByRole('dialog', { name: 'Filters and sort' });
  await sheet.getByLabel('In stock only').check();
  await expect(page).toHaveURL(/stock=1/);
  await sheet.getByLabel('Max price (€)').fill('80');
  await expectNoAxeViolations(page);
  // The sheet's prices apply with its main button (it has no Apply of its own).
  await sheet.getByRole('button', { name: 'Show items' }).click();
  await expect(sheet).toBeHidden();
  await expect(page).toHaveURL(/max=80/);
  await expect(page.getByRole('button', { name: 'Filters, 2 active' })).toBeVisible();
});

test('at 1440px the filters are inline and there is no Filters button', async ({ page }) => {
  await page.setViewportSize(DESKTOP);
  await page.goto('/catalog');
  await appIsLive(page);
  await expect(page.getByLabel('Max price (€)')).toBeVisible();
  await expect(page.getByRole('button', { name: /^Filters/ })).toHaveCount(0);
});

for (const viewport of [PHONE, DESKTOP]) {
  test(`at ${viewport.width}px the home page shows products in the first screen`, async ({ page }) => {
    await page.setViewportSize(viewport);
    await page.goto('/');
    const firstCard = page.getByRole('list', { name: 'Featured' }).getByRole('listitem').first();
    await expect(firstCard).toBeVisible();
    const box = await boxOf(firstCard);
    // The card's picture starts within the first screen.
    expect(box.y + 80).toBeLessThan(viewport.height);
  });
}
