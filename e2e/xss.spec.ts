import type { APIRequestContext, Page } from '@playwright/test';
import { DEV_SERVICE_ROLE_KEY } from '../server/index.ts';
import { generateItems } from '../supabase/seed/catalog-generator.ts';
import { createUser, signInWithUi, uniqueEmail } from './account-helpers.ts';
import { cartButton, itemRow, openCart } from './cart-helpers.ts';
import { expect, test } from './fixtures.ts';
import { summarize } from '../src/utils/summarize.ts';

/**
 * Hostile strings in every place the app shows text it did not write: catalog data, the search
 * box and URL, a profile name, and URLs. Each must come out as visible text, run nothing, add no
 * script or handler to the DOM and trip no CSP report (the fixtures fail the test on one).
 */
const PROBES = [
  '<img src=x onerror="window.__xss=1">',
  '"><script>window.__xss=1</script>',
  'javascript:window.__xss=1',
  '</title><script>window.__xss=1</script>',
] as const;

const SITE = ' · Lumen';

/** The avatar's initials for each probe (first letters of its first two words, split at spaces, dots, _ and -). */
const INITIALS: Record<(typeof PROBES)[number], string> = {
  [PROBES[0]]: '<S',
  [PROBES[1]]: '"X',
  [PROBES[2]]: 'JX',
  [PROBES[3]]: '<X',
};

// A well-hidden item: not lighting (the catalog specs count it), not in the cart helpers' pool
// (stock >= 15), not the first item (the shell spec opens it), not featured (the home page shows those).
const target = generateItems(240).find(
  (item, index) => index > 0 && item.category_slug !== 'lighting' && !item.featured && item.stock > 0 && item.stock < 15,
);
if (!target) throw new Error('no suitable item for the XSS probe');
const probeItem = target;

const serviceHeaders = { apikey: DEV_SERVICE_ROLE_KEY, Authorization: `Bearer ${DEV_SERVICE_ROLE_KEY}` };

async function patchItem(request: APIRequestContext, id: number, fields: { title: string; description: string }): Promise<void> {
  const response = await request.patch(`/rest/v1/items?id=eq.${id}`, { headers: serviceHeaders, data: fields });
  expect(response.status(), await response.text()).toBe(204);
}

/**
 * Nothing ran and nothing executable arrived: no `window.__xss`, no probe script, no inline
 * handler attribute anywhere, no `javascript:` URL in a link, image or form. Waits a moment first
 * so that an injected `<img src=x onerror>` would have failed to load and fired.
 */
async function expectInert(page: Page): Promise<void> {
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 200))));
  const found = await page.evaluate(() => {
    const elements = [...document.querySelectorAll('*')];
    return {
      xss: typeof (window as unknown as { __xss?: unknown }).__xss,
      probeScripts: [...document.scripts].filter((script) => script.textContent.includes('__xss')).length,
      probeImages: document.querySelectorAll('img[src="x"]').length,
      handlerAttributes: elements.flatMap((element) =>
        [...element.attributes].filter((attribute) => /^on/i.test(attribute.name)).map((attribute) => `${element.tagName} ${attribute.name}`),
      ),
      scriptUrls: elements.flatMap((element) =>
        ['href', 'src', 'action', 'formaction', 'xlink:href']
          .map((name) => element.getAttribute(name) ?? '')
          .filter((value) => /^\s*javascript:/i.test(value))
          .map((value) => `${element.tagName} ${value}`),
      ),
    };
  });
  expect(found).toEqual({ xss: 'undefined', probeScripts: 0, probeImages: 0, handlerAttributes: [], scriptUrls: [] });
}

