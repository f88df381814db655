import { useCallback, useMemo } from 'react';
import { useParams, useSearchParams } from 'react-router';
import { SEARCH_MAX_LENGTH } from '@/config/search';
import { SORTS, type ListItemsParams, type Sort } from '../api/list-items.ts';
import { parsePriceCents } from '@/utils/price-input';

/** A price in the address (`?max=10.5`; a decimal comma typed into a shared link counts too). */
function priceFromParam(value: string | null): number | null {
  return value === null ? null : parsePriceCents(value);
}

export interface CatalogFilterPatch {
  min?: string | null;
  max?: string | null;
  stock?: boolean;
  featured?: boolean;
  sort?: Sort;
  page?: number;
}

/**
 * Filters, sort and page live in the URL (`?min=20&max=100&stock=1&featured=1&sort=price_asc&page=2`),
 * the category in the path and the text in `q`, so links, reloads and Back all keep them.
 * Anything invalid in the URL is ignored rather than shown as an error.
 */
export function useCatalogParams() {
  const { category = null } = useParams();
  const [searchParams, setSearchParams] = useSearchParams();

  const params: ListItemsParams = useMemo(() => {
    const sortParam = searchParams.get('sort');
    const pageParam = Number(searchParams.get('page') ?? '1');
    const query = (searchParams.get('q') ?? '').trim().slice(0, SEARCH_MAX_LENGTH).trim();
    const minPriceCents = priceFromParam(searchParams.get('min'));
    const maxPriceCents = priceFromParam(searchParams.get('max'));
    const ordered = minPriceCents !== null && maxPriceCents !== null && minPriceCents > maxPriceCents;
    return {
      query,
      category,
      minPriceCents: ordered ? maxPriceCents : minPriceCents,
      maxPriceCents: ordered ? minPriceCents : maxPriceCents,
      inStock: searchParams.get('stock') === '1',
      featured: searchParams.get('featured') === '1',
      sort: (SORTS as readonly string[]).includes(sortParam ?? '') ? (sortParam as Sort) : query ? 'relevance' : 'newest',
      page: Number.isInteger(pageParam) && pageParam >= 1 && pageParam <= 10_000 ? pageParam : 1,
    };
  }, [category, searchParams]);

  const update = useCallback(
    (patch: CatalogFilterPatch) => {
      setSearchParams((current) => {
        const next = new URLSearchParams(current);
        const set = (key: string, value: string | null | undefined) => {
          if (value === undefined) return;
          if (value === null || value === '') next.delete(key);
          else next.set(key, value);
        };
        set('min', patch.min);
        set('max', patch.max);
        if (patch.stock !== undefined) set('stock', patch.stock ? '1' : null);
        if (patch.featured !== undefined) set('featured', patch.featured ? '1' : null);
        if (patch.sort !== undefined) set('sort', patch.sort);
        // A new filter starts at the first page; an explicit page change keeps the filters.
        set('page', patch.page !== undefined && patch.page > 1 ? String(patch.page) : null);
        return next;
      });
    },
    [setSearchParams],
  );

  return { params, update, searchParams };
}
