import type { Page } from '@playwright/test';
import { appIsLive, appliedTheme, expect, expectThemeMenuOpenedByEnter, holdRequests, test } from './fixtures.ts';

async function choose(page: Page, label: 'Light' | 'Dark' | 'System') {
  await page.getByRole('button', { name: /^Theme/ }).click();
  await page.getByRole('menuitemradio', { name: label }).click();
}

async function checkedOption(page: Page) {
  await page.getByRole('button', { name: /^Theme/ }).click();
  const checked = page.getByRole('menuitemradio', { checked: true });
  const name = (await checked.textContent())?.trim();
  await page.keyboard.press('Escape');
  return name;
}

test.beforeEach(async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
});

test('choosing a theme applies it, stores the raw value and survives a reload', async ({ page }) => {
  await page.emulateMedia({ colorScheme: 'light' });
  await page.goto('/');
  await expect(page.getByRole('button', { name: 'Theme: System' })).toBeVisible();
  expect(await checkedOption(page)).toBe('System');

  await choose(page, 'Dark');
  expect(await appliedTheme(page)).toMatchObject({ theme: 'dark', colorScheme: 'dark', themeColor: '#0c0e13' });
  expect(await page.evaluate(() => localStorage.getItem('theme'))).toBe('dark');
  await expect(page.getByRole('button', { name: 'Theme: Dark' })).toBeVisible();
  await expect(page.locator('[data-theme-toggle] [data-icon="moon"]')).toBeVisible();

  await page.reload();
  expect(await appliedTheme(page)).toMatchObject({ theme: 'dark' });
  expect(await checkedOption(page)).toBe('Dark');

  await choose(page, 'Light');
  expect(await appliedTheme(page)).toMatchObject({ theme: 'light', colorScheme: 'light', themeColor: '#fff' });
  await expect(page.locator('[data-theme-toggle] [data-icon="sun"]')).toBeVisible();
});

test('the menu shows the stored preference, not the resolved theme', async ({ page }) => {
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.goto('/');
  await choose(page, 'System');
  expect(await appliedTheme(page)).toMatchObject({ theme: 'dark' });
  expect(await checkedOption(page)).toBe('System');
});

test('re-choosing the current value writes nothing', async ({ page }) => {
  await page.addInitScript(() => {
    const original = Storage.prototype.setItem;
    (window as unknown as { writes: number }).writes = 0;
    Storage.prototype.setItem = function (key: string, value: string) {
      if (key === 'theme') (window as unknown as { writes: number }).writes++;
      return original.call(this, key, value);
    };
  });
  await page.goto('/');
  await choose(page, 'System');
  await choose(page, 'Dark');
  await choose(page, 'Dark');
  expect(await page.evaluate(() => (window as unknown as { writes: number }).writes)).toBe(1);
});

test('system follows the OS live; an explicit choice ignores it', async ({ page }) => {
  await page.emulateMedia({ colorScheme: 'light' });
  await page.goto('/');
  await page.emulateMedia({ colorScheme: 'dark' });
  await expect.poll(async () => (await appliedTheme(page)).theme).toBe('dark');
  await expect(page.getByRole('button', { name: 'Theme: System' })).toBeVisible();
  await page.emulateMedia({ colorScheme: 'light' });
  await expect.poll(async () => (await appliedTheme(page)).theme).toBe('light');

  await choose(page, 'Dark');
  await page.emulateMedia({ colorScheme: 'light' });
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.emulateMedia({ colorScheme: 'light' });
  expect(await appliedTheme(page)).toMatchObject({ theme: 'dark' });
});

test('the theme menu works by keyboard alone', async ({ page }) => {
  await page.emulateMedia({ colorScheme: 'light' });
  await page.goto('/');
  await page.getByRole('button', { name: /^Theme/ }).focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('menuitemradio', { name: 'Light' })).toBeFocused();
  await page.keyboard.press('ArrowDown');
  await expect(page.getByRole('menuitemradio', { name: 'Dark' })).toBeFocused();
  await page.keyboard.press('Enter');
  expect(await appliedTheme(page)).toMatchObject({ theme: 'dark' });
  await expect(page.getByRole('button', { name: 'Theme: Dark' })).toBeFocused();
});