test.describe('XSS probes render as inert text', () => {
  test('in an item’s title and description: item page, search results, search dialog, cart', async ({ page, request }) => {
    const { id } = await itemRow(request, probeItem.slug);
    const title = `Xssprobe ${PROBES[0]} ${PROBES[3]}`;
    const description = PROBES.join('\n');
    await patchItem(request, id, { title, description });
    try {
      await page.goto(`/items/${probeItem.slug}`);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(title);
      for (const probe of PROBES) await expect(page.getByRole('main')).toContainText(probe);
      await expect(page).toHaveTitle(`${title}${SITE}`);
      await expect(page.locator('meta[name="description"]')).toHaveAttribute('content', summarize(description));
      await expectInert(page);

      // Results page: the card's title is text.
      await page.goto(`/search?${new URLSearchParams({ q: 'Xssprobe' })}`);
      await expect(page.getByRole('heading', { level: 2, name: title })).toBeVisible();
      await expectInert(page);

      // The header's search dialog lists it as an option.
      await page.getByRole('banner').getByRole('button', { name: 'Search' }).click();
      await page.getByRole('combobox', { name: 'Search' }).fill('Xssprobe');
      await expect(page.getByRole('option').filter({ hasText: title })).toBeVisible();
      await expectInert(page);
      await page.keyboard.press('Escape');

      // The guest cart (kept in the browser; no stock changes) shows the title too.
      await page.goto(`/items/${probeItem.slug}`);
      await page.getByRole('button', { name: 'Add to cart' }).click();
      await expect(cartButton(page)).toHaveAccessibleName('Cart, 1 item');
      await expect(await openCart(page)).toContainText(title);
      await expectInert(page);
    } finally {
      await patchItem(request, id, { title: probeItem.title, description: probeItem.description });
    }
  });

  test('in the search box and the /search?q= URL', async ({ page }) => {
    for (const probe of PROBES) {
      await page.goto(`/search?${new URLSearchParams({ q: probe })}`);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Results for “${probe}”`);
      await expect(page).toHaveTitle(`Search: ${probe}${SITE}`);
      await expect(page.getByRole('searchbox', { name: 'Search the catalog' })).toHaveValue(probe);
      await expectInert(page);
    }

    // Typed into the page's own search form…
    await page.goto('/search');
    await page.getByRole('searchbox', { name: 'Search the catalog' }).fill(PROBES[3]);
    await page.getByRole('main').getByRole('button', { name: 'Search', exact: true }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Results for “${PROBES[3]}”`);
    await expectInert(page);

    // …and into the header's dialog, whose "See all results" echoes the query.
    await page.getByRole('banner').getByRole('button', { name: 'Search' }).click();
    await page.getByRole('combobox', { name: 'Search' }).fill(PROBES[0]);
    await expect(page.getByRole('button', { name: `See all results for “${PROBES[0]}”` })).toBeVisible();
    await expectInert(page);
    await page.getByRole('combobox', { name: 'Search' }).press('Enter');
    await expect(page).toHaveURL(`/search?${new URLSearchParams({ q: PROBES[0] })}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Results for “${PROBES[0]}”`);
    await expectInert(page);
  });

  test('in a profile display name', async ({ page, request }, testInfo) => {
    const email = uniqueEmail(testInfo, 'xss');
    await createUser(request, email);
    await signInWithUi(page, email);
    await expect(page).toHaveURL(/\/account$/);
    const form = page.getByRole('form', { name: 'Display name' });
    const name = form.getByLabel('Display name');
    const avatar = page.getByRole('region', { name: 'Profile' }).locator('[data-slot="user-avatar"]');
    for (const probe of PROBES) {
      await name.fill(probe);
      await form.getByRole('button', { name: 'Save name' }).click();
      await expect(form.getByRole('status')).toHaveText('Your name is saved.');
      await page.reload();
      await expect(name).toHaveValue(probe);
      // Initials are the name's first characters, as text.
      await expect(avatar).toHaveText(INITIALS[probe]);
      await expectInert(page);
    }
  });

  test('in URLs: item and category slugs, sign-in next, a reset link’s error', async ({ page, request }, testInfo) => {
    for (const probe of PROBES) {
      for (const path of [`/items/${encodeURIComponent(probe)}`, `/catalog/${encodeURIComponent(probe)}`]) {
        const response = await page.goto(path);
        expect(response?.status()).toBe(404);
        await expect(page.getByRole('heading', { level: 1 })).toHaveText('Page not found');
        await expect(page).toHaveTitle(`Page not found${SITE}`);
        await expectInert(page);
      }
    }

    const reset = `/reset-password#${new URLSearchParams({ error: 'access_denied', error_description: PROBES[0] })}`;
    await page.goto(reset);
    await expect(page.getByText(PROBES[0], { exact: false })).toBeVisible();
    await expectInert(page);

    // next=javascript:… is refused: the links and the redirect after signing in stay on this origin.
    const email = uniqueEmail(testInfo, 'xss-next');
    await createUser(request, email);
    for (const next of [PROBES[2], `/${PROBES[2]}`, PROBES[1]]) {
      await page.goto(`/sign-in?${new URLSearchParams({ next })}`);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Sign in');
      const signUp = page.getByRole('link', { name: 'Create an account' });
      expect(new URL((await signUp.getAttribute('href')) ?? '', page.url()).origin).toBe(new URL(page.url()).origin);
      await expectInert(page);
    }
    await signInWithUi(page, email, undefined, `/sign-in?${new URLSearchParams({ next: PROBES[2] })}`);
    await expect(page).toHaveURL(/\/account$/);
    await expectInert(page);
  });
});
