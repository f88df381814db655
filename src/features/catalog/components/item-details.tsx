import { useState, type ReactNode } from 'react';
import { formatPrice } from '@/utils/format';
import type { ItemPageData } from '../api/item-schemas.ts';
import { ItemGallery } from './item-gallery.tsx';
import { ProductSpecifications } from './product-specifications.tsx';
import { VariantPicker } from './variant-picker.tsx';
import { QuantityPicker } from './quantity-picker.tsx';
import { StockLabel } from '@/components/stock-label';

/**
 * The item page's body: one variant of a product, with swatches for its siblings and the
 * product's specifications. `renderBuy` receives the chosen quantity and draws the buying control,
 * so the cart feature can plug in without this feature knowing about it; `titleAction` (the saved
 * items' heart) sits beside the title on phones, where the buy bar has no room for it (the app puts
 * it in `renderBuy` from md up); `onChooseVariant` moves the page to another variant's address.
 */
export function ItemDetails({
  item,
  categoryName,
  renderBuy,
  titleAction,
  onChooseVariant,
}: {
  item: ItemPageData;
  categoryName?: string;
  renderBuy?: (quantity: number) => ReactNode;
  titleAction?: ReactNode;
  onChooseVariant?: (slug: string) => void;
}) {
  const [quantity, setQuantity] = useState(1);
  const soldOut = item.stock <= 0;
  const chosen = Math.min(quantity, Math.max(1, item.stock));
  return (
    <div className="grid gap-6 md:grid-cols-2 md:gap-10">
      {/* On phones the picture is sized so title, price, stock and Add to cart fit the first screen. */}
      <div className="mx-auto w-full max-md:max-w-[34svh]">
        {/* Another variant starts on its own first picture. */}
        <ItemGallery key={item.slug} paths={item.image_paths} title={item.title} />
      </div>
      <div className="flex flex-col gap-6">
        <div className="flex flex-col gap-2">
          {categoryName ? <p className="text-sm font-medium text-primary">{categoryName}</p> : null}
          <div className="flex items-start justify-between gap-3">
            <h1 className="text-2xl font-semibold tracking-tight text-balance md:text-3xl">{item.title}</h1>
            {titleAction ? <div className="shrink-0 md:hidden">{titleAction}</div> : null}
          </div>
          <p className="text-2xl font-semibold">{formatPrice(item.price_cents, item.currency)}</p>
          <p aria-live="polite" data-testid="stock">
            <StockLabel stock={item.stock} />
          </p>
        </div>
        {item.product && onChooseVariant ? <VariantPicker variants={item.product.variants} current={item.slug} onChoose={onChooseVariant} /> : null}
        <p className="max-w-prose leading-relaxed text-muted-foreground">{item.description}</p>
        {/* A buy bar that stays at the bottom of a phone's screen while the item is in view. */}
        <div
          data-testid="buy-bar"
          className="sticky bottom-0 z-10 -mx-4 flex flex-wrap items-start gap-4 border-t border-border bg-background px-4 py-3 sm:-mx-6 sm:px-6 md:static md:mx-0 md:border-0 md:bg-transparent md:p-0"
        >
          <QuantityPicker value={chosen} max={item.stock} onChange={setQuantity} disabled={soldOut} />
          {renderBuy?.(chosen)}
        </div>
        {item.product ? <ProductSpecifications product={item.product} /> : null}
      </div>
    </div>
  );
}
