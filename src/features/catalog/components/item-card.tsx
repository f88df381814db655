import { memo, useContext } from 'react';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { formatPrice } from '@/utils/format';
import type { ItemSummary } from '../api/item-schemas.ts';
import { ItemImage } from './item-image.tsx';
import { StockLabel } from '@/components/stock-label';
import { variantCountLabel } from '../utils/variant-count-label.ts';
import { ItemCardActionContext } from '@/components/item-card-action';

/**
 * `heading` keeps the outline in order: h2 under a page's h1, h3 inside a titled section.
 * Memoised: a refetch that changes one item (TanStack Query keeps the others' objects) re-renders
 * that card only.
 */
export const ItemCard = memo(function ItemCard({ item, priority = false, heading: Heading = 'h3' }: { item: ItemSummary; priority?: boolean; heading?: 'h2' | 'h3' }) {
  // The app's control for the card (the saved items' heart), drawn over the picture's corner.
  const Action = useContext(ItemCardActionContext);
  return (
    <article className="group relative flex flex-col gap-2">
      <ItemImage
        path={item.image_paths[0]}
        alt=""
        priority={priority}
        sizes="(min-width: 1024px) 20vw, (min-width: 640px) 30vw, 45vw"
        className="transition-opacity group-hover:opacity-90"
      />
      <Heading className="text-sm font-medium">
        <Link
          to={paths.item.getHref(item.slug)}
          className="rounded-sm after:absolute after:inset-0 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
        >
          {item.title}
        </Link>
      </Heading>
      <p className="flex items-baseline justify-between gap-2">
        <span className="font-semibold">{formatPrice(item.price_cents, item.currency)}</span>
        <StockLabel stock={item.stock} size="xs" />
      </p>
      {item.variant_count > 1 ? <p className="-mt-1 text-xs text-muted-foreground">{variantCountLabel(item.variant_count, item.options)}</p> : null}
      {Action ? <Action item={item} /> : null}
    </article>
  );
});
