import type { APIRequestContext, Page } from '@playwright/test';
import { createUser, forgiveFailedResponses, makePng, PASSWORD, signInWithUi, uniqueEmail } from './account-helpers.ts';
import { asUser, cartButton, itemRow, openCart, placeOrderAs, putInServerCart, sessionToken, stockedItem } from './cart-helpers.ts';
import { DEV_SERVICE_ROLE_KEY } from '../server/index.ts';
import { DESKTOP, PHONE, expect, test } from './fixtures.ts';

// One account's data is never painted for the next one on the same device: the cache is keyed by
// user and emptied whenever the session's user changes (src/lib/user-scope.ts).

interface Account {
  email: string;
  userId: string;
  displayName: string;
}

const serviceHeaders = { apikey: DEV_SERVICE_ROLE_KEY, Authorization: `Bearer ${DEV_SERVICE_ROLE_KEY}` };

/** A new account with a display name, arranged with the service role (no sign-in spent on it). */
async function accountWithProfile(request: APIRequestContext, email: string, displayName: string): Promise<Account> {
  const userId = await createUser(request, email);
  const response = await request.patch(`/rest/v1/profiles?id=eq.${userId}`, { headers: serviceHeaders, data: { display_name: displayName } });
  expect(response.status(), await response.text()).toBe(204);
  return { email, userId, displayName };
}

/** Uploads an avatar as the signed-in user of `page` and points their profile at it. */
async function giveAvatar(request: APIRequestContext, page: Page, account: Account, token: string): Promise<string> {
  const path = `${account.userId}/avatar.png`;
  const upload = await request.post(`/storage/v1/object/avatars/${path}`, {
    headers: { ...asUser(token), 'Content-Type': 'image/png' },
    data: await makePng(page, 64, 64),
  });
  expect(upload.status(), await upload.text()).toBe(200);
  const profile = await request.patch(`/rest/v1/profiles?id=eq.${account.userId}`, { headers: asUser(token), data: { avatar_path: path } });
  expect(profile.status(), await profile.text()).toBe(204);
  return path;
}

/**
 * Watches every frame the page paints from now on and keeps the ones showing any of `needles`
 * (in text, an accessible name or an image address). `leaks()` stops watching and returns them.
 */
async function watchFrames(page: Page, needles: string[]) {
  await page.evaluate((words) => {
    const seen: string[] = [];
    const state = window as unknown as { __frameLeaks: string[]; __frameWatch: boolean };
    state.__frameLeaks = seen;
    state.__frameWatch = true;
    const check = () => {
      if (!state.__frameWatch) return;
      const painted = [
        document.body.innerText,
        ...Array.from(document.querySelectorAll('[aria-label]'), (element) => element.getAttribute('aria-label') ?? ''),
        ...Array.from(document.images, (image) => image.src),
      ].join('\n');
      for (const word of words) {
        const hit = `${word} @ ${location.pathname}`;
        if (painted.includes(word) && !seen.includes(hit)) seen.push(hit);
      }
      requestAnimationFrame(check);
    };
    requestAnimationFrame(check);
  }, needles);
  return {
    leaks: () =>
      page.evaluate(() => {
        const state = window as unknown as { __frameLeaks: string[]; __frameWatch: boolean };
        state.__frameWatch = false;
        return state.__frameLeaks;
      }),
  };
}

