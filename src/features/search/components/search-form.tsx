import { Search } from 'lucide-react';
import { useLayoutEffect, useRef, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { Button } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { SEARCH_MAX_LENGTH } from '@/config/search';
import { typedInputs } from '@/lib/typed-before-hydration';

/**
 * The /search page's own search box (the header dialog is the quick way in). It is a plain GET form
 * to /search?q=…, so in a prerendered page it works before the app's script has arrived.
 */
export function SearchForm({ initialQuery }: { initialQuery: string }) {
  const [query, setQuery] = useState(initialQuery);
  // What was typed into the prerendered box before the app took over, put back before the next
  // paint (read at commit, not at render: the page may be rendered in slices while typing goes on).
  const fieldNames = useRef(['q']);
  useLayoutEffect(() => {
    const typed = typedInputs(fieldNames.current)?.q;
    if (typed !== undefined) setQuery(typed);
  }, []);
  const navigate = useNavigate();
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    navigate(paths.search.getHref(query.trim()));
  };
  return (
    <form role="search" action={paths.search.getHref()} onSubmit={onSubmit} className="flex gap-2">
      <label htmlFor="search-page-input" className="sr-only">
        Search the catalog
      </label>
      <input
        id="search-page-input"
        name="q"
        type="search"
        value={query}
        maxLength={SEARCH_MAX_LENGTH}
        onChange={(event) => setQuery(event.target.value)}
        placeholder="Search lamps, chairs, mugs…"
        className="h-11 min-w-0 flex-1 rounded-md border border-input bg-background px-3 text-base placeholder:text-muted-foreground focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
      />
      <Button type="submit">
        <Search aria-hidden="true" />
        Search
      </Button>
    </form>
  );
}
