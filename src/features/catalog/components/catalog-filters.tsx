import { SlidersHorizontal, X } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { NavLink } from 'react-router';
import { Button } from '@/components/ui/button';
import { Dialog, DialogClose, DialogContent, DialogDescription, DialogTitle, DialogTrigger } from '@/components/ui/dialog';
import { paths } from '@/config/paths';
import { useHydrated } from '@/hooks/use-hydrated';
import { PHONE_QUERY, useMediaQuery } from '@/hooks/use-media-query';
import { onEarlyPress } from '@/lib/early-presses';
import { cn } from '@/utils/cn';
import { priceParam } from '@/utils/price-input';
import { useCategories } from '../api/get-categories.ts';
import { SORTS, type ListItemsParams, type Sort } from '../api/list-items.ts';
import type { CatalogFilterPatch } from '../hooks/use-catalog-params.ts';
import { activeFilterCount } from '../utils/active-filter-count.ts';
import { checkPriceRange, type PriceRangeCheck } from '../utils/price-range.ts';
import { PriceRangeForm } from './price-range-form.tsx';

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
  // What is typed into the price fields, applied on submit (see PriceRangeForm).
  const [min, setMin] = useState(units(params.minPriceCents));
  const [max, setMax] = useState(units(params.maxPriceCents));
  const [priceErrors, setPriceErrors] = useState<PriceRangeCheck['errors']>({});
  // The checkbox and select show a change at once; the URL (the source of truth) follows a
  // moment later, and whatever it then says (Back, a shared link) wins.
  const [inStock, setInStock] = useState(params.inStock);
  const [featured, setFeatured] = useState(params.featured);
  const [sort, setSort] = useState<Sort>(params.sort);
  // Only a change of the URL's prices replaces what is typed: a typed price that could not be
  // applied along with another filter (it is not a price) stays for correcting.
  const appliedPrice = `${params.minPriceCents}:${params.maxPriceCents}`;
  const [lastAppliedPrice, setLastAppliedPrice] = useState(appliedPrice);
  if (appliedPrice !== lastAppliedPrice) {
    setLastAppliedPrice(appliedPrice);
    setPriceErrors({});
    setMin(units(params.minPriceCents));
    setMax(units(params.maxPriceCents));
  }
  const appliedOthers = `${params.inStock}:${params.featured}:${params.sort}`;
  const [lastAppliedOthers, setLastAppliedOthers] = useState(appliedOthers);
  if (appliedOthers !== lastAppliedOthers) {
    setLastAppliedOthers(appliedOthers);
    setInStock(params.inStock);
    setFeatured(params.featured);
    setSort(params.sort);
  }

  const minRef = useRef<HTMLInputElement>(null);
  const maxRef = useRef<HTMLInputElement>(null);
  /**
   * Applies `patch` together with the typed prices, so a price typed but not yet applied is never
   * dropped by another change (ticking "In stock only" after typing a max applies both). A typed
   * price that is not one is not applied, says why, and stays; the rest of the patch still applies.
   * Returns whether the prices were applied.
   */
  const apply = (patch: CatalogFilterPatch = {}): boolean => {
    const check = checkPriceRange(min, max);
    setPriceErrors(check.errors);
    const valid = !check.errors.min && !check.errors.max;
    const priceChanged = valid && (check.min !== params.minPriceCents || check.max !== params.maxPriceCents);
    const prices: CatalogFilterPatch = priceChanged
      ? { min: check.min === null ? null : priceParam(check.min), max: check.max === null ? null : priceParam(check.max) }
      : {};
    // Nothing changed, nothing written: an unchanged submit must not send the visitor back to page 1.
    if (priceChanged || Object.keys(patch).length > 0) onChange({ ...prices, ...patch });
    return valid;
  };
  /** Applies the prices or, when one is not a price, puts the cursor in the first wrong field. */
  const applyPrices = (): boolean => {
    const check = checkPriceRange(min, max);
    const applied = apply();
    if (!applied) (check.errors.min ? minRef : maxRef).current?.focus();
    return applied;
  };

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
    <fieldset disabled={!live} className="flex min-w-0 flex-col gap-4 md:flex-row md:flex-wrap md:items-start">
      <PriceRangeForm
        min={min}
        max={max}
        onMinChange={setMin}
        onMaxChange={setMax}
        errors={priceErrors}
        onSubmit={applyPrices}
        withApply={!phone}
        minRef={minRef}
        maxRef={maxRef}
      />
      {/* Level with the price fields, which have their label above (1.5rem: a line of text-sm and the gap). */}
      <label className="flex h-10 items-center gap-2 text-sm md:mt-6">
        <input
          type="checkbox"
          className="size-4 accent-primary"
          checked={inStock}
          onChange={(event) => {
            setInStock(event.target.checked);
            apply({ stock: event.target.checked });
          }}
        />
        In stock only
      </label>
      <label className="flex h-10 items-center gap-2 text-sm md:mt-6">
        <input
          type="checkbox"
          className="size-4 accent-primary"
          checked={featured}
          onChange={(event) => {
            setFeatured(event.target.checked);
            apply({ featured: event.target.checked });
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
            apply({ sort: next });
          }}
        >
          {sorts.map((sort) => (
            <option key={sort} value={sort}>
              {SORT_LABELS[sort]}
            </option>
          ))}
        </select>
      </label>
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
      <Dialog
        open={sheetOpen}
        onOpenChange={(open) => {
          // Closed with ✕, Escape or a tap outside: what was typed still applies (a wrong price stays
          // in its field, marked, for when the sheet opens again).
          if (!open) apply();
          setSheetOpen(open);
        }}
      >
        <DialogTrigger asChild>
          {/* Named in words ("Filters, 2 active"): the badge alone would be read as a bare number. */}
          <Button variant="secondary" className="self-start md:hidden" data-early="filters" aria-label={active > 0 ? `Filters, ${active} active` : undefined}>
            <SlidersHorizontal aria-hidden="true" />
            Filters
            {active > 0 ? <span className="rounded-full bg-primary px-2 text-xs leading-5 text-primary-foreground">{active}</span> : null}
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
            <DialogDescription className="sr-only">Ticks and sort apply at once; prices apply with Show items.</DialogDescription>
            {controls}
            {/* Applies everything typed; a price that is not one keeps the sheet open on its field. */}
            <Button
              onClick={() => {
                if (applyPrices()) setSheetOpen(false);
              }}
            >
              Show items
            </Button>
          </DialogContent>
        ) : null}
      </Dialog>
    </div>
  );
}
