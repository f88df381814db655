import type { Page } from '@playwright/test';
import { createUser, signInWithUi, uniqueEmail } from './account-helpers.ts';
import { addFromItemPage, cartButton, fillDelivery, itemRow, openCart, ORDER_PAGE_URL, orderReferenceOf, stockedItem } from './cart-helpers.ts';
import { DESKTOP, PHONE, expect, expectNoAxeViolations, test } from './fixtures.ts';

/*
 * Axe, every impact, on what the page specs do not reach: dialogs and menus open, the cart with
 * lines, checkout and an order page, each in light and dark at 360 px and 1440 px. Items 20 and
 * up are this spec's own; a placed order is cancelled again, so stock ends where it started.
 */

const THEMES = ['light', 'dark'] as const;
const VIEWPORTS = [PHONE, DESKTOP];

async function useTheme(page: Page, theme: (typeof THEMES)[number]) {
  // Reduced motion: axe measures the dialog as it rests, not halfway through its fade.
  await page.emulateMedia({ colorScheme: theme, reducedMotion: 'reduce' });
}

/** At 360 px nothing may make the page scroll sideways (WCAG reflow). */
async function expectNoSideScroll(page: Page) {
  const widths = await page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, client: document.documentElement.clientWidth }));
  expect(widths.scroll, 'page width at 360 px').toBeLessThanOrEqual(widths.client);
}

test('at 360px no page scrolls sideways', async ({ page }) => {
  await page.setViewportSize(PHONE);
  for (const path of ['/', '/catalog', '/catalog/lighting', `/items/${stockedItem(20).slug}`, '/search?q=lamp', '/cart', '/sign-in', '/sign-up', '/forgot-password', '/contact', '/delivery-and-returns', '/privacy', '/terms', '/no/such/page']) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByRole('status', { name: /^Loading/ })).toHaveCount(0);
    await expectNoSideScroll(page);
  }
});

