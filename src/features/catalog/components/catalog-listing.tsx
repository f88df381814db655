import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { OfflineMessage } from '@/components/layout/offline-message';
import { Button } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { PAGE_SIZE, useListItems } from '../api/list-items.ts';
import { useCatalogParams } from '../hooks/use-catalog-params.ts';
import { countLabel } from '../utils/count-label.ts';
import { CatalogFilters } from './catalog-filters.tsx';
import { ItemGrid, ItemGridEmpty, ItemGridError, ItemGridSkeleton } from './item-grid.tsx';
import { Pagination } from '@/components/pagination';
import { useOnlineStatus } from '@/hooks/use-online-status';

/** The grid with its filters, used by /catalog, /catalog/:category and /search. */
export function CatalogListing({
  showCategories = true,
  noMatches,
}: {
  showCategories?: boolean;
  /** What a search that matches nothing shows instead of the plain message (no filters set). */
  noMatches?: ReactNode;
}) {
  const { params, update } = useCatalogParams();
  const result = useListItems(params);
  // Past 1,000 matches the total is a lower bound that reaches at least the end of this page.
  const capped = result.data?.total_capped === true;
  const pageCount = result.data ? Math.max(1, Math.ceil(result.data.total / PAGE_SIZE)) : 1;
  const online = useOnlineStatus();
  const filtered = params.minPriceCents !== null || params.maxPriceCents !== null || params.inStock || params.featured;

  return (
    <div className="flex flex-col gap-6">
      <CatalogFilters params={params} onChange={update} showCategories={showCategories} />
      <p role="status" className="text-sm text-muted-foreground" aria-live="polite">
        {result.data ? countLabel(result.data.total, capped, 'item') : result.isPending && online ? 'Loading…' : ''}
        {result.isFetching && result.data ? ' · updating…' : ''}
      </p>
      {result.data?.suggestion && params.query ? (
        <p className="-mt-4 text-sm">
          Did you mean{' '}
          <Link to={paths.search.getHref(result.data.suggestion)} className="font-medium text-primary underline underline-offset-4">
            {result.data.suggestion}
          </Link>
          ?
        </p>
      ) : null}
      {!online && !result.data ? (
        // The request waits for the connection (TanStack Query resumes it); say so, not a skeleton forever.
        <OfflineMessage heading="h2" onRetry={() => void result.refetch()} />
      ) : result.isPending ? (
        <ItemGridSkeleton />
      ) : result.isError && !result.data ? (
        <ItemGridError message={result.error.message} onRetry={() => void result.refetch()} />
      ) : result.data.items.length === 0 && result.data.total > 0 ? (
        // A page past the end (an old link, ?page=99): the items exist, this page does not.
        <ItemGridEmpty
          action={
            <Button variant="secondary" onClick={() => update({ page: pageCount })}>
              Go to page {pageCount}
            </Button>
          }
        >
          {`There is no page ${params.page}: these ${countLabel(result.data.total, capped, 'item')} fill ${pageCount} ${pageCount === 1 ? 'page' : 'pages'}.`}
        </ItemGridEmpty>
      ) : result.data.items.length === 0 && noMatches && params.query && !filtered ? (
        noMatches
      ) : result.data.items.length === 0 ? (
        <ItemGridEmpty
          action={
            filtered ? (
              <Button variant="secondary" onClick={() => update({ min: null, max: null, stock: false, featured: false })}>
                Clear filters
              </Button>
            ) : (
              <Button asChild variant="secondary">
                <Link to="/catalog">Browse everything</Link>
              </Button>
            )
          }
        >
          {params.query ? `Nothing matches “${params.query}”.` : 'No items match these filters.'}
        </ItemGridEmpty>
      ) : (
        <>
          <ItemGrid items={result.data.items} label="Items" cardHeading="h2" />
          <Pagination page={params.page} pageCount={pageCount} more={capped} />
        </>
      )}
    </div>
  );
}
