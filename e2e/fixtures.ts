import AxeBuilder from '@axe-core/playwright';
import { test as base, expect, type Page } from '@playwright/test';

export interface PageProblems {
  consoleErrors: string[];
  pageErrors: string[];
  cspViolations: string[];
}

/**
 * Records a page's uncaught errors, console errors and CSP violations in `problems`; for pages a
 * test opens in a browser context of its own (the fixture below watches its own context's pages).
 * A document the server answers as not found (404) or gone (410) is what the test asked for:
 * Chromium logs its status as a console error, which is not the app's.
 */
export function watchPage(page: Page, problems: PageProblems): void {
  const missingDocuments = new Set<string>();
  page.on('response', (response) => {
    if (response.request().isNavigationRequest() && [404, 410].includes(response.status())) missingDocuments.add(response.url());
  });
  page.on('console', (message) => {
    if (message.type() !== 'error') return;
    const text = message.text();
    if (text.startsWith('Failed to load resource') && missingDocuments.has(message.location().url)) return;
    (text.startsWith('CSP violation') ? problems.cspViolations : problems.consoleErrors).push(text);
  });
  page.on('pageerror', (error) => problems.pageErrors.push(error.message));
}

/**
 * Every test fails on an uncaught error, a console error or a CSP violation in any page it
 * opened (epic-stack's "noisy tests fail"). Tests that expect one take it out of `problems`.
 */
export const test = base.extend<{ problems: PageProblems }>({
  problems: [
    async ({ context }, use) => {
      const problems: PageProblems = { consoleErrors: [], pageErrors: [], cspViolations: [] };
      await context.addInitScript(() => {
        document.addEventListener('securitypolicyviolation', (event) => {
          console.error(`CSP violation: ${event.violatedDirective} ${event.blockedURI}`);
        });
      });
      const watch = (page: Page) => watchPage(page, problems);
      context.pages().forEach(watch);
      context.on('page', watch);
      await use(problems);
      expect(problems, 'no console errors, uncaught errors or CSP violations').toEqual({
        consoleErrors: [],
        pageErrors: [],
        cspViolations: [],
      });
    },
    { auto: true },
  ],
});

export { expect };

export const PHONE = { width: 360, height: 740 };
export const DESKTOP = { width: 1440, height: 900 };

/** Holds every request matching `url` until the returned function is called. */
export async function holdRequests(page: Page, url: string): Promise<() => void> {
  let release = () => {};
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(url, async (route) => {
    await released;
    await route.continue();
  });
  return release;
}

/**
 * Resolves once the app has taken over the prerendered page (the inline loader stops recording
 * early presses, src/lib/early-presses.ts). Before then the page is HTML: links and forms work,
 * scripted behaviour (a gallery's arrow keys) does not yet.
 */
export async function appIsLive(page: Page) {
  await page.waitForFunction(() => (window as { lumenEarlyPresses?: unknown }).lumenEarlyPresses === null);
}

/**
 * Presses Enter on the focused theme button while some code is held back, lets it through
 * (`release`), and expects the menu to open on its first item with the arrow keys working, as
 * a keyboard press on the live menu does.
 */
export async function expectThemeMenuOpenedByEnter(page: Page, release: () => void) {
  await page.getByRole('button', { name: /^Theme/ }).focus();
  await page.keyboard.press('Enter');
  release();
  await expect(page.getByRole('menuitemradio', { name: 'Light' })).toBeFocused();
  await page.keyboard.press('ArrowDown');
  await expect(page.getByRole('menuitemradio', { name: 'Dark' })).toBeFocused();
}

/** The applied theme as the page shows it. */
export async function appliedTheme(page: Page) {
  return page.evaluate(() => ({
    theme: document.documentElement.dataset.theme,
    colorScheme: document.documentElement.style.colorScheme,
    themeColor: document.querySelector<HTMLMetaElement>('meta[name="theme-color"]')?.content,
  }));
}

/**
 * Runs axe on the page as it is (open dialogs included) and fails on any violation at all,
 * whatever its impact, naming the rule, its impact and every offending node. Besides axe's
 * default rules it checks target-size (WCAG 2.2 AA 2.5.8, off in axe by default).
 */
export async function expectNoAxeViolations(page: Page) {
  const results = await new AxeBuilder({ page }).options({ rules: { 'target-size': { enabled: true } } }).analyze();
  const found = results.violations.map(
    (v) => `${v.id} (${v.impact ?? 'no impact'}): ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`,
  );
  expect(found, 'axe violations (every impact)').toEqual([]);
}