/** Navigates inside the app (no page load), as a link would. */
async function goInApp(page: Page, path: string): Promise<void> {
  await page.evaluate((to) => {
    window.history.pushState(null, '', to);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, path);
}

async function submitSignIn(page: Page, email: string): Promise<void> {
  const form = page.getByRole('form', { name: 'Sign in' });
  await form.getByLabel('E-mail').fill(email);
  await form.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await form.getByRole('button', { name: 'Sign in' }).click();
}

for (const viewport of [DESKTOP, PHONE]) {
  test(`two accounts one after the other in one tab (${viewport.width} px): nothing of the first is painted for the second`, async ({
    page,
    request,
    problems,
  }, testInfo) => {
    test.setTimeout(60_000);
    await page.setViewportSize(viewport);
    const suffix = `${viewport.width}-${Date.now()}`;
    const first = await accountWithProfile(request, uniqueEmail(testInfo, 'first'), `Ada First ${suffix}`);
    const second = await accountWithProfile(request, uniqueEmail(testInfo, 'second'), `Bea Second ${suffix}`);
    const ordered = stockedItem(viewport === PHONE ? 41 : 40);
    const carted = stockedItem(viewport === PHONE ? 43 : 42);

    // The first account signs in, and its orders, cart and avatar are arranged for it.
    await signInWithUi(page, first.email);
    await expect(page).toHaveURL(/\/account$/);
    const token = await sessionToken(page);
    await putInServerCart(request, token, (await itemRow(request, ordered.slug)).id, 1);
    const { reference } = await placeOrderAs(request, token);
    await putInServerCart(request, token, (await itemRow(request, carted.slug)).id, 3);
    const avatarPath = await giveAvatar(request, page, first, token);

    // The first account, as its owner sees it.
    await page.reload();
    await expect(page.getByRole('form', { name: 'Display name' }).getByLabel('Display name')).toHaveValue(first.displayName);
    await expect(page.getByRole('region', { name: 'Profile' }).locator('img')).toHaveAttribute('src', new RegExp(avatarPath));
    await expect(page.getByRole('table', { name: 'Orders' }).getByRole('link', { name: `Order ${reference}` })).toBeVisible();
    await page.getByRole('link', { name: `Order ${reference}` }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Order ${reference}`);
    await expect(page.getByRole('table', { name: 'Order lines' })).toContainText(ordered.title);
    await expect(cartButton(page)).toHaveAttribute('aria-label', 'Cart, 3 items');
    const drawer = await openCart(page);
    await expect(drawer).toContainText(carted.title);
    await page.keyboard.press('Escape');

    // Signed out from the account page, then the second account signs in in the same tab.
    await goInApp(page, '/account');
    await page.getByRole('button', { name: 'Sign out', exact: true }).click();
    await expect(page).toHaveURL(/\/$/);
    // The order as a name ("Order 7K3Q-9XPD"): the not-found page rightly echoes the address typed, /orders/<reference>.
    const watch = await watchFrames(page, [first.displayName, first.email, first.userId, `Order ${reference}`, carted.title, ordered.title]);
    await expect(cartButton(page)).toHaveAttribute('aria-label', 'Cart, 0 items');
    if (viewport === PHONE) {
      await page.getByRole('button', { name: 'Menu' }).click();
      await page.getByRole('dialog').getByRole('link', { name: 'Sign in' }).click();
    } else {
      await page.getByRole('banner').getByRole('link', { name: 'Sign in' }).click();
    }
    await submitSignIn(page, second.email);

    await expect(page).toHaveURL(/\/account$/);
    await expect(page.getByRole('form', { name: 'Display name' }).getByLabel('Display name')).toHaveValue(second.displayName);
    await expect(page.getByRole('region', { name: 'Orders' })).toContainText('No orders yet.');
    await expect(page.getByRole('region', { name: 'Profile' }).locator('img')).toHaveCount(0);
    await goInApp(page, `/orders/${reference}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
    await expect(cartButton(page)).toHaveAttribute('aria-label', 'Cart, 0 items');
    await expect(await openCart(page)).toContainText('Your cart is empty');
    await page.keyboard.press('Escape');
    await goInApp(page, '/account');
    await expect(page.getByRole('form', { name: 'Display name' }).getByLabel('Display name')).toHaveValue(second.displayName);

    expect(await watch.leaks(), 'frames that showed the first account to the second').toEqual([]);
    // RLS hides the first account's order from the second, which PostgREST answers with 406.
    forgiveFailedResponses(problems, [406]);
  });
}

test('signing out in one tab takes the other tab off the order page it showed, and the next account never sees it', async ({
  page,
  context,
  request,
  problems,
}, testInfo) => {
  test.setTimeout(60_000);
  const suffix = String(Date.now());
  const first = await accountWithProfile(request, uniqueEmail(testInfo, 'tab-a'), `Tab Owner ${suffix}`);
  const second = await accountWithProfile(request, uniqueEmail(testInfo, 'tab-b'), `Next Person ${suffix}`);
  const ordered = stockedItem(44);

  await signInWithUi(page, first.email);
  await expect(page).toHaveURL(/\/account$/);
  const token = await sessionToken(page);
  await putInServerCart(request, token, (await itemRow(request, ordered.slug)).id, 1);
  const { reference } = await placeOrderAs(request, token);
  const other = await context.newPage();
  await other.goto(`/orders/${reference}`);
  await expect(other.getByRole('heading', { level: 1 })).toHaveText(`Order ${reference}`);
  await expect(other.getByRole('table', { name: 'Order lines' })).toContainText(ordered.title);

  await page.getByRole('button', { name: 'Sign out', exact: true }).click();
  await expect(other).toHaveURL(new RegExp(`/sign-in\\?next=%2Forders%2F${reference}$`));
  await expect(other.getByText(ordered.title)).toHaveCount(0);
  const watch = await watchFrames(other, [first.displayName, first.email, ordered.title]);

  // The next person signs in there and lands on the same address: it is not theirs.
  await submitSignIn(other, second.email);
  await expect(other.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
  expect(await watch.leaks(), 'frames that showed the signed-out account').toEqual([]);
  // 406: RLS hides the order from the next account. 401: the other tab's requests that were on
  // their way with the session this tab had just revoked.
  forgiveFailedResponses(problems, [401, 406]);
});