for (const theme of THEMES) {
  for (const viewport of VIEWPORTS) {
    test.describe(`${theme} at ${viewport.width}px`, () => {
      test.beforeEach(async ({ page }) => {
        await page.setViewportSize(viewport);
        await useTheme(page, theme);
      });

      test('axe: the search dialog, empty and with a highlighted result', async ({ page }) => {
        await page.goto('/');
        await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
        await page.getByRole('button', { name: 'Search' }).click();
        const dialog = page.getByRole('dialog', { name: 'Search the catalog' });
        // Before any results there is no empty listbox to land on.
        await expect(dialog.getByText('Type to search.')).toBeVisible();
        await expect(dialog.getByRole('listbox')).toHaveCount(0);
        await expect(dialog.getByRole('combobox', { name: 'Search' })).toHaveAttribute('aria-expanded', 'false');
        await expectNoAxeViolations(page);
        await dialog.getByRole('combobox', { name: 'Search' }).fill('oak');
        await expect(dialog.getByRole('option').first()).toBeVisible();
        await page.keyboard.press('ArrowDown');
        await expect(dialog.getByRole('option').first()).toHaveAttribute('aria-selected', 'true');
        await expect(dialog.getByTestId('search-pending')).toHaveCount(0);
        await expectNoAxeViolations(page);
      });

      test('axe: the cart drawer and /cart with lines', async ({ page }) => {
        const item = stockedItem(20);
        await addFromItemPage(page, item.slug, 2);
        await expect(cartButton(page)).toHaveAttribute('aria-label', 'Cart, 2 items');
        const drawer = await openCart(page);
        await expect(drawer.getByRole('listitem', { name: item.title })).toBeVisible();
        await expectNoAxeViolations(page);
        await page.keyboard.press('Escape');
        await expect(drawer).toBeHidden();

        await page.goto('/cart');
        await expect(page.getByRole('list', { name: 'Cart lines' }).getByRole('listitem', { name: item.title })).toBeVisible();
        await expectNoAxeViolations(page);
      });

      test('axe: the cart drawer when the cart is empty', async ({ page }) => {
        await page.goto('/catalog');
        await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
        const drawer = await openCart(page);
        await expect(drawer.getByText('Your cart is empty.')).toBeVisible();
        await expectNoAxeViolations(page);
      });

      if (viewport === PHONE) {
        test('axe: the mobile menu', async ({ page }) => {
          await page.goto('/');
          await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
          await page.getByRole('button', { name: 'Menu' }).click();
          const dialog = page.getByRole('dialog', { name: 'Menu' });
          await expect(dialog.getByRole('radio', { name: 'System' })).toBeChecked();
          await expectNoAxeViolations(page);
        });
      } else {
        test('axe: the theme menu', async ({ page }) => {
          await page.goto('/');
          await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
          await page.getByRole('button', { name: /^Theme/ }).click();
          const menu = page.getByRole('menu');
          await expect(menu.getByRole('menuitemradio', { name: 'System' })).toHaveAttribute('aria-checked', 'true');
          await expectNoAxeViolations(page);
          await page.keyboard.press('Escape');
          await expect(menu).toBeHidden();
        });
      }
    });
  }

  // One sign-in per theme (sign-ins share a per-IP quota across the suite): both widths inside.
  test(`axe: checkout and the order page at 360px and 1440px (${theme})`, async ({ page, request }, testInfo) => {
    test.setTimeout(60_000);
    await useTheme(page, theme);
    const email = uniqueEmail(testInfo, 'a11y-order');
    await createUser(request, email);
    const item = stockedItem(theme === 'light' ? 21 : 22);
    const { stock } = await itemRow(request, item.slug);

    await signInWithUi(page, email);
    await expect(page).toHaveURL(/\/account$/);
    await addFromItemPage(page, item.slug, 1);
    await expect(cartButton(page)).toHaveAttribute('aria-label', 'Cart, 1 item');

    // In-app navigation to checkout: a page load right after the click would abort the cart write.
    const drawer = await openCart(page);
    await drawer.getByRole('link', { name: 'Review order' }).click();
    await expect(page).toHaveURL(/\/cart$/);
    await page.getByRole('main').getByRole('link', { name: 'Review order' }).click();
    await expect(page).toHaveURL(/\/checkout$/);
    const review = page.getByRole('region', { name: 'Review your order' });
    await expect(review.getByRole('row', { name: new RegExp(item.title) })).toBeVisible();
    for (const viewport of VIEWPORTS) {
      await page.setViewportSize(viewport);
      await expectNoAxeViolations(page);
      if (viewport === PHONE) await expectNoSideScroll(page);
    }

    await fillDelivery(review);
    await review.getByRole('button', { name: 'Place order' }).click();
    await expect(page).toHaveURL(ORDER_PAGE_URL);
    const reference = orderReferenceOf(page);
    await expect(page.getByTestId('order-status')).toHaveText('Status: Confirmed');
    for (const viewport of VIEWPORTS) {
      await page.setViewportSize(viewport);
      await expectNoAxeViolations(page);
      if (viewport === PHONE) await expectNoSideScroll(page);
    }

    // The cancel question, then the cancelled order; cancelling puts the stock back.
    await page.getByRole('button', { name: 'Cancel this order' }).click();
    await expect(page.getByRole('group', { name: `Cancel order ${reference}? The items go back on sale.` })).toBeVisible();
    await expectNoAxeViolations(page);
    await page.getByRole('button', { name: 'Yes, cancel the order' }).click();
    await expect(page.getByTestId('order-status')).toHaveText('Status: Cancelled');
    await expectNoAxeViolations(page);
    expect((await itemRow(request, item.slug)).stock).toBe(stock);

    // The account page with an order in its history.
    await page.goto('/account');
    await expect(page.getByRole('table', { name: 'Orders' }).getByRole('link', { name: `Order ${reference}` })).toBeVisible();
    for (const viewport of VIEWPORTS) {
      await page.setViewportSize(viewport);
      await expectNoAxeViolations(page);
    }
  });
}
