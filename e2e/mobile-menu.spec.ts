import { PHONE, appliedTheme, expect, expectNoAxeViolations, test } from './fixtures.ts';

test.beforeEach(async ({ page }) => {
  await page.setViewportSize(PHONE);
  await page.goto('/');
});

test('at phone width the Menu button replaces the desktop navigation', async ({ page }) => {
  const banner = page.getByRole('banner');
  await expect(banner.getByRole('button', { name: 'Menu' })).toBeVisible();
  await expect(banner.locator('svg.lucide-menu')).toBeVisible();
  await expect(banner.getByRole('link', { name: 'Catalog', exact: true })).toBeHidden();
  await expect(banner.getByRole('button', { name: /^Theme/ })).toBeHidden();
  await expect(banner.getByRole('button', { name: /^Cart/ })).toBeVisible();
});

test('the menu traps focus, closes on Escape and returns focus to Menu', async ({ page }) => {
  const menuButton = page.getByRole('button', { name: 'Menu' });
  await menuButton.click();
  const dialog = page.getByRole('dialog', { name: 'Menu' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Close' })).toBeVisible();
  await expect(dialog.locator('svg.lucide-x')).toBeVisible();
  await expect(dialog.getByRole('link', { name: 'Home' })).toBeVisible();
  await expect(dialog.getByRole('link', { name: 'Catalog' })).toBeVisible();

  for (let i = 0; i < 12; i++) {
    await page.keyboard.press(i % 3 === 2 ? 'Shift+Tab' : 'Tab');
    expect(await dialog.evaluate((el) => el.contains(document.activeElement))).toBe(true);
  }

  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(menuButton).toBeFocused();
});

test('the Close button closes the menu and returns focus', async ({ page }) => {
  const menuButton = page.getByRole('button', { name: 'Menu' });
  await menuButton.click();
  await page.getByRole('dialog', { name: 'Menu' }).getByRole('button', { name: 'Close' }).click();
  await expect(page.getByRole('dialog')).toBeHidden();
  await expect(menuButton).toBeFocused();
});

test('navigating from the menu closes it', async ({ page }) => {
  await page.getByRole('button', { name: 'Menu' }).click();
  await page.getByRole('dialog', { name: 'Menu' }).getByRole('link', { name: 'Catalog' }).click();
  await expect(page).toHaveURL(/\/catalog$/);
  await expect(page.getByRole('dialog')).toBeHidden();
  await expect(page.getByRole('button', { name: 'Menu' })).toBeFocused();
});

test('the theme can be chosen from the menu', async ({ page }) => {
  await page.emulateMedia({ colorScheme: 'light' });
  await page.getByRole('button', { name: 'Menu' }).click();
  const dialog = page.getByRole('dialog', { name: 'Menu' });
  await expect(dialog.getByRole('radio', { name: 'System' })).toBeChecked();
  await dialog.locator('label', { hasText: 'Dark' }).click();
  expect(await appliedTheme(page)).toMatchObject({ theme: 'dark' });
  expect(await page.evaluate(() => localStorage.getItem('theme'))).toBe('dark');
  await expect(dialog.getByRole('radio', { name: 'Dark' })).toBeChecked();
  // By keyboard: arrows move between native radios and choose at once.
  await page.keyboard.press('ArrowRight');
  await expect(dialog.getByRole('radio', { name: 'System' })).toBeChecked();
  expect(await page.evaluate(() => localStorage.getItem('theme'))).toBe('system');
  await expectNoAxeViolations(page);
  await page.keyboard.press('Escape');
});
