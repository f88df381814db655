import { SlidersHorizontal, X } from 'lucide-react';
import { useEffect, useId, useState, type FormEvent } from 'react';
import { NavLink } from 'react-router';
import { Button } from '@/components/ui/button';
import { Dialog, DialogClose, DialogContent, DialogDescription, DialogTitle, DialogTrigger } from '@/components/ui/dialog';
import { paths } from '@/config/paths';
import { useHydrated } from '@/hooks/use-hydrated';
import { PHONE_QUERY, useMediaQuery } from '@/hooks/use-media-query';
import { onEarlyPress } from '@/lib/early-presses';
import { cn } from '@/utils/cn';
import { useCategories } from '../api/get-categories.ts';
import { SORTS, type ListItemsParams, type Sort } from '../api/list-items.ts';
import type { CatalogFilterPatch } from '../hooks/use-catalog-params.ts';
import { activeFilterCount } from '../utils/active-filter-count.ts';
import { parsePriceCents, priceParam } from '@/utils/price-input';

const SORT_LABELS: Record<Sort, string> = {
  relevance: 'Best match',
  price_asc: 'Price: low to high',
  price_desc: 'Price: high to low',
  newest: 'Newest',
};

const fieldClass =
  'h-10 rounded-md border border-input bg-background px-3 text-sm focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring';

function units(cents: number | null): string {
  return cents === null ? '' : String(cents / 100);
}

/**
 * Category links (the catalog only), price range, in-stock, featured and sort; every change lands in
 * the URL. On phones the categories are one scrolling row and the rest sits in a sheet behind a
 * "Filters" button that shows how many are set, so the first screen shows items, not controls.
 */
