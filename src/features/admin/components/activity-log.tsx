import { useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { PageTitle } from '@/components/layout/page-title';
import { Pagination } from '@/components/pagination';
import { LoadError } from '@/components/ui/load-error';
import { SkeletonList } from '@/components/ui/skeleton';
import { cn } from '@/utils/cn';
import { ACTIVITY_PAGE_SIZE, useActivity } from '../api/activity.ts';
import { useCarriers } from '../api/carriers.ts';
import { describeChange } from '../utils/describe-change.ts';

const dateFormat = new Intl.DateTimeFormat('en-IE', { dateStyle: 'medium', timeStyle: 'short' });

/** What staff changed, newest first: who, when, and each field before and after (the audit log). */
export function ActivityLog({ userId }: { userId: string }) {
  const [params] = useSearchParams();
  const requested = Number(params.get('page'));
  const page = Number.isInteger(requested) && requested > 1 ? requested : 1;
  const activity = useActivity(userId, page);
  const pageCount = activity.data ? Math.max(1, Math.ceil(activity.data.total / ACTIVITY_PAGE_SIZE)) : 1;
  // The carriers' names for shipped orders, which the log names by code; until (or unless) they
  // load, the entries show the codes, which still say who carries the parcel.
  const carriers = useCarriers(userId).data;
  const lookups = useMemo(() => ({ carrierNames: new Map(carriers?.map(({ code, name }) => [code, name])) }), [carriers]);
  return (
    <>
      <PageTitle title="Activity · Store admin" />
      <div>
        <h1 className="text-3xl font-semibold tracking-tight">Activity</h1>
        <p className="mt-1 text-muted-foreground">Every change staff made to items, categories, orders and returns, newest first.</p>
      </div>
      {activity.isPending ? (
        <SkeletonList label="Loading activity…" count={5} rowClassName="h-16" />
      ) : activity.isError ? (
        <LoadError what="The activity" message={activity.error.message} onRetry={() => void activity.refetch()} />
      ) : activity.data.entries.length === 0 ? (
        <p className="rounded-lg border border-dashed border-border p-8 text-center text-muted-foreground">Nothing has been changed yet.</p>
      ) : (
        <ol className={cn('flex flex-col divide-y divide-border rounded-lg border border-border', activity.isPlaceholderData && 'opacity-60')}>
          {activity.data.entries.map((entry) => {
            const { summary, details } = describeChange(entry, lookups);
            return (
              <li key={entry.id} className="flex flex-col gap-1 p-3 text-sm sm:flex-row sm:gap-4">
                <time dateTime={entry.at} className="shrink-0 text-muted-foreground sm:w-44">
                  {dateFormat.format(new Date(entry.at))}
                </time>
                <div className="min-w-0 flex-1">
                  <p className="font-medium [overflow-wrap:anywhere]">{summary}</p>
                  {details.length > 0 ? (
                    <ul className="text-muted-foreground">
                      {details.map((detail) => (
                        <li key={detail} className="[overflow-wrap:anywhere]">
                          {detail}
                        </li>
                      ))}
                    </ul>
                  ) : null}
                  <p className="text-muted-foreground">by {entry.actor_email ?? 'a former member of staff'}</p>
                </div>
              </li>
            );
          })}
        </ol>
      )}
      <Pagination page={page} pageCount={pageCount} />
    </>
  );
}
