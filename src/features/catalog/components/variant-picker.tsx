import { formatPrice } from '@/utils/format';
import { cn } from '@/utils/cn';
import type { Variant } from '../api/item-schemas.ts';
import { ItemImage } from './item-image.tsx';
import { distinguishingOption } from '../utils/product-text.ts';

const capitalised = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/**
 * Swatches for a product's variants: a radio group named by the option ("Colour"), each swatch the
 * variant's own first picture with its value written beside it, so no choice rests on colour
 * alone. Choosing one calls `onChoose` with its slug (the page moves to that variant's address).
 * Arrow keys move between swatches as in any radio group; a sold-out variant says so.
 */
export function VariantPicker({
  variants,
  current,
  onChoose,
}: {
  variants: Variant[];
  current: string;
  onChoose: (slug: string) => void;
}) {
  const option = distinguishingOption(variants);
  if (variants.length < 2 || option === null) return null;
  const chosen = variants.find((variant) => variant.slug === current);
  const differentPrices = new Set(variants.map((variant) => variant.price_cents)).size > 1;
  return (
    <fieldset className="flex flex-col gap-3">
      <legend className="mb-3 text-sm font-medium">
        {capitalised(option)}: <span className="font-normal text-muted-foreground">{chosen?.options[option]}</span>
      </legend>
      <div className="flex flex-wrap gap-2">
        {variants.map((variant) => {
          const value = variant.options[option] ?? variant.title;
          const checked = variant.slug === current;
          return (
            <label
              key={variant.slug}
              className={cn(
                'flex min-h-11 cursor-pointer items-center gap-2 rounded-md border-2 py-1 pr-3 pl-1 text-sm',
                'has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-ring',
                checked ? 'border-primary' : 'border-border hover:border-muted-foreground',
              )}
            >
              <input
                type="radio"
                name={`variant-${option}`}
                value={variant.slug}
                checked={checked}
                onChange={() => onChoose(variant.slug)}
                className="sr-only"
              />
              <span className="block w-8 shrink-0 overflow-hidden rounded-sm" aria-hidden="true">
                <ItemImage path={variant.image_paths[0]} alt="" sizes="32px" />
              </span>
              <span>
                {value}
                {variant.stock <= 0 ? <span className="text-muted-foreground"> (sold out)</span> : null}
                {differentPrices ? <span className="sr-only">, {formatPrice(variant.price_cents, variant.currency)}</span> : null}
              </span>
            </label>
          );
        })}
      </div>
    </fieldset>
  );
}
