import { Loader2, Search } from 'lucide-react';
import { useId, useState, type KeyboardEvent } from 'react';
import { useNavigate } from 'react-router';
import { ItemThumbnail } from '@/components/item-thumbnail';
import { StockLabel } from '@/components/stock-label';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogTitle, DialogTrigger } from '@/components/ui/dialog';
import { paths } from '@/config/paths';
import { SEARCH_MAX_LENGTH } from '@/config/search';
import { useDebouncedValue } from '@/hooks/use-debounced-value';
import { cn } from '@/utils/cn';
import { formatPrice } from '@/utils/format';
import { useSearchSuggestions } from '../api/search-suggestions.ts';
import { useSearchShortcut } from '../hooks/use-search-shortcut.ts';
import { SearchButton } from './search-button.tsx';
import { resultCount } from '../utils/result-count.ts';

const DEBOUNCE_MS = 150;

/**
 * The header's search: a dialog (also opened by "/" and Ctrl/Cmd+K) with results as you type.
 * The input is a combobox: arrows move through the results, Enter opens the highlighted item
 * or, with none highlighted, the full results page.
 */
export function SearchDialog({ defaultOpen = false }: { defaultOpen?: boolean }) {
  const [open, setOpen] = useState(defaultOpen);
  const [query, setQuery] = useState('');
  const [active, setActive] = useState(-1);
  const navigate = useNavigate();
  const listId = useId();
  const trimmed = query.trim();
  const debounced = useDebouncedValue(trimmed, DEBOUNCE_MS);
  const results = useSearchSuggestions(debounced);
  const items = debounced && results.data ? results.data.items : [];
  // Pending shows at once: while typing (before the debounce settles) and while fetching.
  const pending = trimmed.length > 0 && (trimmed !== debounced || results.isFetching);

  useSearchShortcut(() => setOpen(true));

  const go = (href: string) => {
    setOpen(false);
    navigate(href);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      if (items.length === 0) return;
      event.preventDefault();
      const step = event.key === 'ArrowDown' ? 1 : -1;
      // -1 is the input itself; stepping past either end wraps through it.
      setActive((current) => {
        const next = current + step;
        if (next < -1) return items.length - 1;
        return next >= items.length ? -1 : next;
      });
    } else if (event.key === 'Enter') {
      event.preventDefault();
      const item = items[active];
      if (item) go(paths.item.getHref(item.slug));
      else if (trimmed) go(paths.search.getHref(trimmed));
    }
  };

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (!next) setActive(-1);
      }}
    >
      <DialogTrigger asChild>
        <SearchButton />
      </DialogTrigger>
      <DialogContent>
        <DialogTitle className="text-lg font-semibold">Search the catalog</DialogTitle>
        <DialogDescription className="sr-only">
          Results appear as you type. Use the arrow keys to choose one and Enter to open it.
        </DialogDescription>
        <div className="relative">
          <Search aria-hidden="true" className="pointer-events-none absolute top-3 left-3 size-5 text-muted-foreground" />
          <input
            type="search"
            role="combobox"
            aria-label="Search"
            aria-expanded={items.length > 0}
            aria-controls={listId}
            aria-autocomplete="list"
            aria-activedescendant={active >= 0 && items[active] ? `${listId}-${active}` : undefined}
            autoComplete="off"
            maxLength={SEARCH_MAX_LENGTH}
            value={query}
            onChange={(event) => {
              setQuery(event.target.value);
              setActive(-1);
            }}
            onKeyDown={onKeyDown}
            placeholder="Search lamps, chairs, mugs…"
            className="h-11 w-full rounded-md border border-input bg-background pr-10 pl-10 text-base placeholder:text-muted-foreground focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
          />
          {pending ? (
            <Loader2 aria-hidden="true" data-testid="search-pending" className="absolute top-3 right-3 size-5 text-muted-foreground motion-safe:animate-spin" />
          ) : null}
        </div>
        <p role="status" aria-live="polite" className="text-sm text-muted-foreground">
          {!trimmed
            ? 'Type to search.'
            : pending && !results.data
              ? 'Searching…'
              : results.isError
                ? 'Search failed. Check your connection and try again.'
                : results.data
                  ? results.data.total === 0 && !pending
                    ? `No results for “${trimmed}”. Check the spelling or try a more general word.`
                    : `${resultCount(results.data)}${pending ? ' · updating…' : ''}`
                  : ''}
        </p>
        {/* Hidden while empty: an empty listbox is announced as one with nothing to choose. */}
        <ul id={listId} role="listbox" aria-label="Results" hidden={items.length === 0} className="flex max-h-[50vh] flex-col gap-1 overflow-y-auto">
          {items.map((item, index) => (
            <li
              key={item.id}
              id={`${listId}-${index}`}
              role="option"
              aria-selected={index === active}
              onMouseDown={(event) => event.preventDefault()}
              onClick={() => go(paths.item.getHref(item.slug))}
              className={cn(
                'flex cursor-pointer items-center gap-3 rounded-md px-3 py-2 hover:bg-muted',
                index === active && 'bg-muted outline-2 outline-ring',
              )}
            >
              <ItemThumbnail path={item.image_paths[0]} size="sm" />
              <span className="flex min-w-0 flex-1 flex-col">
                <span className="truncate font-medium">{item.title}</span>
                <span className="text-sm text-muted-foreground">{item.category_name}</span>
              </span>
              <span className="flex shrink-0 flex-col items-end">
                <span className="text-sm font-semibold">{formatPrice(item.price_cents, item.currency)}</span>
                <StockLabel stock={item.stock} size="xs" />
              </span>
            </li>
          ))}
        </ul>
        {trimmed && results.data?.total !== 0 ? (
          <Button variant="link" size="inline" className="self-start" onClick={() => go(paths.search.getHref(trimmed))}>
            See all results for “{trimmed}”
          </Button>
        ) : null}
      </DialogContent>
    </Dialog>
  );
}