test('a click with no pointer on the live theme button (a key press whose keydown went to the look-alike it replaced, or a screen reader) opens the menu on its first item', async ({ page }) => {
  await page.goto('/');
  await appIsLive(page);
  const trigger = page.locator('button[aria-haspopup="menu"][aria-label^="Theme"]');
  await expect(trigger).toHaveCount(1);
  // dispatchEvent sends a click with detail 0 and no pointerdown or keydown before it.
  await trigger.dispatchEvent('click');
  await expect(page.getByRole('menuitemradio', { name: 'Light' })).toBeFocused();
  await page.keyboard.press('ArrowDown');
  await expect(page.getByRole('menuitemradio', { name: 'Dark' })).toBeFocused();
});

test("Enter on the theme button while the menu's code is still on its way opens it on its first item", async ({ page }) => {
  const release = await holdRequests(page, '**/assets/theme-menu-*.js');
  await page.goto('/');
  // The app is live (src/lib/early-presses.ts), the button is still its look-alike.
  await appIsLive(page);
  await expectThemeMenuOpenedByEnter(page, release);
});

test('the theme button focused while its menu\'s code is on its way keeps the focus when the code arrives: Enter then opens it', async ({ page }) => {
  const release = await holdRequests(page, '**/assets/theme-menu-*.js');
  await page.goto('/');
  await appIsLive(page);
  await page.getByRole('button', { name: /^Theme/ }).focus();
  release();
  // The look-alike gives way to the real trigger (a menu button), which must have the focus.
  await expect(page.locator('button[aria-haspopup="menu"][aria-label^="Theme"]')).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('menuitemradio', { name: 'Light' })).toBeFocused();
});

for (const value of ['"dark"', 'DARK', 'auto', '<script>alert(1)</script>', '']) {
  test(`an invalid stored value (${JSON.stringify(value)}) means no preference`, async ({ page }) => {
    await page.emulateMedia({ colorScheme: 'dark' });
    await page.addInitScript((v) => localStorage.setItem('theme', v), value);
    await page.goto('/');
    expect(await appliedTheme(page)).toMatchObject({ theme: 'dark', colorScheme: 'dark' });
    await expect(page.getByRole('button', { name: 'Theme: System' })).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.getAttribute('data-theme'))).toBe('dark');
  });
}

test('blocked storage leaves a working in-memory choice', async ({ page }) => {
  await page.addInitScript(() => {
    Object.defineProperty(window, 'localStorage', {
      configurable: true,
      get() {
        throw new DOMException('The operation is insecure.', 'SecurityError');
      },
    });
  });
  await page.emulateMedia({ colorScheme: 'light' });
  await page.goto('/');
  expect(await appliedTheme(page)).toMatchObject({ theme: 'light' });
  await choose(page, 'Dark');
  expect(await appliedTheme(page)).toMatchObject({ theme: 'dark' });
  await expect(page.getByRole('button', { name: 'Theme: Dark' })).toBeVisible();
});

test('storage that throws on write keeps the choice for the page', async ({ page }) => {
  await page.addInitScript(() => {
    Storage.prototype.setItem = () => {
      throw new DOMException('Quota exceeded', 'QuotaExceededError');
    };
  });
  await page.goto('/');
  await choose(page, 'Dark');
  expect(await appliedTheme(page)).toMatchObject({ theme: 'dark' });
});

test('no colour transition runs during a switch', async ({ page }) => {
  await page.emulateMedia({ colorScheme: 'light', reducedMotion: 'no-preference' });
  await page.goto('/');
  await expect(page.getByRole('banner').getByRole('link', { name: 'Catalog', exact: true })).toBeVisible();
  await page.evaluate(() => {
    const w = window as unknown as { transitions: string[] };
    w.transitions = [];
    document.addEventListener('transitionrun', (event) => w.transitions.push(event.propertyName), true);
  });
  // Switch the way another tab does, with no pointer or focus change that could animate on its own.
  for (const value of ['dark', 'light', 'dark']) {
    await page.evaluate((v) => {
      localStorage.setItem('theme', v);
      window.dispatchEvent(new StorageEvent('storage', { key: 'theme', newValue: v, storageArea: localStorage }));
    }, value);
    await expect.poll(async () => (await appliedTheme(page)).theme).toBe(value);
  }
  await page.waitForTimeout(200);
  expect(await page.evaluate(() => (window as unknown as { transitions: string[] }).transitions)).toEqual([]);
  expect(await page.evaluate(() => document.documentElement.classList.contains('theme-switching'))).toBe(false);
});
