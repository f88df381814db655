import type { Locator } from '@playwright/test';
import { DEMO_ITEMS } from './demo-catalog.ts';
import { appIsLive, DESKTOP, expect, expectNoAxeViolations, test } from './fixtures.ts';

// The item page's pictures: swiped on a touch screen, enlarged with a tap or a click, stepped
// through by keyboard in the larger view, and downloaded at the width the screen shows.
const item = DEMO_ITEMS.find((candidate) => candidate.image_paths.length === 3);
if (!item) throw new Error('the demo catalog has no item with three pictures');

/** A finger moving `dx` pixels sideways across the element, as pointer events. */
async function swipe(target: Locator, dx: number) {
  const box = await target.boundingBox();
  if (!box) throw new Error('nothing to swipe');
  const y = box.y + box.height / 2;
  const from = box.x + box.width / 2 - dx / 2;
  const init = { pointerId: 7, pointerType: 'touch', isPrimary: true, bubbles: true, clientY: y };
  await target.dispatchEvent('pointerdown', { ...init, clientX: from });
  await target.dispatchEvent('pointerup', { ...init, clientX: from + dx });
  await target.dispatchEvent('click', { clientX: from + dx, clientY: y });
}

test.describe('at 390px on a touch screen', () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

  for (const theme of ['light', 'dark'] as const) {
    test(`in ${theme}: a swipe changes the picture without enlarging it; a tap enlarges it`, async ({ page }) => {
      await page.emulateMedia({ colorScheme: theme });
      await page.goto(`/items/${item.slug}`);
      await appIsLive(page);
      const main = page.getByRole('button', { name: /^Enlarge / });
      await expect(main.getByRole('img')).toHaveAttribute('alt', `${item.title}, picture 1 of 3`);
      // The picture is drawn narrower than the screen on a phone; its sizes say so.
      await expect(main.getByRole('img')).toHaveAttribute('sizes', '(min-width: 768px) 50vw, min(calc(100vw - 2rem), 34vh)');

      await swipe(main, -120);
      await expect(main.getByRole('img')).toHaveAttribute('alt', `${item.title}, picture 2 of 3`);
      await expect(page.getByRole('dialog')).toHaveCount(0);
      await swipe(main, 120);
      await expect(main.getByRole('img')).toHaveAttribute('alt', `${item.title}, picture 1 of 3`);

      await main.tap();
      const zoom = page.getByRole('dialog', { name: item.title });
      await expect(zoom).toBeVisible();
      await expect(zoom.getByRole('img')).toHaveAttribute('alt', `${item.title}, picture 1 of 3`);
      await swipe(zoom.getByRole('img'), -120);
      await expect(zoom.getByText('2 of 3', { exact: true })).toBeVisible();
      await expectNoAxeViolations(page);
      await zoom.getByRole('button', { name: 'Close' }).tap();
      await expect(zoom).toHaveCount(0);
      // The page shows the picture the larger view ended on.
      await expect(main.getByRole('img')).toHaveAttribute('alt', `${item.title}, picture 2 of 3`);
    });
  }
});

test('at 1440px the larger view works by keyboard and gives focus back', async ({ page }) => {
  await page.setViewportSize(DESKTOP);
  await page.goto(`/items/${item.slug}`);
  await appIsLive(page);
  const main = page.getByRole('button', { name: /^Enlarge / });
  await main.focus();
  await page.keyboard.press('Enter');
  const zoom = page.getByRole('dialog', { name: item.title });
  await expect(zoom).toBeVisible();
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowRight');
  await expect(zoom.getByText('3 of 3', { exact: true })).toBeVisible();
  await page.keyboard.press('ArrowRight');
  await expect(zoom.getByText('1 of 3', { exact: true })).toBeVisible();
  await zoom.getByRole('button', { name: 'Previous' }).click();
  await expect(zoom.getByRole('img')).toHaveAttribute('alt', `${item.title}, picture 3 of 3`);
  await page.keyboard.press('Escape');
  await expect(zoom).toHaveCount(0);
  await expect(main).toBeFocused();
  await expect(main.getByRole('img')).toHaveAttribute('alt', `${item.title}, picture 3 of 3`);
});
