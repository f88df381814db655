import { DEMO_ITEMS } from './demo-catalog.ts';
import { DESKTOP, appIsLive, expect, expectNoAxeViolations, test } from './fixtures.ts';
import type { Page } from '@playwright/test';

const PHONE_390 = { width: 390, height: 844 };
const seating = DEMO_ITEMS.filter((item) => item.category_slug === 'seating');
if (!seating.some((item) => item.price_cents > 15_000) || !seating.some((item) => item.price_cents <= 15_000)) {
  throw new Error('the demo seating has no items on both sides of €150');
}

/** The prices the listing's cards show, in euros. */
async function shownPrices(page: Page): Promise<number[]> {
  const prices = page.getByRole('list', { name: 'Items' }).locator('article p span:first-child');
  return (await prices.allTextContents()).map((text) => Number(text.replace(/[^0-9.]/g, '')));
}

test('at 390px, a max typed into the Filters sheet applies with "Show items", and the button counts it', async ({ page }) => {
  await page.setViewportSize(PHONE_390);
  await page.goto('/catalog');
  await appIsLive(page);
  await page.getByRole('navigation', { name: 'Categories' }).getByRole('link', { name: 'Seating' }).click();
  await expect(page).toHaveURL(/\/catalog\/seating$/);
  await expect.poll(async () => Math.max(...(await shownPrices(page)))).toBeGreaterThan(150);

  const filters = page.getByRole('button', { name: /^Filters/ });
  await expect(filters).toHaveAccessibleName('Filters');
  await filters.click();
  const sheet = page.getByRole('dialog', { name: 'Filters and sort' });
  await sheet.getByLabel('Max price (€)').fill('150');
  await sheet.getByRole('button', { name: 'Show items' }).click();

  await expect(sheet).toBeHidden();
  await expect(page).toHaveURL(/\/catalog\/seating\?max=150$/);
  await expect(filters).toHaveAccessibleName('Filters, 1 active');
  await expect.poll(async () => Math.max(...(await shownPrices(page)))).toBeLessThanOrEqual(150);
  const expected = new Set(seating.filter((item) => item.price_cents <= 15_000).map((item) => item.product.slug));
  await expect(page.getByRole('status').filter({ hasText: /items?$/ })).toHaveText(`${expected.size} ${expected.size === 1 ? 'item' : 'items'}`);
  expect(Math.max(...(await shownPrices(page)))).toBeLessThanOrEqual(150);

  // Opened again, the sheet shows what applies; a wrong price keeps it open on that field.
  await filters.click();
  await expect(sheet.getByLabel('Max price (€)')).toHaveValue('150');
  await sheet.getByLabel('Min price (€)').fill('-5');
  await sheet.getByRole('button', { name: 'Show items' }).click();
  await expect(sheet).toBeVisible();
  const min = sheet.getByLabel('Min price (€)');
  await expect(min).toBeFocused();
  await expect(min).toHaveAttribute('aria-invalid', 'true');
  await expect(min).toHaveAccessibleDescription("Min price can't be negative.");
  await expectNoAxeViolations(page);
  await min.fill('');
  await sheet.getByRole('button', { name: 'Show items' }).click();
  await expect(sheet).toBeHidden();
  await expect(page).toHaveURL(/\/catalog\/seating\?max=150$/);
});

test('at 1440px each wrong price gets its own message beside its field, and a typed price is not lost to another filter', async ({ page }) => {
  await page.setViewportSize(DESKTOP);
  await page.goto('/catalog/seating');
  await appIsLive(page);
  const min = page.getByLabel('Min price (€)');
  const max = page.getByLabel('Max price (€)');

  await min.fill('-5');
  await max.fill('abc');
  await page.getByRole('button', { name: 'Apply' }).click();
  const alert = page.getByRole('form', { name: 'Price range' }).getByRole('alert');
  await expect(alert.locator('p')).toHaveText(["Min price can't be negative.", 'Max price must be a number, such as 150.']);
  await expect(alert).not.toContainText(/neither|not a price/i);
  await expect(min).toHaveAttribute('aria-invalid', 'true');
  await expect(min).toHaveAccessibleDescription("Min price can't be negative.");
  await expect(max).toHaveAttribute('aria-invalid', 'true');
  await expect(max).toHaveAccessibleDescription('Max price must be a number, such as 150.');
  await expect(min).toBeFocused();
  await expect(page).toHaveURL(/\/catalog\/seating$/);
  await expectNoAxeViolations(page);

  // Min above max: the max says so; the min is fine.
  await min.fill('200');
  await max.fill('150');
  await max.press('Enter');
  await expect(alert).toHaveText("Max price can't be less than the min price.");
  await expect(min).not.toHaveAttribute('aria-invalid');
  await expect(max).toHaveAccessibleDescription("Max price can't be less than the min price.");

  // A max typed (with a decimal comma) but not applied goes along when another filter changes.
  await min.fill('');
  await max.fill('150,5');
  await page.getByLabel('In stock only').check();
  await expect(page).toHaveURL(/\/catalog\/seating\?max=150\.5&stock=1$/);
  await expect(alert).toBeHidden();
  await expect(max).toHaveValue('150.5');
  await expect.poll(async () => Math.max(...(await shownPrices(page)))).toBeLessThanOrEqual(150.5);

  // One that is not a price stays, marked, while the other change still applies.
  await max.fill('lots');
  await page.getByLabel('Sort by').selectOption('price_asc');
  await expect(page).toHaveURL(/\/catalog\/seating\?max=150\.5&stock=1&sort=price_asc$/);
  await expect(max).toHaveValue('lots');
  await expect(max).toHaveAccessibleDescription('Max price must be a number, such as 150.');
});
