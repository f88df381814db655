import { useNavigate, useParams } from 'react-router';
import { OfflineMessage } from '@/components/layout/offline-message';
import { PageTitle } from '@/components/layout/page-title';
import { summarize } from '@/utils/summarize';
import { KEEP_SCROLL } from '@/app/layout/keep-scroll';
import { Skeleton } from '@/components/ui/skeleton';
import { paths } from '@/config/paths';
import { useCategories } from '@/features/catalog/api/get-categories';
import { useItem } from '@/features/catalog/api/get-item';
import { useRelatedItems } from '@/features/catalog/api/get-related-items';
import { retiredItemHeading, useRetiredItem } from '@/features/catalog/api/get-retired-item';
import { ItemDetails } from '@/features/catalog/components/item-details';
import { ItemGrid, ItemGridError } from '@/features/catalog/components/item-grid';
import { RetiredItemNotice } from '@/features/catalog/components/retired-item-notice';
import { useLiveItem } from '@/features/catalog/hooks/use-live-item';
import { AddToCartButton } from '@/features/cart/components/add-to-cart-button';
import { useOnlineStatus } from '@/hooks/use-online-status';
import { ItemPageSaveButton } from '../layout/saved-widgets.tsx';
import { NotFoundRoute } from './not-found.tsx';
import { CategoryBreadcrumb } from '@/features/catalog/components/category-breadcrumb';

function ItemSkeleton() {
  return (
    <div role="status" aria-label="Loading item" className="grid gap-10 md:grid-cols-2">
      <PageTitle title="Loading item" />
      <Skeleton className="aspect-[4/5]" />
      <div className="flex flex-col gap-4">
        <Skeleton className="h-9 w-3/4" />
        <Skeleton className="h-7 w-24" />
        <Skeleton className="h-24" />
      </div>
    </div>
  );
}

function ItemLoadError({ message, onRetry }: { message: string; onRetry: () => void }) {
  return (
    <>
      <PageTitle title="Item unavailable" />
      <h1 className="mb-6 text-3xl font-semibold">This item could not be loaded</h1>
      <ItemGridError message={message} onRetry={onRetry} />
    </>
  );
}

export function ItemRoute() {
  const { slug = '' } = useParams();
  const navigate = useNavigate();
  const item = useItem(slug);
  const categories = useCategories();
  useLiveItem(item.data ?? null);
  const category = categories.data?.find((candidate) => candidate.id === item.data?.category_id);
  const related = useRelatedItems(category?.slug, item.data?.product?.id ?? 0, item.data?.price_cents ?? 0);
  // No item on sale has this address: it may be one the shop no longer sells (customers cannot read
  // those rows), whose link still says what it was. Asked only then, so a prerender learns of it in
  // its next pass.
  const retired = useRetiredItem(slug, item.data === null);
  const online = useOnlineStatus();

  // Offline with nothing to show, the request waits (TanStack Query pauses it and sends it when the
  // connection returns); the page says why instead of a skeleton that never ends.
  if (!online && (item.data === undefined || (item.data === null && retired.data === undefined))) {
    return (
      <>
        <PageTitle title="You're offline" />
        <OfflineMessage onRetry={() => void (item.data === null ? retired.refetch() : item.refetch())} />
      </>
    );
  }
  if (item.isPending || (item.data === null && retired.isPending)) return <ItemSkeleton />;
  if (item.isError) return <ItemLoadError message={item.error.message} onRetry={() => void item.refetch()} />;
  if (item.data === null && retired.isError) return <ItemLoadError message={retired.error.message} onRetry={() => void retired.refetch()} />;
  if (item.data === null) {
    if (!retired.data) return <NotFoundRoute />;
    const heading = retiredItemHeading(retired.data);
    const { category } = retired.data;
    return (
      <>
        <PageTitle title={heading} description={`${heading}.${category ? ` See similar products in ${category.name}.` : ''}`} />
        {/* Gone from the shop (the server answers 410 for such an address): the page should leave
            search results, not be indexed anew. */}
        <meta name="robots" content="noindex" />
        <RetiredItemNotice item={retired.data} />
      </>
    );
  }
  const shown = item.data;

  return (
    <>
      <PageTitle title={item.data.title} description={summarize(item.data.description)} />
      <CategoryBreadcrumb category={category} />
      <ItemDetails
        item={item.data}
        categoryName={category?.name}
        renderBuy={(quantity) => (
          <>
            <AddToCartButton item={shown} quantity={quantity} />
            {/* Level with Add to cart, which sits below the quantity field's label; on phones the
                buy bar has no room for it, and it sits beside the title instead. */}
            <div className="hidden pt-6 md:block">
              <ItemPageSaveButton item={shown} size="page" />
            </div>
          </>
        )}
        titleAction={<ItemPageSaveButton item={shown} size="title" />}
        // Each variant has its own address; swatches replace it, so Back leaves the product.
        onChooseVariant={(variant) => void navigate(paths.item.getHref(variant), { replace: true, state: KEEP_SCROLL })}
      />
      <section aria-labelledby="related-heading" className="mt-16 flex flex-col gap-6">
        <h2 id="related-heading" className="text-2xl font-semibold tracking-tight">
          You may also like
        </h2>
        {related.isError ? (
          <p className="text-muted-foreground">Related items could not be loaded.</p>
        ) : related.data && related.data.length > 0 ? (
          <ItemGrid items={related.data} label="Related items" />
        ) : related.data ? (
          <p className="text-muted-foreground">Nothing similar right now.</p>
        ) : (
          <Skeleton className="h-40" />
        )}
      </section>
    </>
  );
}
