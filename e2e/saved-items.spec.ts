import type { Page } from '@playwright/test';
import { createUser, forgiveFailedResponses, signInWithUi, uniqueEmail } from './account-helpers.ts';
import { accessToken, asUser, itemRow } from './cart-helpers.ts';
import { DEMO_ITEMS, shownOnFirstPages } from './demo-catalog.ts';
import { DESKTOP, appIsLive, expect, expectNoAxeViolations, test } from './fixtures.ts';

// Saved items: hearts on item cards and item pages, the /saved page, a guest's list kept in the
// browser and merged into the account at sign-in, the account's list followed live by its other
// devices, and kept from the next account on the same device.

// One variant per product (sibling titles share the product's name), none of a product the public
// pages show first, taken from the end of the catalog (the cart specs take theirs from the start).
const seenProducts = new Set<string>();
const CANDIDATES = DEMO_ITEMS.filter((item) => {
  if (item.stock < 1 || shownOnFirstPages(item) || seenProducts.has(item.product.slug)) return false;
  seenProducts.add(item.product.slug);
  return true;
}).reverse();

function savedCandidate(index: number) {
  const item = CANDIDATES[index];
  if (!item) throw new Error(`no candidate item number ${index}`);
  return item;
}

/** The Saved link with its count: in the header at desktop width, in the menu on a phone. */
async function expectSavedCount(page: Page, count: number, phone: boolean) {
  const name = `Saved, ${count} ${count === 1 ? 'item' : 'items'}`;
  if (!phone) {
    await expect(page.getByRole('banner').getByRole('link', { name: /^Saved/ })).toHaveAccessibleName(name);
    return;
  }
  await page.getByRole('button', { name: 'Menu' }).click();
  const menu = page.getByRole('dialog', { name: 'Menu' });
  await expect(menu.getByRole('link', { name: /^Saved/ })).toHaveAccessibleName(name);
  await page.keyboard.press('Escape');
  await expect(menu).toBeHidden();
}

/** Saves from the item page's heart (beside Add to cart; beside the title on a phone). */
async function saveFromItemPage(page: Page, slug: string, title: string) {
  await page.goto(`/items/${slug}`);
  await appIsLive(page);
  const button = page.getByRole('main').getByRole('button', { name: `Save ${title}`, exact: true });
  await expect(button).toHaveAttribute('aria-pressed', 'false');
  await expect(button).toBeEnabled();
  await button.click();
  await expect(button).toHaveAttribute('aria-pressed', 'true');
}

/** Saves from the item's card in search results; the heart sits over the card's link without following it. */
async function saveFromCard(page: Page, title: string) {
  await page.goto(`/search?${new URLSearchParams({ q: title })}`);
  const card = page.getByRole('list', { name: 'Items' }).getByRole('listitem').filter({ has: page.getByRole('link', { name: title, exact: true }) });
  const button = card.getByRole('button', { name: `Save ${title}`, exact: true });
  await expect(button).toHaveAttribute('aria-pressed', 'false');
  await expect(button).toBeEnabled();
  const address = page.url();
  await button.click();
  await expect(button).toHaveAttribute('aria-pressed', 'true');
  expect(page.url()).toBe(address);
}

const savedList = (page: Page) => page.getByRole('list', { name: 'Saved items' });

