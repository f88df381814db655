import { ArrowRight } from 'lucide-react';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { retiredItemHeading, type RetiredItem } from '../api/get-retired-item.ts';
import { listItemsQueryOptions, type ListItemsParams } from '../api/list-items.ts';
import { ItemGrid, ItemGridSkeleton } from './item-grid.tsx';
import { CategoryBreadcrumb } from './category-breadcrumb.tsx';

/** One row of cards at desktop width, two rows of two on a phone. */
const SIMILAR_COUNT = 4;

/**
 * The newest products of the category that can be ordered today. The retired item's price is not
 * public (retired_item tells its title and category only), so this is not the item page's
 * "near in price" list.
 */
function similarParams(categorySlug: string): ListItemsParams {
  return { query: '', category: categorySlug, minPriceCents: null, maxPriceCents: null, inStock: true, featured: false, sort: 'newest', page: 1 };
}

/**
 * What a link to an item the shop no longer sells shows: that it is gone, products of its category
 * on sale instead, and the way to the category and the catalog. Nothing here can be bought.
 */
export function RetiredItemNotice({ item }: { item: RetiredItem }) {
  const { title, category, stillSold } = item;
  const similar = useQuery({ ...listItemsQueryOptions(similarParams(category?.slug ?? '')), enabled: category !== null });
  // The product's other versions have their own link above.
  const shown = similar.data?.items.filter((candidate) => candidate.product_id !== stillSold?.productId).slice(0, SIMILAR_COUNT);

  return (
    <>
      <CategoryBreadcrumb category={category} />
      <section aria-labelledby="retired-heading" className="flex flex-col items-start gap-4">
        <h1 id="retired-heading" className="text-3xl font-semibold tracking-tight text-balance [overflow-wrap:anywhere]">
          {retiredItemHeading(item)}
        </h1>
        <p className="max-w-prose text-muted-foreground">
          {stillSold ? `You can still order ${title} in other ${stillSold.noun}s. ` : 'We no longer sell it, so it cannot be ordered. '}
          {category ? `Here are similar products from ${category.name} that you can order today.` : 'The catalog has everything we sell today.'}
        </p>
        <div className="flex flex-wrap gap-3">
          {stillSold ? (
            <Button asChild>
              <Link to={paths.item.getHref(stillSold.slug)}>
                See other {stillSold.noun}s
                <ArrowRight aria-hidden="true" />
              </Link>
            </Button>
          ) : null}
          {category ? (
            <Button asChild variant={stillSold ? 'secondary' : 'primary'}>
              <Link to={paths.catalog.getHref(category.slug)}>
                See all in {category.name}
                {stillSold ? null : <ArrowRight aria-hidden="true" />}
              </Link>
            </Button>
          ) : null}
          <Button asChild variant={category || stillSold ? 'secondary' : 'primary'}>
            <Link to={paths.catalog.getHref()}>Browse the catalog</Link>
          </Button>
        </div>
      </section>
      {category ? (
        <section aria-labelledby="similar-heading" className="mt-12 flex flex-col gap-6">
          <h2 id="similar-heading" className="text-2xl font-semibold tracking-tight">
            Similar products
          </h2>
          {similar.isError ? (
            <div role="alert" className="flex flex-wrap items-center gap-3">
              <p className="text-muted-foreground">Similar products could not be loaded.</p>
              <Button variant="secondary" size="sm" onClick={() => void similar.refetch()}>
                Try again
              </Button>
            </div>
          ) : shown && shown.length > 0 ? (
            <ItemGrid items={shown} label="Similar products" />
          ) : shown ? (
            <p className="text-muted-foreground">Nothing from {category.name} is in stock right now.</p>
          ) : (
            <ItemGridSkeleton count={SIMILAR_COUNT} />
          )}
        </section>
      ) : null}
    </>
  );
}
