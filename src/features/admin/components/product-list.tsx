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
import { adminPaths } from '@/config/admin-paths';
import { useDebouncedValue } from '@/hooks/use-debounced-value';
import { cn } from '@/utils/cn';
import { formatPrice, pluralize } from '@/utils/format';
import { useAdminCategories } from '../api/admin-items.ts';
import type { ProductListFilters, ProductStatusFilter } from '../api/admin-keys.ts';
import { ADMIN_PAGE_SIZE, useAdminProducts, type AdminProductRow, type AdminVariantRow } from '../api/admin-products.ts';
import { optionsOf, variantLabel } from '../utils/variant-label.ts';
import { PublicationBadge } from './product-page.tsx';

const STATUS_OPTIONS: Record<ProductStatusFilter, string> = {
  all: 'All products',
  drafts: 'Drafts',
  published: 'Published',
  // Each variant's own warning level: the summary line says so while this is chosen.
  'low-stock': 'Low stock',
  archived: 'Archived variants',
};

function readFilters(params: URLSearchParams): ProductListFilters {
  const status = params.get('status');
  const category = Number(params.get('category'));
  const page = Number(params.get('page'));
  return {
    search: params.get('q') ?? '',
    category: Number.isInteger(category) && category > 0 ? category : null,
    status: status && status in STATUS_OPTIONS ? (status as ProductStatusFilter) : 'all',
    page: Number.isInteger(page) && page > 1 ? page : 1,
  };
}

function summary(total: number, status: ProductStatusFilter): string {
  if (status === 'low-stock') return `${pluralize(total, 'product')} with a variant running low (at or under its own warning level)`;
  return `${pluralize(total, 'product')} and ${total === 1 ? 'its' : 'their'} variants`;
}

/**
 * The products staff manage with their variants, drafts and archived variants included, with
 * search and filters kept in the address. Drafts say so in words.
 */
export function ProductList({ userId }: { userId: string }) {
  const [params, setParams] = useSearchParams();
  const filters = readFilters(params);
  const [searchText, setSearchText] = useState(filters.search);
  const debouncedSearch = useDebouncedValue(searchText, 250);
  const products = useAdminProducts(userId, filters);
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

  const pageCount = products.data ? Math.max(1, Math.ceil(products.data.total / ADMIN_PAGE_SIZE)) : 1;
  const selectClass = cn(inputClass, 'pr-8');
  return (
    <>
      <PageTitle title="Items · Store admin" />
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 className="text-3xl font-semibold tracking-tight">Items</h1>
          <p className="mt-1 text-muted-foreground" aria-live="polite">
            {products.data ? summary(products.data.total, filters.status) : 'Loading products…'}
          </p>
        </div>
        <div className="flex flex-wrap gap-2">
          <Button variant="secondary" asChild>
            <Link to={adminPaths.newItem.getHref()}>
              <Plus aria-hidden="true" />
              New item
            </Link>
          </Button>
          <Button asChild>
            <Link to={adminPaths.newProduct.getHref()}>
              <Plus aria-hidden="true" />
              New product
            </Link>
          </Button>
        </div>
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
          <select className={selectClass} value={filters.status} onChange={(event) => setFilter('status', event.target.value === 'all' ? '' : event.target.value)}>
            {Object.entries(STATUS_OPTIONS).map(([value, label]) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
          </select>
        </label>
      </div>

      {products.isPending ? (
        <SkeletonList label="Loading products…" count={6} rowClassName="h-20" />
      ) : products.isError ? (
        <LoadError what="The products" message={products.error.message} onRetry={() => void products.refetch()} />
      ) : products.data.products.length === 0 ? (
        <p className="rounded-lg border border-dashed border-border p-8 text-center text-muted-foreground">
          {filters.status === 'drafts' && !filters.search && filters.category === null
            ? 'No drafts. A new product starts as one.'
            : 'No products match. Change the search or the filters, or create a new product.'}
        </p>
      ) : (
        <ul className={cn('flex flex-col divide-y divide-border rounded-lg border border-border', products.isPlaceholderData && 'opacity-60')}>
          {products.data.products.map((product) => (
            <ProductRow key={product.id} product={product} />
          ))}
        </ul>
      )}
      <Pagination page={filters.page} pageCount={pageCount} />
    </>
  );
}

function VariantFacts({ variant }: { variant: AdminVariantRow }) {
  // Each variant's own threshold (low_stock_threshold), as the "Low stock" filter and the overview use.
  const low = variant.on_sale && variant.low_stock;
  return (
    <span className="flex flex-wrap gap-x-4 gap-y-1 text-sm sm:justify-end">
      <span>{formatPrice(variant.price_cents, variant.currency)}</span>
      <span className={cn(low && 'font-medium text-danger')}>
        {variant.stock} in stock{low ? ' (low)' : ''}
      </span>
      {variant.image_paths.length === 0 ? <span className="text-muted-foreground">No pictures</span> : null}
      {variant.archived_at ? <span className="text-muted-foreground">Archived</span> : null}
    </span>
  );
}

/**
 * A product, and under it each of its variants with its own link. A product of one variant with no
 * options (an item of its own) is one line: the variant's facts sit beside the product's name.
 */
function ProductRow({ product }: { product: AdminProductRow }) {
  const published = product.published_at !== null;
  const only = product.variants.length === 1 && Object.keys(optionsOf(product.variants[0]?.options ?? {})).length === 0 ? product.variants[0] : undefined;
  return (
    <li className="flex flex-col gap-2 p-3">
      <div className="flex items-center gap-3">
        <ItemThumbnail path={product.variants.find((variant) => variant.image_paths.length > 0)?.image_paths[0]} size="sm" />
        <div className="flex min-w-0 flex-1 flex-col gap-0.5 sm:flex-row sm:items-center sm:gap-4">
          <div className="min-w-0 flex-1">
            <p className="flex flex-wrap items-center gap-2">
              <Link to={adminPaths.product.getHref(product.id)} className="font-medium [overflow-wrap:anywhere] hover:underline">
                {product.title}
              </Link>
              <PublicationBadge published={published} />
            </p>
            <p className="truncate text-xs text-muted-foreground">
              {product.category?.name} · {only ? `/items/${only.slug}` : pluralize(product.variants.length, 'variant')}
            </p>
          </div>
          {only ? <VariantFacts variant={only} /> : null}
        </div>
      </div>
      {only ? null : (
        <ul aria-label={`Variants of ${product.title}`} className="flex flex-col gap-1 sm:pl-[3.25rem]">
          {product.variants.map((variant) => (
            <li key={variant.id} className="flex flex-col gap-0.5 border-l-2 border-border py-1 pl-3 sm:flex-row sm:items-center sm:gap-4">
              <Link to={adminPaths.item.getHref(variant.id)} className="min-w-0 flex-1 text-sm [overflow-wrap:anywhere] hover:underline">
                {variantLabel(variant, product.title)}
              </Link>
              <VariantFacts variant={variant} />
            </li>
          ))}
        </ul>
      )}
    </li>
  );
}