export function CatalogFilters({
  params,
  onChange,
  showCategories,
}: {
  params: ListItemsParams;
  onChange: (patch: CatalogFilterPatch) => void;
  showCategories: boolean;
}) {
  const categories = useCategories();
  // The price inputs apply on submit, so typing "1" on the way to "120" does not refetch.
  const [min, setMin] = useState(units(params.minPriceCents));
  const [max, setMax] = useState(units(params.maxPriceCents));
  // The checkbox and select show a change at once; the URL (the source of truth) follows a
  // moment later, and whatever it then says (Back, a shared link) wins.
  const [inStock, setInStock] = useState(params.inStock);
  const [featured, setFeatured] = useState(params.featured);
  const [sort, setSort] = useState<Sort>(params.sort);
  // A price that is not one ("ten", "10,5,0") is said so next to the field and not applied; what
  // was typed stays for correcting. Empty means no limit.
  const [invalid, setInvalid] = useState<{ min: boolean; max: boolean }>({ min: false, max: false });
  const applied = `${params.minPriceCents}:${params.maxPriceCents}:${params.inStock}:${params.featured}:${params.sort}`;
  const [lastApplied, setLastApplied] = useState(applied);
  if (applied !== lastApplied) {
    setLastApplied(applied);
    setInvalid({ min: false, max: false });
    setMin(units(params.minPriceCents));
    setMax(units(params.maxPriceCents));
    setInStock(params.inStock);
    setFeatured(params.featured);
    setSort(params.sort);
  }

  const priceErrorId = useId();
  const onPriceSubmit = (event: FormEvent) => {
    event.preventDefault();
    const read = (text: string) => (text.trim() === '' ? { ok: true, value: null } : { ok: parsePriceCents(text) !== null, value: parsePriceCents(text) });
    const [low, high] = [read(min), read(max)];
    setInvalid({ min: !low.ok, max: !high.ok });
    if (!low.ok || !high.ok) return;
    onChange({ min: low.value === null ? null : priceParam(low.value), max: high.value === null ? null : priceParam(high.value) });
  };
  const priceFieldProps = (which: 'min' | 'max') =>
    invalid[which] ? { 'aria-invalid': true, 'aria-describedby': priceErrorId } : {};
  const sorts = params.query ? SORTS : SORTS.filter((sort) => sort !== 'relevance');
  const phone = useMediaQuery(PHONE_QUERY);
  const [sheetOpen, setSheetOpen] = useState(false);
  // Filters pressed on the prerendered page open the sheet once it is live.
  useEffect(() => onEarlyPress('filters', () => setSheetOpen(true)), []);
  const active = activeFilterCount(params);
  // In the prerendered page the controls wait for the app: a box ticked there would be undone by
  // hydration without ever reaching the URL, and the price form would submit itself.
  const live = useHydrated();

  const controls = (
    <fieldset disabled={!live} className="flex min-w-0 flex-col gap-4 md:flex-row md:flex-wrap md:items-end">
      <form onSubmit={onPriceSubmit} className="flex items-end gap-2" aria-label="Price range">
        <label className="flex flex-col gap-1 text-sm">
          <span className="text-muted-foreground">Min price (€)</span>
          <input className={cn(fieldClass, 'w-24 aria-invalid:border-danger')} inputMode="decimal" value={min} onChange={(e) => setMin(e.target.value)} {...priceFieldProps('min')} />
        </label>
        <label className="flex flex-col gap-1 text-sm">
          <span className="text-muted-foreground">Max price (€)</span>
          <input className={cn(fieldClass, 'w-24 aria-invalid:border-danger')} inputMode="decimal" value={max} onChange={(e) => setMax(e.target.value)} {...priceFieldProps('max')} />
        </label>
        <Button type="submit" variant="secondary">
          Apply
        </Button>
      </form>
      <label className="flex h-10 items-center gap-2 text-sm">
        <input
          type="checkbox"
          className="size-4 accent-primary"
          checked={inStock}
          onChange={(event) => {
            setInStock(event.target.checked);
            onChange({ stock: event.target.checked });
          }}
        />
        In stock only
      </label>
      <label className="flex h-10 items-center gap-2 text-sm">
        <input
          type="checkbox"
          className="size-4 accent-primary"
          checked={featured}
          onChange={(event) => {
            setFeatured(event.target.checked);
            onChange({ featured: event.target.checked });
          }}
        />
        Featured only
      </label>
      <label className="flex flex-col gap-1 text-sm md:ml-auto">
        <span className="text-muted-foreground">Sort by</span>
        <select
          className={fieldClass}
          value={sort}
          onChange={(event) => {
            const next = event.target.value as Sort;
            setSort(next);
            onChange({ sort: next });
          }}
        >
          {sorts.map((sort) => (
            <option key={sort} value={sort}>
              {SORT_LABELS[sort]}
            </option>
          ))}
        </select>
      </label>
      {invalid.min || invalid.max ? (
        <p id={priceErrorId} role="alert" className="text-sm text-danger md:basis-full">
          {invalid.min && invalid.max ? 'Neither price' : invalid.min ? 'The min price' : 'The max price'} is not a price: enter an amount like 12 or
          12,50.
        </p>
      ) : null}
    </fieldset>
  );

  return (
    <div className="flex flex-col gap-4">
      {showCategories ? (
        <nav aria-label="Categories">
          <ul className="-mx-4 flex gap-2 overflow-x-auto px-4 pb-1 [scrollbar-width:none] md:mx-0 md:flex-wrap md:overflow-visible md:px-0 md:pb-0">
            {[{ slug: '', name: 'All' }, ...(categories.data ?? [])].map((category) => (
              <li key={category.slug || 'all'}>
                <NavLink
                  to={paths.catalog.getHref(category.slug || undefined)}
                  end
                  className={({ isActive }) =>
                    cn(
                      'inline-flex h-9 items-center rounded-full border px-4 text-sm whitespace-nowrap hover:bg-muted focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring',
                      isActive ? 'border-primary bg-primary-soft font-medium' : 'border-border',
                    )
                  }
                >
                  {category.name}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
      ) : null}
      {/* Before the app is live (prerendered HTML) both exist and CSS shows the right one; after, only one. */}
      {phone ? null : <div className="max-md:hidden">{controls}</div>}
      <Dialog open={sheetOpen} onOpenChange={setSheetOpen}>
        <DialogTrigger asChild>
          <Button variant="secondary" className="self-start md:hidden" data-early="filters">
            <SlidersHorizontal aria-hidden="true" />
            Filters{active > 0 ? ` (${active})` : ''}
          </Button>
        </DialogTrigger>
        {phone ? (
          <DialogContent side="bottom">
            <div className="flex items-center justify-between">
              <DialogTitle className="text-lg font-semibold">Filters and sort</DialogTitle>
              <DialogClose asChild>
                <Button variant="ghost" size="icon" aria-label="Close">
                  <X aria-hidden="true" />
                </Button>
              </DialogClose>
            </div>
            <DialogDescription className="sr-only">Every change applies at once; the items behind update.</DialogDescription>
            {controls}
            <DialogClose asChild>
              <Button>Show items</Button>
            </DialogClose>
          </DialogContent>
        ) : null}
      </Dialog>
    </div>
  );
}
