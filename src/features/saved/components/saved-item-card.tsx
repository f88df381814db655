import { Trash2 } from 'lucide-react';
import { Link } from 'react-router';
import { StockLabel } from '@/components/stock-label';
import { Button } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { ITEM_IMAGE_ASPECT, itemImageSrcSet, itemImageUrl } from '@/lib/item-images';
import { formatPrice } from '@/utils/format';
import type { SavedOwner } from '../api/get-saved-items.ts';
import { isAvailable, type SavedEntry } from '../api/saved-entries.ts';
import { useSavedChange } from '../hooks/use-saved-items.ts';

const PICTURE = 'aspect-[4/5] w-full rounded-md bg-muted object-cover';

/**
 * One saved item on the Saved page: its picture, name, price and stock with a link to it, or, when
 * it is no longer on sale, what is still known of it marked as such. Either way it can be removed.
 */
export function SavedItemCard({
  entry,
  owner,
  sessionUserId,
  onRemove,
  heading: Heading,
}: {
  entry: SavedEntry;
  owner: SavedOwner;
  sessionUserId: string | null;
  /** Called as the removal starts (the card leaves the list at once), so focus can move on. */
  onRemove: () => void;
  /** Keeps the outline in order: h2 under the page's h1, h3 inside a titled section. */
  heading: 'h2' | 'h3';
}) {
  const { remove: removeItem } = useSavedChange(owner, sessionUserId, entry.item_id);
  const { item } = entry;
  const title = item?.title ?? null;
  const remove = () => {
    onRemove();
    removeItem({ id: entry.item_id, title: title ?? 'The unavailable item' });
  };
  const removeButton = (
    <Button variant="subtle" size="sm" data-saved-remove="" className="relative z-10 self-start" onClick={remove}>
      <Trash2 aria-hidden="true" className="size-4" />
      Remove <span className="sr-only">{title ?? 'unavailable item'} from saved</span>
    </Button>
  );

  if (!isAvailable(entry)) {
    const picture = item?.image_paths[0];
    return (
      <article className="flex flex-col gap-2" data-testid="saved-unavailable">
        {picture ? (
          <img src={itemImageUrl(picture, 320)} alt="" width={ITEM_IMAGE_ASPECT.width * 80} height={ITEM_IMAGE_ASPECT.height * 80} loading="lazy" decoding="async" className={`${PICTURE} opacity-50 grayscale`} />
        ) : (
          <div aria-hidden="true" className={PICTURE} />
        )}
        <Heading className="text-sm font-medium text-muted-foreground">{title ?? 'An item you saved'}</Heading>
        <p className="text-xs text-muted-foreground">No longer available</p>
        {removeButton}
      </article>
    );
  }

  const available = entry.item;
  const picture = available.image_paths[0];
  return (
    <article className="group relative flex flex-col gap-2">
      {picture ? (
        <img
          src={itemImageUrl(picture, 640)}
          srcSet={itemImageSrcSet(picture)}
          sizes="(min-width: 1024px) 20vw, (min-width: 640px) 30vw, 45vw"
          width={ITEM_IMAGE_ASPECT.width * 160}
          height={ITEM_IMAGE_ASPECT.height * 160}
          alt=""
          loading="lazy"
          decoding="async"
          className={`${PICTURE} transition-opacity group-hover:opacity-90`}
        />
      ) : (
        <div aria-hidden="true" className={PICTURE} />
      )}
      <Heading className="text-sm font-medium">
        <Link
          to={paths.item.getHref(available.slug)}
          className="rounded-sm after:absolute after:inset-0 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
        >
          {available.title}
        </Link>
      </Heading>
      <p className="flex items-baseline justify-between gap-2">
        <span className="font-semibold">{formatPrice(available.price_cents, available.currency)}</span>
        <StockLabel stock={available.stock} size="xs" />
      </p>
      {removeButton}
    </article>
  );
}
