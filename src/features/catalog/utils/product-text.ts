import type { ProductDetails, Variant } from '../api/item-schemas.ts';

const numberFormat = new Intl.NumberFormat('en-IE', { maximumFractionDigits: 2 });

export function formatNumber(value: number): string {
  return numberFormat.format(value);
}

/** "200 × 95 × 75 cm (W × D × H)", or null without all three. */
export function dimensionsText(product: Pick<ProductDetails, 'width_cm' | 'depth_cm' | 'height_cm'>): string | null {
  const { width_cm: width, depth_cm: depth, height_cm: height } = product;
  if (width === null || depth === null || height === null) return null;
  return `${formatNumber(width)} × ${formatNumber(depth)} × ${formatNumber(height)} cm (W × D × H)`;
}

/** The option that tells these variants apart (colour in the demo catalog), or null when none does. */
export function distinguishingOption(variants: Variant[]): string | null {
  const names = new Set(variants.flatMap((variant) => Object.keys(variant.options)));
  for (const name of names) {
    if (new Set(variants.map((variant) => variant.options[name])).size === variants.length) return name;
  }
  return null;
}
