import { generateItems, productsOf } from '../supabase/seed/catalog-generator.ts';
import { appIsLive, DESKTOP, expect, expectNoAxeViolations, PHONE, test } from './fixtures.ts';

// A product with colour variants: swatches name each colour, each variant has its own address,
// pictures, price and stock, Back leaves the product, and the chosen variant is what goes in the cart.
const ITEMS = generateItems(240);
const product = productsOf(ITEMS).find((candidate) => {
  const variants = ITEMS.filter((item) => item.product.slug === candidate.slug);
  return candidate.category_slug === 'textiles' && variants.length >= 3 && variants.every((item) => item.stock > 0);
});
if (!product) throw new Error('the demo catalog has no textile product with three variants in stock');
const variants = ITEMS.filter((item) => item.product.slug === product.slug);
const [first, second] = variants as [(typeof variants)[number], (typeof variants)[number]];
const euros = (cents: number) => `€${(cents / 100).toFixed(2)}`;

for (const [label, viewport] of [
  ['390px', { width: 390, height: PHONE.height }],
  ['1440px', DESKTOP],
] as const) {
  for (const theme of ['light', 'dark'] as const) {
    test(`at ${label} in ${theme}: choosing a colour moves to that variant's address, pictures and price; Back leaves the product`, async ({ page }) => {
      await page.setViewportSize(viewport);
      await page.emulateMedia({ colorScheme: theme });
      await page.goto('/catalog');
      await page.goto(`/items/${first.slug}`);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(first.title);
      const swatches = page.getByRole('group', { name: /^Colour/ });
      await expect(swatches.getByRole('radio')).toHaveCount(variants.length);
      await expect(swatches.getByRole('radio', { name: first.options.colour })).toBeChecked();
      // Specifications from the product, the same on every variant.
      await expect(page.getByRole('heading', { name: 'Specifications' })).toBeVisible();
      await expect(page.getByText(`${product.width_cm} × ${product.depth_cm} × ${product.height_cm} cm (W × D × H)`)).toBeVisible();
      await appIsLive(page);

      await swatches.getByText(second.options.colour, { exact: true }).click();
      await expect(page).toHaveURL(new RegExp(`/items/${second.slug}$`));
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(second.title);
      await expect(swatches.getByRole('radio', { name: second.options.colour })).toBeChecked();
      await expect(page.getByText(euros(second.price_cents)).first()).toBeVisible();
      await expect(page.getByRole('region', { name: 'Pictures' }).getByRole('img').first()).toHaveAttribute('alt', new RegExp(`^${second.title}`));
      await expect(page).toHaveTitle(`${second.title} · Lumen`);
      await expectNoAxeViolations(page);

      // The swatch replaced the address: Back goes to where the visitor came from.
      await page.goBack();
      await expect(page).toHaveURL(/\/catalog$/);
    });
  }
}

test('a shared variant address opens that variant; arrow keys move between colours; the chosen one goes in the cart', async ({ page }) => {
  await page.goto(`/items/${second.slug}`);
  const swatches = page.getByRole('group', { name: /^Colour/ });
  await expect(swatches.getByRole('radio', { name: second.options.colour })).toBeChecked();
  await appIsLive(page);
  await swatches.getByRole('radio', { name: second.options.colour }).focus();
  await page.keyboard.press('ArrowLeft');
  await expect(page).toHaveURL(new RegExp(`/items/${first.slug}$`));
  await expect(swatches.getByRole('radio', { name: first.options.colour })).toBeFocused();
  await page.getByRole('button', { name: 'Add to cart' }).click();
  await page.goto('/cart');
  await expect(page.getByRole('link', { name: first.title, exact: true })).toBeVisible();
  await expect(page.getByRole('link', { name: second.title, exact: true })).toHaveCount(0);
});
