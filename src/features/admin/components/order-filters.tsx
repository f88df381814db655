import { Search, X } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { inputClass } from '@/components/ui/text-field';
import { adminPaths } from '@/config/admin-paths';
import { ORDER_STATUSES, type OrderStatus } from '@/config/order-statuses';
import { cn } from '@/utils/cn';
import { MAX_QUERY_LENGTH, STATUS_FILTER_LABELS, type OrderFilters } from '../utils/order-search.ts';

/** How long typing pauses before the list searches: one search per word, not per letter. */
const SEARCH_DELAY_MS = 300;

export type FilterName = 'q' | 'status' | 'from' | 'to' | 'customer';

interface OrderFilterControlsProps {
  filters: OrderFilters;
  /** Sets address parameters (an empty value removes one) and goes back to the first page. */
  onChange: (changes: Partial<Record<FilterName, string>>) => void;
  /** The customer the list is narrowed to by its address, shown with a way to widen it again. */
  customer: { id: string; label: string } | null;
}

/** The all-orders list's search and filters; their values live in the address (the list reads them there). */
export function OrderFilterControls({ filters, onChange, customer }: OrderFilterControlsProps) {
  const statusLegendId = useId();
  const toggleStatus = (status: OrderStatus, on: boolean) => {
    const next = ORDER_STATUSES.filter((candidate) => (candidate === status ? on : filters.statuses.includes(candidate)));
    onChange({ status: next.join(',') });
  };
  // A first day after the last (or the reverse) takes the other end along: the range never runs backwards.
  const setFrom = (from: string) => onChange(from && filters.to && from > filters.to ? { from, to: from } : { from });
  const setTo = (to: string) => onChange(to && filters.from && to < filters.from ? { to, from: to } : { to });
  return (
    <div role="search" aria-label="Orders" className="flex flex-col gap-4">
      <div className="grid grid-cols-2 gap-3 lg:grid-cols-[1fr_11rem_11rem]">
        <SearchBox value={filters.q} onSearch={(q) => onChange({ q })} className="col-span-2 lg:col-span-1" />
        <label className="flex flex-col gap-1.5 text-sm font-medium">
          Placed from
          <input type="date" className={inputClass} value={filters.from ?? ''} max={filters.to ?? undefined} onChange={(event) => setFrom(event.target.value)} />
        </label>
        <label className="flex flex-col gap-1.5 text-sm font-medium">
          Placed until
          <input type="date" className={inputClass} value={filters.to ?? ''} min={filters.from ?? undefined} onChange={(event) => setTo(event.target.value)} />
        </label>
      </div>
      <fieldset aria-labelledby={statusLegendId} className="flex flex-col gap-2">
        <legend id={statusLegendId} className="text-sm font-medium">
          Status <span className="font-normal text-muted-foreground">(none chosen: every status)</span>
        </legend>
        <div className="flex flex-wrap gap-2">
          {ORDER_STATUSES.map((status) => {
            const checked = filters.statuses.includes(status);
            return (
              <label
                key={status}
                className={cn(
                  'inline-flex h-10 cursor-pointer items-center gap-2 rounded-full border px-3 text-sm has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-ring',
                  checked ? 'border-primary bg-primary/10 text-foreground' : 'border-border text-muted-foreground hover:bg-muted',
                )}
              >
                <input type="checkbox" className="size-4 accent-primary" checked={checked} onChange={(event) => toggleStatus(status, event.target.checked)} />
                {STATUS_FILTER_LABELS[status]}
              </label>
            );
          })}
        </div>
      </fieldset>
      {customer ? (
        <p className="flex flex-wrap items-center gap-2 text-sm">
          <span>
            Orders of{' '}
            <Link to={adminPaths.customer.getHref(customer.id)} className="font-medium text-primary underline-offset-4 hover:underline">
              {customer.label}
            </Link>
          </span>
          <Button type="button" variant="secondary" size="compact" aria-label="Clear the customer filter" onClick={() => onChange({ customer: '' })}>
            <X aria-hidden="true" />
            Clear
          </Button>
        </p>
      ) : null}
    </div>
  );
}

/**
 * The search text, searched once typing pauses. The box keeps what is being typed; when the
 * address changes some other way (Clear filters, Back), the box shows the address's search.
 */
function SearchBox({ value, onSearch, className }: { value: string; onSearch: (text: string) => void; className?: string }) {
  const [text, setText] = useState(value);
  // The address's search this box last saw, and the one it last asked for: only a change that
  // is neither (made elsewhere) replaces what is in the box.
  const [seen, setSeen] = useState(value);
  const [asked, setAsked] = useState(value);
  if (value !== seen) {
    setSeen(value);
    if (value !== asked) {
      setAsked(value);
      setText(value);
    }
  }
  const timer = useRef<number | undefined>(undefined);
  useEffect(() => () => window.clearTimeout(timer.current), []);
  const search = (next: string) => {
    window.clearTimeout(timer.current);
    timer.current = window.setTimeout(() => {
      const settled = next.trim();
      setAsked(settled);
      onSearch(settled);
    }, SEARCH_DELAY_MS);
  };
  return (
    <label className={cn('flex flex-col gap-1.5 text-sm font-medium', className)}>
      Search orders
      <span className="relative">
        <Search aria-hidden="true" className="pointer-events-none absolute top-3 left-3 size-5 text-muted-foreground" />
        <input
          type="search"
          value={text}
          maxLength={MAX_QUERY_LENGTH}
          onChange={(event) => {
            setText(event.target.value);
            search(event.target.value);
          }}
          placeholder="Number, reference, e-mail or name"
          className={cn(inputClass, 'pl-10')}
        />
      </span>
    </label>
  );
}
