import { LayoutGrid, Search } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { PageTitle } from '@/components/layout/page-title';
import { Button } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { CategoryList } from '@/features/catalog/components/category-list';
import { ShowcaseSection } from '@/features/catalog/components/showcase-section';

// Loaded only when a session has just ended here: it is not part of the first page's script.
const SessionEndedNotice = lazy(async () => ({ default: (await import('@/features/account/components/session-ended-notice')).SessionEndedNotice }));

/** The notice, once a page sent this tab home because its session ended (the reason is in the history state). */
function SessionEnded() {
  const { state } = useLocation();
  const [shown, setShown] = useState(false);
  if (!shown && typeof state === 'object' && state !== null && 'sessionEnded' in state) setShown(true);
  return shown ? (
    <Suspense fallback={null}>
      <SessionEndedNotice />
    </Suspense>
  ) : null;
}

export function HomeRoute() {
  return (
    <>
      <PageTitle />
      {/* Compact hero, then products: both widths show items in the first screen. */}
      <div className="flex flex-col gap-10 md:gap-16">
        <SessionEnded />
        <section className="flex flex-col items-start gap-4 rounded-xl border border-border bg-surface px-5 py-6 sm:px-12 sm:py-10">
          <p className="text-sm font-medium tracking-wide text-primary uppercase">Lumen</p>
          <h1 className="max-w-2xl text-3xl font-semibold tracking-tight text-balance sm:text-5xl">
            Things for a calmer home, chosen with care.
          </h1>
          <p className="max-w-prose text-muted-foreground sm:text-lg">
            Browse the catalog, keep what you like in your cart, and send an order request when you are ready.
          </p>
          <div className="flex flex-wrap gap-3">
            <Button asChild>
              <Link to={paths.catalog.getHref()}>
                <LayoutGrid aria-hidden="true" />
                Browse the catalog
              </Link>
            </Button>
            <Button asChild variant="secondary">
              <Link to={paths.search.getHref()}>
                <Search aria-hidden="true" />
                Search
              </Link>
            </Button>
          </div>
        </section>
        <ShowcaseSection kind="featured" title="Featured" moreHref={`${paths.catalog.getHref()}?featured=1`} />
        <CategoryList />
        <ShowcaseSection kind="new" title="New arrivals" moreHref={`${paths.catalog.getHref()}?sort=newest`} />
      </div>
    </>
  );
}
