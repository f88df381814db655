import type { Page } from '@playwright/test';
import { generateItems } from '../supabase/seed/catalog-generator.ts';
import { DESKTOP, PHONE, appIsLive, appliedTheme, expect, expectThemeMenuOpenedByEnter, holdRequests, test } from './fixtures.ts';

// The public routes are prerendered at build time (scripts/prerender.ts) and hydrated in the
// browser; the build's text files are precompressed (scripts/precompress.ts).

const ITEM = generateItems(240)[0];
if (!ITEM) throw new Error('the demo catalog has no items');

const PUBLIC_ROUTES = [
  { path: '/', heading: 'Things for a calmer home, chosen with care.' },
  { path: '/catalog', heading: 'Catalog' },
  { path: '/catalog/lighting', heading: 'Lighting' },
  { path: `/items/${ITEM.slug}`, heading: ITEM.title },
  { path: '/search', heading: 'Search' },
  { path: '/sign-in', heading: 'Sign in' },
] as const;

function decodeEntities(text: string): string {
  return text.replaceAll('&amp;', '&').replaceAll('&#x27;', "'").replaceAll('&quot;', '"').replaceAll('&lt;', '<').replaceAll('&gt;', '>');
}

test('every public route is served as HTML that already has its header and heading, for that address', async ({ request }) => {
  for (const { path, heading } of PUBLIC_ROUTES) {
    const response = await request.get(path);
    expect(response.status(), path).toBe(200);
    const html = await response.text();
    expect(html, path).toContain(`data-prerendered="${path}"`);
    const h1 = /<h1[^>]*>([\s\S]*?)<\/h1>/.exec(html)?.[1]?.replace(/<[^>]+>/g, '');
    expect(decodeEntities(h1 ?? ''), path).toBe(heading);
    expect(html, path).toMatch(/<header[^>]*>[\s\S]*Lumen[\s\S]*<\/header>/);
    expect(html, path).toMatch(/aria-label="Cart, 0 items"/);
    expect(html, path).toMatch(/<title>[^<]+<\/title>/);
  }
  // Anything else gets the app shell (header and a skeleton), which the app renders into.
  const other = await (await request.get('/account')).text();
  expect(other).not.toContain('data-prerendered=');
  expect(other).toMatch(/<header[^>]*>[\s\S]*<\/header>/);
});

test('the first paint needs no JavaScript: with every script refused, the page is there, themed', async ({ page, problems }) => {
  await page.route('**/assets/*.js', (route) => route.abort());
  for (const theme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: theme });
    for (const { path, heading } of PUBLIC_ROUTES) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 }), path).toHaveText(heading);
      await expect(page.getByRole('banner').getByRole('link', { name: 'Lumen' })).toBeVisible();
      expect((await appliedTheme(page)).theme, path).toBe(theme);
      const background = await page.evaluate(() => getComputedStyle(document.documentElement).backgroundColor);
      expect(background, path).toBe(theme === 'dark' ? 'rgb(12, 14, 19)' : 'rgb(255, 255, 255)');
    }
  }
  // The refused scripts are reported as failed loads; that is this test's point.
  problems.consoleErrors.length = 0;
});

/** Every script, stylesheet and font the page loaded from this origin, and the document itself. */
async function firstRouteFiles(page: Page, path: string): Promise<string[]> {
  const files = new Set<string>();
  page.on('requestfinished', (finished) => {
    const url = new URL(finished.url());
    if (url.origin === new URL(page.url() || 'http://x').origin && ['script', 'stylesheet', 'document'].includes(finished.resourceType())) files.add(url.pathname);
  });
  await page.goto(path, { waitUntil: 'networkidle' });
  return [...files];
}

test('every first-route text file answers compressed when asked, brotli or gzip, with Vary', async ({ page, request }) => {
  const files = await firstRouteFiles(page, '/');
  // The entry and the chunks it starts with; chunks loaded when the browser is idle may come later under load.
  expect(files.filter((file) => file.endsWith('.js')).length).toBeGreaterThan(1);
  expect(files.some((file) => file.endsWith('.css'))).toBe(true);
  for (const file of files) {
    for (const encoding of ['br', 'gzip'] as const) {
      const response = await request.get(file, { headers: { 'Accept-Encoding': encoding } });
      expect(response.headers()['content-encoding'], `${file} with ${encoding}`).toBe(encoding);
      expect(response.headers().vary, file).toBe('Accept-Encoding');
    }
  }
  // API answers over 1 KiB travel gzipped too.
  const api = await request.post('/rest/v1/rpc/search_items', {
    headers: { apikey: 'sb_publishable_ACJWlzQHlZjBrEguHvfOxg_3BJgxAaH', 'Accept-Encoding': 'gzip' },
    data: { query: '', page_size: 24 },
  });
  expect(api.headers()['content-encoding']).toBe('gzip');
});

