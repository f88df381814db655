import type { Page } from '@playwright/test';
import { cartButton, stockedItem } from './cart-helpers.ts';
import { DESKTOP, expect, holdRequests, test } from './fixtures.ts';

/** Fails unless the focused element shows a focus indicator: a visible outline or a box shadow. */
async function expectVisibleFocus(page: Page, step: string) {
  const focus = await page.evaluate(() => {
    const element = document.activeElement;
    if (!(element instanceof HTMLElement) || element === document.body) return null;
    const style = getComputedStyle(element);
    const outline =
      style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) > 0 && style.outlineColor !== 'rgba(0, 0, 0, 0)';
    return {
      name: element.getAttribute('aria-label') ?? element.textContent?.trim().slice(0, 40) ?? element.tagName,
      outline,
      boxShadow: style.boxShadow,
    };
  });
  expect(focus, `something has focus (${step})`).not.toBeNull();
  expect(
    Boolean(focus?.outline) || (focus?.boxShadow ?? 'none') !== 'none',
    `a visible focus indicator on "${focus?.name}" (${step})`,
  ).toBe(true);
}

/** Presses `key` until `target` has focus, checking the focus indicator at every stop. */
async function moveFocusTo(page: Page, key: 'Tab' | 'Shift+Tab', target: ReturnType<Page['locator']>, step: string) {
  for (let presses = 0; presses < 30; presses++) {
    await page.keyboard.press(key);
    await expectVisibleFocus(page, `${step}, stop ${presses + 1}`);
    if (await target.evaluate((element) => element === document.activeElement)) return;
  }
  throw new Error(`${key} never reached the target (${step})`);
}

test('the main journey by keyboard alone: search, pick a result, add to cart, open and close the cart', async ({ page }) => {
  const item = stockedItem(23);
  await page.setViewportSize(DESKTOP);
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();

  // "/" opens the search with focus in the field.
  await page.keyboard.press('/');
  const dialog = page.getByRole('dialog', { name: 'Search the catalog' });
  const field = dialog.getByRole('combobox', { name: 'Search' });
  await expect(field).toBeFocused();
  await expectVisibleFocus(page, 'search field');

  // Arrows move through the results (the field keeps focus); Enter opens the highlighted one.
  await page.keyboard.type(item.title);
  const options = dialog.getByRole('option');
  await expect(options.filter({ hasText: item.title }).first()).toBeVisible();
  const count = await options.count();
  for (let presses = 0; presses < count; presses++) {
    await page.keyboard.press('ArrowDown');
    const selected = dialog.getByRole('option', { selected: true });
    await expect(selected).toHaveCount(1);
    await expect(field).toHaveAttribute('aria-activedescendant', (await selected.getAttribute('id')) ?? '');
    await expectVisibleFocus(page, `result ${presses + 1} highlighted`);
    if ((await selected.textContent())?.includes(item.title)) break;
  }
  await expect(dialog.getByRole('option', { selected: true })).toContainText(item.title);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(new RegExp(`/items/${item.slug}$`));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(item.title);
  await expect(dialog).toBeHidden();
  await expectVisibleFocus(page, 'back from the search');

  // Tab to Add to cart and press Enter.
  const add = page.getByRole('button', { name: 'Add to cart' });
  await expect(add).toBeEnabled();
  await moveFocusTo(page, 'Tab', add, 'tabbing to Add to cart');
  await page.keyboard.press('Enter');
  await expect(cartButton(page)).toHaveAttribute('aria-label', 'Cart, 1 item');
  await expect(page.getByText('1 in your cart', { exact: true })).toBeVisible();
  await expect(add).toBeFocused();
  await expectVisibleFocus(page, 'after adding');

  // Back to the Cart button; Enter opens the drawer with focus inside it.
  await moveFocusTo(page, 'Shift+Tab', cartButton(page), 'tabbing back to Cart');
  await page.keyboard.press('Enter');
  const drawer = page.getByRole('dialog', { name: 'Your cart' });
  await expect(drawer.getByRole('listitem', { name: item.title })).toBeVisible();
  expect(await drawer.evaluate((element) => element.contains(document.activeElement))).toBe(true);
  await expectVisibleFocus(page, 'drawer open');
  await page.keyboard.press('Tab');
  expect(await drawer.evaluate((element) => element.contains(document.activeElement))).toBe(true);
  await expectVisibleFocus(page, 'inside the drawer');

  // Escape closes it and gives focus back to the Cart button.
  await page.keyboard.press('Escape');
  await expect(drawer).toBeHidden();
  await expect(cartButton(page)).toBeFocused();
  await expectVisibleFocus(page, 'drawer closed');
});

test('under reduced motion nothing animates: skeletons, dialogs and buttons', async ({ page }) => {
  await page.setViewportSize(DESKTOP);
  await page.emulateMedia({ reducedMotion: 'reduce' });

  // Hold the catalog's items so its skeleton stays on screen while it is measured.
  const release = await holdRequests(page, '**/rest/v1/rpc/search_items*');
  // A sort the prerendered /catalog was not rendered with, so its items are loaded in the browser.
  await page.goto('/catalog?sort=price_asc');
  const skeleton = page.getByRole('status', { name: 'Loading items' }).locator('[data-slot="skeleton"]').first();
  await expect(skeleton).toBeVisible();
  await expect(skeleton).toHaveCSS('animation-name', 'none');
  await expect(skeleton).toHaveCSS('animation-duration', '0s');
  // The same skeleton pulses as soon as motion is welcome again: the check above is not vacuous.
  await page.emulateMedia({ reducedMotion: 'no-preference' });
  await expect(skeleton).toHaveCSS('animation-name', 'pulse');
  await expect(skeleton).not.toHaveCSS('animation-duration', '0s');
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await expect(skeleton).toHaveCSS('animation-duration', '0s');
  release();
  await expect(page.getByRole('list', { name: 'Items' })).toBeVisible();
  await page.unroute('**/rest/v1/rpc/search_items*');

  // A button's hover transition.
  const cart = cartButton(page);
  await expect(cart).toHaveCSS('transition-duration', '0s');

  // A dialog opening: the drawer and its overlay appear at once.
  await cart.click();
  const drawer = page.getByRole('dialog', { name: 'Your cart' });
  await expect(drawer).toBeVisible();
  for (const part of [drawer, page.locator('[data-slot="dialog-overlay"]')]) {
    await expect(part).toHaveCSS('animation-duration', '0s');
    await expect(part).toHaveCSS('transition-duration', '0s');
  }
  await page.keyboard.press('Escape');
  await expect(drawer).toBeHidden();

  // Without the preference the same drawer slides in and the button eases its colours.
  await page.emulateMedia({ reducedMotion: 'no-preference' });
  await expect(cart).not.toHaveCSS('transition-duration', '0s');
  await cart.click();
  await expect(drawer).toBeVisible();
  await expect(drawer).toHaveCSS('animation-name', 'slide-in-right');
  await expect(drawer).not.toHaveCSS('animation-duration', '0s');
});
