import { ChevronLeft, ChevronRight } from 'lucide-react';
import { Link, useLocation } from 'react-router';
import { buttonVariants } from '@/components/ui/button';
import { cn } from '@/utils/cn';

function hrefForPage(search: string, pathname: string, page: number): string {
  const params = new URLSearchParams(search);
  if (page > 1) params.set('page', String(page));
  else params.delete('page');
  const query = params.toString();
  return query ? `${pathname}?${query}` : pathname;
}

/**
 * Real links per page: Back returns to the page you came from, and each page can be shared.
 * `more`: pages exist after `pageCount` (the total was capped at "1,000+"), so the last page is
 * unknown: no link to it, an ellipsis instead, and Next stays.
 */
export function Pagination({ page, pageCount, more = false }: { page: number; pageCount: number; more?: boolean }) {
  const { pathname, search } = useLocation();
  if (pageCount <= 1 && !more) return null;
  const pages = Array.from(new Set([1, page - 1, page, page + 1, ...(more ? [] : [pageCount])])).filter(
    (p) => p >= 1 && p <= pageCount,
  );
  const linkClass = (active: boolean) => cn(buttonVariants({ variant: active ? 'primary' : 'ghost', size: 'icon' }));
  return (
    <nav aria-label="Pages" className="mt-10 flex items-center justify-center gap-1">
      {page > 1 ? (
        <Link to={hrefForPage(search, pathname, page - 1)} className={linkClass(false)} aria-label="Previous page">
          <ChevronLeft aria-hidden="true" />
        </Link>
      ) : null}
      {pages.map((p, index) => (
        <span key={p} className="flex items-center gap-1">
          {index > 0 && p - (pages[index - 1] ?? p) > 1 ? <span aria-hidden="true">…</span> : null}
          <Link
            to={hrefForPage(search, pathname, p)}
            className={linkClass(p === page)}
            aria-label={`Page ${p}`}
            aria-current={p === page ? 'page' : undefined}
          >
            {p}
          </Link>
        </span>
      ))}
      {more ? <span aria-hidden="true">…</span> : null}
      {page < pageCount || more ? (
        <Link to={hrefForPage(search, pathname, page + 1)} className={linkClass(false)} aria-label="Next page">
          <ChevronRight aria-hidden="true" />
        </Link>
      ) : null}
    </nav>
  );
}
