import { Link } from 'react-router';
import { OfflineMessage } from '@/components/layout/offline-message';
import { PageTitle } from '@/components/layout/page-title';
import { LoadError } from '@/components/ui/load-error';
import { Skeleton } from '@/components/ui/skeleton';
import { paths } from '@/config/paths';
import type { StorePageSlug } from '@/config/store-pages';
import { useOnlineStatus } from '@/hooks/use-online-status';
import { useStorePage } from '../api/get-store-page.ts';
import { useStoreProfile } from '../api/get-store-profile.ts';
import { updatedOn } from '../utils/updated-on.ts';
import { PageSections } from './page-sections.tsx';
import { ContactDetails, Imprint } from './store-details.tsx';

/** The pages that show the shop's own details (store_profile) beside their text. */
const SHOWS_PROFILE: readonly StorePageSlug[] = ['contact', 'terms'];

/**
 * A store page (contact, delivery and returns, privacy, terms) as staff wrote it: title, summary,
 * when it last changed and its sections; the contact page adds how to reach the shop, the terms
 * page the imprint. Prerendered at build time from the same queries.
 */
export function StorePageView({ slug }: { slug: StorePageSlug }) {
  const showsProfile = SHOWS_PROFILE.includes(slug);
  const page = useStorePage(slug);
  const profile = useStoreProfile(showsProfile);
  const online = useOnlineStatus();
  const retry = () => {
    void page.refetch();
    if (showsProfile) void profile.refetch();
  };

  const waiting = page.data === undefined || (showsProfile && profile.data === undefined);
  // Offline with nothing to show, the requests wait (TanStack Query sends them when the
  // connection returns); the page says why instead of a skeleton that never ends.
  if (waiting && !online) {
    return (
      <>
        <PageTitle title="You're offline" />
        <OfflineMessage onRetry={retry} />
      </>
    );
  }
  const error = page.error ?? (showsProfile ? profile.error : null);
  if (waiting && error) {
    return (
      <>
        <PageTitle title="Page unavailable" />
        <h1 className="mb-6 text-3xl font-semibold">This page could not be loaded</h1>
        <LoadError what="The page" message={error.message} onRetry={retry} />
      </>
    );
  }
  if (waiting || !page.data) {
    return (
      <div role="status" aria-label="Loading page" className="flex max-w-3xl flex-col gap-4">
        <PageTitle title="Loading page" />
        <Skeleton className="h-9 w-64 max-w-full" />
        <Skeleton className="h-5 w-full" />
        <Skeleton className="mt-6 h-7 w-48" />
        <Skeleton className="h-24" />
        <Skeleton className="mt-6 h-7 w-48" />
        <Skeleton className="h-24" />
      </div>
    );
  }

  const { title, summary, updated_at: updatedAt, sections } = page.data;
  const details = profile.data;
  return (
    <>
      <PageTitle title={title} description={summary} />
      <article className="flex max-w-3xl flex-col gap-10">
        <header className="flex flex-col gap-2">
          <h1 className="text-3xl font-semibold tracking-tight text-balance [overflow-wrap:anywhere]">{title}</h1>
          <p className="max-w-prose text-muted-foreground">{summary}</p>
          <p className="text-sm text-muted-foreground">
            Last updated <time dateTime={updatedAt}>{updatedOn(updatedAt)}</time>
          </p>
        </header>
        {slug === 'contact' && details ? <ContactDetails profile={details} /> : null}
        <div className="flex max-w-prose flex-col gap-8">
          <PageSections sections={sections} />
        </div>
        {slug === 'delivery-and-returns' ? (
          <p className="max-w-prose rounded-md border border-border bg-surface p-4">
            A question about a delivery or a return?{' '}
            <Link to={paths.storePage.getHref('contact')} className="font-medium text-primary underline underline-offset-4">
              Contact us
            </Link>{' '}
            with your order reference.
          </p>
        ) : null}
        {slug === 'terms' && details ? <Imprint profile={details} /> : null}
      </article>
    </>
  );
}
