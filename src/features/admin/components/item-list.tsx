import { Plus, Search } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { ItemThumbnail } from '@/components/item-thumbnail';
import { PageTitle } from '@/components/layout/page-title';
import { Pagination } from '@/components/pagination';
import { Button } from '@/components/ui/button';
import { LoadError } from '@/components/ui/load-error';
import { SkeletonList } from '@/components/ui/skeleton';
import { inputClass } from '@/components/ui/text-field';
import { paths } from '@/config/paths';
import { useDebouncedValue } from '@/hooks/use-debounced-value';
import { cn } from '@/utils/cn';
import { formatPrice, pluralize } from '@/utils/format';
import { ADMIN_PAGE_SIZE, LOW_STOCK, useAdminCategories, useAdminItems, type AdminItemRow } from '../api/admin-items.ts';
import type { ItemListFilters, ItemStatusFilter } from '../api/admin-keys.ts';

const STATUS_OPTIONS: Record<ItemStatusFilter, string> = {
  'on-sale': 'On sale',
  'low-stock': `Low stock (${LOW_STOCK} or fewer)`,
  archived: 'Archived',
  all: 'All items',
};

function readFilters(params: URLSearchParams): ItemListFilters {
  const status = params.get('status');
  const category = Number(params.get('category'));
  const page = Number(params.get('page'));
  return {
    search: params.get('q') ?? '',
    category: Number.isInteger(category) && category > 0 ? category : null,
    status: status && status in STATUS_OPTIONS ? (status as ItemStatusFilter) : 'on-sale',
    page: Number.isInteger(page) && page > 1 ? page : 1,
  };
}

/** The items staff manage, archived ones included, with search and filters kept in the address. */
export function ItemList({ userId }: { userId: string }) {
  const [params, setParams] = useSearchParams();
  const filters = readFilters(params);
  const [searchText, setSearchText] = useState(filters.search);
  const debouncedSearch = useDebouncedValue(searchText, 250);
  const items = useAdminItems(userId, filters);
  const categories = useAdminCategories(userId);

  const setFilter = (name: 'q' | 'category' | 'status', value: string) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (value) next.set(name, value);
        else next.delete(name);
        next.delete('page');
        return next;
      },
      { replace: true },
    );

  useEffect(() => {
    if (debouncedSearch.trim() !== filters.search) setFilter('q', debouncedSearch.trim());
    // Only a settled search text changes the address; the other filters change it themselves.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [debouncedSearch]);

  const pageCount = items.data ? Math.max(1, Math.ceil(items.data.total / ADMIN_PAGE_SIZE)) : 1;
  const selectClass = cn(inputClass, 'pr-8');
  return (
    <>
      <PageTitle title="Items · Store admin" />
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 className="text-3xl font-semibold tracking-tight">Items</h1>
          <p className="mt-1 text-muted-foreground" aria-live="polite">
            {items.data ? pluralize(items.data.total, 'item') : 'Loading items…'}
          </p>
        </div>
        <Button asChild>
          <Link to={paths.adminNewItem.getHref()}>
            <Plus aria-hidden="true" />
            New item
          </Link>
        </Button>
      </div>

      <div role="search" className="grid gap-3 sm:grid-cols-[1fr_12rem_12rem]">
        <label className="flex flex-col gap-1.5 text-sm font-medium">
          Search items
          <span className="relative">
            <Search aria-hidden="true" className="pointer-events-none absolute top-3 left-3 size-5 text-muted-foreground" />
            <input
              type="search"
              value={searchText}
              onChange={(event) => setSearchText(event.target.value)}
              placeholder="Name or web address"
              className={cn(inputClass, 'pl-10')}
            />
          </span>
        </label>
        <label className="flex flex-col gap-1.5 text-sm font-medium">
          Category
          <select className={selectClass} value={filters.category ?? ''} onChange={(event) => setFilter('category', event.target.value)}>
            <option value="">All categories</option>
            {categories.data?.map((category) => (
              <option key={category.id} value={category.id}>
                {category.name}
              </option>
            ))}
          </select>
        </label>
        <label className="flex flex-col gap-1.5 text-sm font-medium">
          Show
          <select className={selectClass} value={filters.status} onChange={(event) => setFilter('status', event.target.value === 'on-sale' ? '' : event.target.value)}>
            {Object.entries(STATUS_OPTIONS).map(([value, label]) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
          </select>
        </label>
      </div>

      {items.isPending ? (
        <SkeletonList label="Loading items…" count={6} rowClassName="h-20" />
      ) : items.isError ? (
        <LoadError what="The items" message={items.error.message} onRetry={() => void items.refetch()} />
      ) : items.data.items.length === 0 ? (
        <p className="rounded-lg border border-dashed border-border p-8 text-center text-muted-foreground">
          No items match. Change the search or the filters, or create a new item.
        </p>
      ) : (
        <ul className={cn('flex flex-col divide-y divide-border rounded-lg border border-border', items.isPlaceholderData && 'opacity-60')}>
          {items.data.items.map((item) => (
            <ItemRow key={item.id} item={item} />
          ))}
        </ul>
      )}
      <Pagination page={filters.page} pageCount={pageCount} />
    </>
  );
}

function ItemRow({ item }: { item: AdminItemRow }) {
  const low = item.archived_at === null && item.stock <= LOW_STOCK;
  return (
    <li className="flex items-center gap-3 p-3">
      <ItemThumbnail path={item.image_paths[0]} size="sm" />
      <div className="flex min-w-0 flex-1 flex-col gap-0.5 sm:flex-row sm:items-center sm:gap-4">
        <div className="min-w-0 flex-1">
          <Link to={paths.adminItem.getHref(item.id)} className="font-medium [overflow-wrap:anywhere] hover:underline">
            {item.title}
          </Link>
          <p className="truncate text-xs text-muted-foreground">
            {item.category?.name} · /items/{item.slug}
          </p>
        </div>
        <p className="flex flex-wrap gap-x-4 gap-y-1 text-sm sm:justify-end">
          <span>{formatPrice(item.price_cents, item.currency)}</span>
          <span className={cn(low && 'font-medium text-danger')}>{item.stock} in stock</span>
          {item.featured ? <span className="text-primary">Featured</span> : null}
          {item.archived_at ? <span className="text-muted-foreground">Archived</span> : null}
        </p>
      </div>
    </li>
  );
}
