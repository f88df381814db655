import { appliedTheme, expect, test } from './fixtures.ts';

const THEME_COLORS = { light: '#fff', dark: '#0c0e13' } as const;

for (const stored of ['light', 'dark', 'system', null] as const) {
  for (const os of ['light', 'dark'] as const) {
    test(`first frame is right for stored ${stored ?? 'nothing'} with OS ${os}`, async ({ page }) => {
      const expected = stored === 'light' || stored === 'dark' ? stored : os;
      await page.emulateMedia({ colorScheme: os });
      await page.addInitScript((value) => {
        if (value !== null && !sessionStorage.getItem('seeded')) {
          localStorage.setItem('theme', value);
          sessionStorage.setItem('seeded', '1');
        }
        // The first animation frame runs before the first paint: record what it would paint.
        requestAnimationFrame(() => {
          const root = document.documentElement;
          (window as unknown as { firstFrame: unknown }).firstFrame = {
            theme: root.dataset.theme,
            colorScheme: root.style.colorScheme,
            background: getComputedStyle(root).backgroundColor,
          };
        });
      }, stored);
      await page.goto('/');
      await page.waitForFunction(() => 'firstFrame' in window);
      const firstFrame = await page.evaluate(() => (window as unknown as { firstFrame: { theme: string; colorScheme: string } }).firstFrame);
      expect(firstFrame).toMatchObject({ theme: expected, colorScheme: expected });
      expect(await appliedTheme(page)).toEqual({ theme: expected, colorScheme: expected, themeColor: THEME_COLORS[expected] });
      // Loading the page never writes a preference.
      expect(await page.evaluate(() => localStorage.getItem('theme'))).toBe(stored);
    });
  }
}

test('the theme applies even when the JavaScript bundle fails to load', async ({ page, problems }) => {
  await page.route('**/assets/*.js', (route) => route.abort());
  await page.emulateMedia({ colorScheme: 'light' });
  await page.addInitScript(() => localStorage.setItem('theme', 'dark'));
  await page.goto('/');
  expect(await appliedTheme(page)).toEqual({ theme: 'dark', colorScheme: 'dark', themeColor: THEME_COLORS.dark });
  expect(await page.evaluate(() => getComputedStyle(document.documentElement).backgroundColor)).toBe('rgb(12, 14, 19)');
  // The aborted bundle is reported as a failed resource; that is this test's point.
  problems.consoleErrors.length = 0;
});

test('the page is served with a strict CSP that allows the inline script by hash only', async ({ page }) => {
  const response = await page.goto('/');
  const csp = response?.headers()['content-security-policy'] ?? '';
  const scriptSrc = csp.split(';').find((directive) => directive.trim().startsWith('script-src')) ?? '';
  expect(scriptSrc).toMatch(/'sha256-[A-Za-z0-9+/=]+'/);
  expect(scriptSrc).not.toContain('unsafe-inline');
  expect(csp).toContain("frame-ancestors 'none'");
  // The inline script ran (no violation reported by the fixture) and the app booted.
  await expect(page.getByRole('button', { name: /^Theme/ })).toBeVisible();
});
