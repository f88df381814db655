import type { Page } from '@playwright/test';
import { forgiveFailedResponses } from './account-helpers.ts';
import { DESKTOP, appIsLive, expect, expectNoAxeViolations, test } from './fixtures.ts';

const PHONE_390 = { width: 390, height: 844 };
/** The item page's own chunk (item-<hash>.js), not item-schemas-<hash>.js. */
const ITEM_CHUNK = /\/assets\/item-[\w-]{8}\.js$/;

/** Whether the page has asked for the item page's code yet. */
function itemChunkRequested(page: Page): Promise<boolean> {
  return page.evaluate((source) => performance.getEntriesByType('resource').some((entry) => new RegExp(source).test(entry.name)), ITEM_CHUNK.source);
}

/** The header's own control at this width: Menu on a phone, Cart at desktop width. */
function headerControl(page: Page, width: number) {
  return page.getByRole('banner').getByRole('button', { name: width < 768 ? 'Menu' : /^Cart/ });
}

for (const viewport of [PHONE_390, DESKTOP]) {
  test(`at ${viewport.width}px, a product tapped offline before its page's code was loaded says so in the frame and appears once online`, async ({
    page,
    context,
    problems,
  }) => {
    await page.setViewportSize(viewport);
    await page.goto('/catalog');
    await appIsLive(page);
    const product = page.getByRole('list', { name: 'Items' }).getByRole('link').first();
    const title = (await product.textContent()) ?? '';
    expect(await itemChunkRequested(page)).toBe(false);

    await context.setOffline(true);
    await product.click();
    const main = page.getByRole('main');
    await expect(main.getByRole('heading', { level: 1 })).toHaveText("You're offline");
    await expect(main).toContainText("This page will load when you're back online.");
    await expect(main.getByRole('button', { name: 'Retry' })).toBeVisible();
    await expect(page).toHaveURL(/\/items\//);
    await expect(page).toHaveTitle(/^You're offline/);
    await expect(headerControl(page, viewport.width)).toBeVisible();
    await expect(page.getByRole('contentinfo')).toBeVisible();
    await expect(page.getByText('This page could not be shown')).toHaveCount(0);
    await expectNoAxeViolations(page);

    // Back online, the page comes without a reload.
    await page.evaluate(() => ((window as { notReloaded?: boolean }).notReloaded = true));
    await context.setOffline(false);
    await expect(main.getByRole('heading', { level: 1 })).toHaveText(title);
    await expect(main.getByRole('button', { name: 'Add to cart' })).toBeVisible();
    expect(await page.evaluate(() => (window as { notReloaded?: boolean }).notReloaded)).toBe(true);
    forgiveFailedResponses(problems, [], { offline: true });
  });
}

test('at 390px, Retry while still offline keeps the message; a product whose data cannot be fetched offline says so too', async ({ page, context, problems }) => {
  await page.setViewportSize(PHONE_390);
  await page.goto('/catalog');
  await appIsLive(page);
  const products = page.getByRole('list', { name: 'Items' }).getByRole('link');
  const [first, second] = [(await products.nth(0).textContent()) ?? '', (await products.nth(1).textContent()) ?? ''];
  await context.setOffline(true);
  await products.nth(0).click();
  const main = page.getByRole('main');
  await main.getByRole('button', { name: 'Retry' }).click();
  await expect(main.getByRole('heading', { level: 1 })).toHaveText("You're offline");
  await expect(main.getByRole('button', { name: 'Retry' })).toBeEnabled();
  await context.setOffline(false);
  await expect(main.getByRole('heading', { level: 1 })).toHaveText(first);

  // The item page's code is here now; offline, another product's data is what cannot be had.
  await page.goBack();
  await expect(products.nth(1)).toHaveText(second);
  await context.setOffline(true);
  await products.nth(1).click();
  await expect(main.getByRole('heading', { level: 1 })).toHaveText("You're offline");
  await expect(headerControl(page, PHONE_390.width)).toBeVisible();
  await context.setOffline(false);
  await expect(main.getByRole('heading', { level: 1 })).toHaveText(second);
  forgiveFailedResponses(problems, [], { offline: true });
});

test('at 1440px, other pages loaded on demand (sign in) behave the same offline', async ({ page, context, problems }) => {
  await page.setViewportSize(DESKTOP);
  await page.goto('/catalog');
  await appIsLive(page);
  await context.setOffline(true);
  await page.getByRole('banner').getByRole('link', { name: 'Sign in' }).click();
  const main = page.getByRole('main');
  await expect(main.getByRole('heading', { level: 1 })).toHaveText("You're offline");
  await expect(headerControl(page, DESKTOP.width)).toBeVisible();
  await context.setOffline(false);
  await expect(main.getByRole('form', { name: 'Sign in' })).toBeVisible();
  forgiveFailedResponses(problems, [], { offline: true });
});

test('at 1440px, a page whose code is gone after a deploy (404 online) offers Reload, in the frame', async ({ page, problems }) => {
  await page.route(ITEM_CHUNK, (route) => route.fulfill({ status: 404, body: '' }));
  await page.setViewportSize(DESKTOP);
  await page.goto('/catalog');
  await appIsLive(page);
  const product = page.getByRole('list', { name: 'Items' }).getByRole('link').first();
  const title = (await product.textContent()) ?? '';
  await product.click();
  const main = page.getByRole('main');
  await expect(main.getByRole('heading', { level: 1 })).toHaveText('This page could not be shown');
  await expect(main.getByText("You're offline")).toHaveCount(0);
  await expect(headerControl(page, DESKTOP.width)).toBeVisible();
  // The new build is there again: Reload fetches it.
  await page.unroute(ITEM_CHUNK);
  await main.getByRole('button', { name: 'Reload' }).click();
  await expect(main.getByRole('heading', { level: 1 })).toHaveText(title);
  // The refused chunk and the failed route are reported on the console, as they should be.
  expect(problems.consoleErrors.length).toBeGreaterThan(0);
  problems.consoleErrors.splice(0);
});