for (const [label, viewport] of [
  ['390px', { width: 390, height: 844 }],
  ['1440px', DESKTOP],
] as const) {
  const phone = viewport.width < 768;
  for (const theme of ['light', 'dark'] as const) {
    test(`at ${label} in ${theme}: a guest's saved items go into the account at sign-in and are removed from the Saved page`, async ({ page, request }, testInfo) => {
      const offset = (phone ? 0 : 4) + (theme === 'dark' ? 2 : 0);
      const lamp = savedCandidate(offset);
      const throw_ = savedCandidate(offset + 1);
      const email = uniqueEmail(testInfo, 'saved');
      await createUser(request, email);
      await page.setViewportSize(viewport);
      await page.emulateMedia({ colorScheme: theme });

      // An empty list points to the catalog.
      await page.goto('/saved');
      await expect(page).toHaveTitle('Saved items · Lumen');
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Saved items');
      await expect(page.getByRole('heading', { name: 'Nothing saved yet.' })).toBeVisible();
      await expect(page.getByRole('main').getByRole('link', { name: 'Browse the catalog' })).toHaveAttribute('href', '/catalog');
      await expectNoAxeViolations(page);

      // As a guest: one from the item page, one from a card.
      await saveFromItemPage(page, lamp.slug, lamp.title);
      await saveFromCard(page, throw_.title);
      await expectSavedCount(page, 2, phone);

      await page.goto('/saved');
      await expect(savedList(page).getByRole('link')).toHaveText([throw_.title, lamp.title]);
      await expect(page.getByText('These are saved in this browser.')).toBeVisible();
      await expectNoAxeViolations(page);

      // Signing in from the note comes back here, with the list now the account's.
      await page.getByRole('main').getByRole('link', { name: 'Sign in', exact: true }).click();
      const form = page.getByRole('form', { name: 'Sign in' });
      await form.getByLabel('E-mail').fill(email);
      await form.getByLabel('Password', { exact: true }).fill('first-password-1');
      await form.getByRole('button', { name: 'Sign in' }).click();
      await expect(page).toHaveURL(/\/saved$/);
      await expect(page.getByText('These are saved in this browser.')).toBeHidden();
      await expect(savedList(page).getByRole('link')).toHaveCount(2);
      expect(await page.evaluate(() => localStorage.getItem('lumen-guest-saved'))).toBeNull();
      const token = await accessToken(request, email);
      const rows = await request.get('/rest/v1/saved_items?select=item_id&order=item_id', { headers: asUser(token) });
      const ids = [(await itemRow(request, lamp.slug)).id, (await itemRow(request, throw_.slug)).id].sort((a, b) => a - b);
      expect(await rows.json()).toEqual(ids.map((item_id) => ({ item_id })));

      // Remove: the card goes, focus moves on to the next Remove, and a reload agrees.
      await savedList(page).getByRole('button', { name: `Remove ${throw_.title} from saved` }).click();
      await expect(savedList(page).getByRole('link')).toHaveText([lamp.title]);
      await expect(page.getByRole('button', { name: `Remove ${lamp.title} from saved` })).toBeFocused();
      await expect(page.getByRole('status').filter({ hasText: 'saved' })).toHaveText('1 item saved');
      await page.reload();
      await expect(savedList(page).getByRole('link')).toHaveText([lamp.title]);
      await expectSavedCount(page, 1, phone);
      await expectNoAxeViolations(page);

      // The heart on the item page says it is saved, and unsaves it.
      await page.goto(`/items/${lamp.slug}`);
      const lampHeart = page.getByRole('main').getByRole('button', { name: `Save ${lamp.title}`, exact: true });
      await expect(lampHeart).toHaveAttribute('aria-pressed', 'true');
      await expectNoAxeViolations(page);
      await lampHeart.click();
      await expect(lampHeart).toHaveAttribute('aria-pressed', 'false');
      await page.goto('/saved');
      await expect(page.getByRole('heading', { name: 'Nothing saved yet.' })).toBeVisible();
    });
  }
}

test('a save on one device appears live on another signed in as the same user, and so does unsaving', async ({ page, browser, request }, testInfo) => {
  const email = uniqueEmail(testInfo, 'saved-sync');
  await createUser(request, email);
  const vase = savedCandidate(8);
  const rug = savedCandidate(9);

  await signInWithUi(page, email);
  await expect(page).toHaveURL(/\/account$/);
  const device = await browser.newContext();
  try {
    const other = await device.newPage();
    await other.setViewportSize(DESKTOP);
    await signInWithUi(other, email);
    await expect(other).toHaveURL(/\/account$/);
    await other.goto('/saved');
    await expect(other.getByRole('heading', { name: 'Nothing saved yet.' })).toBeVisible();
    await expect(other.getByRole('banner').getByRole('link', { name: /^Saved/ })).toHaveAccessibleName('Saved, 0 items');

    await saveFromItemPage(page, vase.slug, vase.title);
    await expect(savedList(other).getByRole('link')).toHaveText([vase.title]);
    await expect(other.getByRole('banner').getByRole('link', { name: /^Saved/ })).toHaveAccessibleName('Saved, 1 item');
    await saveFromCard(page, rug.title);
    await expect(savedList(other).getByRole('link')).toHaveText([rug.title, vase.title]);

    // Unsaving on the first device takes it off the second's page.
    await page.goto(`/items/${vase.slug}`);
    const vaseHeart = page.getByRole('main').getByRole('button', { name: `Save ${vase.title}`, exact: true });
    await expect(vaseHeart).toHaveAttribute('aria-pressed', 'true');
    await vaseHeart.click();
    await expect(vaseHeart).toHaveAttribute('aria-pressed', 'false');
    await expect(savedList(other).getByRole('link')).toHaveText([rug.title]);
  } finally {
    await device.close();
  }
});