// The widths (390 × 844, a current phone), the narrowest phone the app supports, and desktop.
for (const viewport of [{ width: 390, height: 844 }, PHONE, DESKTOP]) {
  test(`no layout shift and no console warning while each public route loads (${viewport.width} px)`, async ({ page }) => {
    await page.setViewportSize(viewport);
    const warnings: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'warning') warnings.push(`${page.url()}: ${message.text()}`);
    });
    await page.addInitScript(() => {
      const shifts: { value: number; sources: string[] }[] = [];
      (window as unknown as { layoutShifts: typeof shifts }).layoutShifts = shifts;
      new PerformanceObserver((list) => {
        type Source = { node?: Node; previousRect: DOMRectReadOnly; currentRect: DOMRectReadOnly };
        for (const entry of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean; sources?: Source[] })[]) {
          if (entry.hadRecentInput) continue;
          const rect = ({ x, y, width, height }: DOMRectReadOnly) => `${x},${y} ${width}×${height}`;
          const sources = (entry.sources ?? []).map(
            (source) =>
              `${source.node instanceof Element ? source.node.outerHTML.slice(0, 120) : String(source.node?.nodeName)} ${rect(source.previousRect)} → ${rect(source.currentRect)} @${Math.round(entry.startTime)} ms`,
          );
          shifts.push({ value: entry.value, sources });
        }
      }).observe({ type: 'layout-shift', buffered: true });
    });
    for (const { path, heading } of PUBLIC_ROUTES) {
      await page.goto(path, { waitUntil: 'networkidle' });
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(heading);
      // Hydrated, the header's widgets arrived, the prerendered data refreshed.
      await expect(page.getByRole('banner').getByRole('button', { name: /^Cart, / })).toHaveAttribute('aria-haspopup', 'dialog');
      await page.waitForTimeout(500);
      const shifts = await page.evaluate(() => (window as unknown as { layoutShifts: { value: number; sources: string[] }[] }).layoutShifts);
      expect(shifts, `layout shifts on ${path}`).toEqual([]);
    }
    expect(warnings).toEqual([]);
  });
}

test('a prerendered page hydrates: the page it shows is the app, with live data and working links', async ({ page }) => {
  await page.goto('/catalog/lighting');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Lighting');
  // The count (in the prerendered HTML too, then fetched again after hydration) and, once the app
  // is live, a client-side navigation; a link followed before then is a plain page load, as it
  // should be, which is not what this test is about.
  await expect(page.getByRole('status').filter({ hasText: /items?$/ })).toBeVisible();
  await appIsLive(page);
  await page.evaluate(() => ((window as unknown as { marker: boolean }).marker = true));
  await page.getByRole('banner').getByRole('link', { name: 'Catalog' }).click();
  await expect(page).toHaveURL(/\/catalog$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Catalog');
  expect(await page.evaluate(() => (window as unknown as { marker?: boolean }).marker)).toBe(true);
});

/** Holds the app's entry script until the returned function is called. */
function holdTheApp(page: Page): Promise<() => void> {
  return holdRequests(page, '**/assets/index-*.js');
}

test('what is typed into a prerendered form before the app is live is kept, and it is never submitted by the browser', async ({ page }) => {
  const release = await holdTheApp(page);
  await page.goto('/sign-in', { waitUntil: 'commit' });
  const form = page.getByRole('form', { name: 'Sign in' });
  await form.getByLabel('E-mail').fill('demo@lumen.test');
  await form.getByLabel('Password', { exact: true }).fill('demo-password-1');
  // Not live yet: the button waits, so the browser cannot send the password in the address.
  await expect(form.getByRole('button', { name: 'Sign in' })).toBeDisabled();
  release();
  await expect(form.getByRole('button', { name: 'Sign in' })).toBeEnabled();
  await expect(form.getByLabel('E-mail')).toHaveValue('demo@lumen.test');
  await expect(form.getByLabel('Password', { exact: true })).toHaveValue('demo-password-1');
  await form.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/account$/);
  expect(page.url()).not.toContain('password');
});

