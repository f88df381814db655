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

/** Real links per page: Back returns to the page you came from, and each page can be shared. */
export function Pagination({ page, pageCount }: { page: number; pageCount: number }) {
  const { pathname, search } = useLocation();
  if (pageCount <= 1) return null;
  const pages = Array.from(new Set([1, page - 1, page, page + 1, pageCount])).filter((p) => p >= 1 && p <= pageCount);
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
      {page < pageCount ? (
        <Link to={hrefForPage(search, pathname, page + 1)} className={linkClass(false)} aria-label="Next page">
          <ChevronRight aria-hidden="true" />
        </Link>
      ) : null}
    </nav>
  );
}