test('a guest’s list follows the other tabs of the browser', async ({ page, context }) => {
  const bowl = savedCandidate(12);
  await page.setViewportSize(DESKTOP);
  const other = await context.newPage();
  await other.setViewportSize(DESKTOP);
  await other.goto('/saved');
  await expect(other.getByRole('heading', { name: 'Nothing saved yet.' })).toBeVisible();
  await saveFromItemPage(page, bowl.slug, bowl.title);
  await expect(savedList(other).getByRole('link')).toHaveText([bowl.title]);
  await expect(other.getByRole('banner').getByRole('link', { name: /^Saved/ })).toHaveAccessibleName('Saved, 1 item');
  await savedList(other).getByRole('button', { name: `Remove ${bowl.title} from saved` }).click();
  await expect(page.getByRole('main').getByRole('button', { name: `Save ${bowl.title}`, exact: true })).toHaveAttribute('aria-pressed', 'false');
});

test('a second account on the same device sees none of the first one’s saved items', async ({ page, request }, testInfo) => {
  const first = uniqueEmail(testInfo, 'saved-a');
  const second = uniqueEmail(testInfo, 'saved-b');
  await createUser(request, first);
  await createUser(request, second);
  const mirror = savedCandidate(10);
  await page.setViewportSize(DESKTOP);

  await signInWithUi(page, first);
  await expect(page).toHaveURL(/\/account$/);
  await saveFromItemPage(page, mirror.slug, mirror.title);
  await page.goto('/saved');
  await expect(savedList(page).getByRole('link')).toHaveText([mirror.title]);

  await page.goto('/account');
  await page.getByRole('button', { name: 'Sign out', exact: true }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('banner').getByRole('link', { name: /^Saved/ })).toHaveAccessibleName('Saved, 0 items');
  await signInWithUi(page, second);
  await expect(page).toHaveURL(/\/account$/);
  await page.goto('/saved');
  await expect(page.getByRole('heading', { name: 'Nothing saved yet.' })).toBeVisible();
  await expect(page.getByText(mirror.title)).toHaveCount(0);
  await page.goto(`/items/${mirror.slug}`);
  const mirrorHeart = page.getByRole('main').getByRole('button', { name: `Save ${mirror.title}`, exact: true });
  await expect(mirrorHeart).toBeEnabled();
  await expect(mirrorHeart).toHaveAttribute('aria-pressed', 'false');
});

test('a save the server refuses (the list is full) is undone, with the reason shown', async ({ page, request, problems }, testInfo) => {
  const email = uniqueEmail(testInfo, 'saved-full');
  await createUser(request, email);
  const stool = savedCandidate(11);
  await signInWithUi(page, email);
  await expect(page).toHaveURL(/\/account$/);
  // What the database answers to a 201st item (check_saved_items_limit).
  await page.route('**/rest/v1/saved_items*', (route) =>
    route.request().method() === 'POST'
      ? route.fulfill({
          status: 400,
          contentType: 'application/json',
          body: JSON.stringify({ code: '54000', message: 'You have saved 200 items, the most a list holds. Remove some to save more.', details: null, hint: null }),
        })
      : route.fallback(),
  );
  await page.goto(`/items/${stool.slug}`);
  const button = page.getByRole('main').getByRole('button', { name: `Save ${stool.title}`, exact: true });
  await expect(button).toBeEnabled();
  await button.click();
  await expect(page.getByRole('alert').filter({ hasText: 'was not saved' })).toHaveText(
    `${stool.title} was not saved. You have saved 200 items, the most a list holds. Remove some to save more.`,
  );
  await expect(button).toHaveAttribute('aria-pressed', 'false');
  await expect(page.getByRole('banner').getByRole('link', { name: /^Saved/ })).toHaveAccessibleName('Saved, 0 items');
  await page.getByRole('button', { name: 'Dismiss' }).click();
  await expect(page.getByTestId('saved-notice')).toHaveCount(0);
  forgiveFailedResponses(problems, [400]);
});