test('what is typed into a prerendered page that is rendered anew (its address has a query) is kept, up to the moment it is replaced', async ({ page }) => {
  const release = await holdTheApp(page);
  await page.goto('/sign-in?from=prerender-test', { waitUntil: 'commit' });
  const form = page.getByRole('form', { name: 'Sign in' });
  await form.getByLabel('E-mail').fill('demo@lumen.test');
  release();
  // Typed while the app renders the page in slices: into the prerendered box or the live one,
  // whichever is on screen at that moment; either way it must survive.
  await form.getByLabel('Password', { exact: true }).fill('demo-password-1');
  await expect(form.getByRole('button', { name: 'Sign in' })).toBeEnabled();
  await expect(form.getByLabel('E-mail')).toHaveValue('demo@lumen.test');
  await expect(form.getByLabel('Password', { exact: true })).toHaveValue('demo-password-1');
});

test('a field that has the focus when its page is rendered anew keeps it: typing goes on into the live field', async ({ page }) => {
  const release = await holdTheApp(page);
  await page.goto('/sign-in?from=prerender-test', { waitUntil: 'commit' });
  const form = page.getByRole('form', { name: 'Sign in' });
  await form.getByLabel('E-mail').fill('demo@');
  release();
  await expect(form.getByRole('button', { name: 'Sign in' })).toBeEnabled();
  // The prerendered field is gone; what is typed now must reach the one that replaced it.
  await page.keyboard.type('lumen.test');
  await expect(form.getByLabel('E-mail')).toHaveValue('demo@lumen.test');
  await expect(form.getByLabel('E-mail')).toBeFocused();
});

test('a form whose text follows what is typed (a new password\'s length hint) hydrates without a mismatch', async ({ page }) => {
  // The fixture fails the test on any page error, React's hydration mismatch (#418) included.
  const release = await holdTheApp(page);
  await page.goto('/sign-up', { waitUntil: 'commit' });
  const form = page.getByRole('form', { name: 'Create account' });
  await form.getByLabel('E-mail').fill('new-shopper@lumen.test');
  await form.getByLabel('Password', { exact: true }).fill('fifteen-chars-1');
  release();
  await expect(form.getByRole('button', { name: 'Create account' })).toBeEnabled();
  await expect(form.getByLabel('E-mail')).toHaveValue('new-shopper@lumen.test');
  await expect(form.getByLabel('Password', { exact: true })).toHaveValue('fifteen-chars-1');
  await expect(form.getByLabel('Password', { exact: true })).toHaveAccessibleDescription('15 characters — long enough.');
});

test('a press on a header trigger or a search shortcut before the app is live is honoured once it is', async ({ page }) => {
  await page.setViewportSize(DESKTOP);
  let release = await holdTheApp(page);
  // Not waiting for the load event: the held script delays it.
  await page.goto('/catalog', { waitUntil: 'commit' });
  await page.getByRole('button', { name: /^Theme/ }).click();
  release();
  await expect(page.getByRole('menuitemradio', { name: 'Dark' })).toBeVisible();

  // Enter on the focused trigger opens the menu on its first item, as a keyboard press does.
  await page.unrouteAll();
  release = await holdTheApp(page);
  await page.goto('/catalog', { waitUntil: 'commit' });
  await expectThemeMenuOpenedByEnter(page, release);

  await page.unrouteAll();
  release = await holdTheApp(page);
  await page.goto('/sign-in', { waitUntil: 'commit' });
  await page.getByRole('heading', { level: 1 }).click();
  await page.keyboard.press('/');
  release();
  await expect(page.getByRole('dialog', { name: 'Search the catalog' })).toBeVisible();

  // Typing "/" into a field is typing, not the shortcut.
  await page.unrouteAll();
  release = await holdTheApp(page);
  await page.goto('/sign-in', { waitUntil: 'commit' });
  await page.getByLabel('E-mail').pressSequentially('a/b');
  release();
  await expect(page.getByRole('button', { name: 'Sign in' })).toBeEnabled();
  await expect(page.getByRole('dialog', { name: 'Search the catalog' })).toBeHidden();
  await expect(page.getByLabel('E-mail')).toHaveValue('a/b');
});
