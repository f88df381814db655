import { ArrowRight, SquareKanban } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { PageTitle } from '@/components/layout/page-title';
import { Button } from '@/components/ui/button';
import { LoadError } from '@/components/ui/load-error';
import { Skeleton } from '@/components/ui/skeleton';
import { ORDER_STATUSES, type OrderStatus } from '@/config/order-statuses';
import { adminPaths } from '@/config/admin-paths';
import { cn } from '@/utils/cn';
import { formatPrice, pluralize } from '@/utils/format';
import { useStoreOverview, type OverviewPeriod, type PeriodName, type StoreOverview } from '../api/store-overview.ts';

const LOW_STOCK_HREF = `${adminPaths.items.getHref()}?status=low-stock`;

/** What a period's "orders" counts: every order placed in it but the cancelled ones. */
const COUNTED_STATUSES = ORDER_STATUSES.filter((status) => status !== 'cancelled');

const PERIODS: Record<PeriodName, { title: string; during: string; none: string }> = {
  today: { title: 'Today', during: 'today', none: 'No orders today yet.' },
  days_7: { title: 'Last 7 days', during: 'in the last 7 days', none: 'No orders in the last 7 days.' },
  days_30: { title: 'Last 30 days', during: 'in the last 30 days', none: 'No orders in the last 30 days.' },
};

/** The open statuses by what the shop does next, in the order an order moves. */
const OPEN: { status: OrderStatus & keyof StoreOverview['open_orders']; label: string }[] = [
  { status: 'placed', label: 'To confirm' },
  { status: 'confirmed', label: 'To pack' },
  { status: 'packed', label: 'To ship' },
  { status: 'shipped', label: 'On the way' },
];

// The shop's days arrive as YYYY-MM-DD: read and written as UTC so no time zone moves them.
const dayFormat = new Intl.DateTimeFormat('en-IE', { day: 'numeric', month: 'short', timeZone: 'UTC' });
const todayFormat = new Intl.DateTimeFormat('en-IE', { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });
const asDate = (day: string) => new Date(`${day}T00:00:00Z`);

function daysLabel(from: string, to: string): string {
  return from === to ? dayFormat.format(asDate(to)) : dayFormat.formatRange(asDate(from), asDate(to));
}

const linkClass = 'font-medium text-primary underline-offset-4 hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring';

/**
 * The admin's first page: how the shop is doing today, over the last week and month, what needs
 * doing next, what sells and what is running out, each leading to the list that holds it. One
 * call (store_overview); the shop's days, not the computer's.
 */
export function OverviewPage({ userId }: { userId: string }) {
  const overview = useStoreOverview(userId);
  return (
    <>
      <PageTitle title="Overview · Store admin" />
      <div>
        <h1 className="text-3xl font-semibold tracking-tight">Overview</h1>
        <p className="mt-1 text-muted-foreground">
          {overview.data
            ? `${todayFormat.format(asDate(overview.data.today))} in the shop (${overview.data.time_zone}). The figures refresh every minute.`
            : 'How the shop is doing, and what needs doing next.'}
        </p>
      </div>
      {overview.data ? (
        <>
          {overview.isRefetchError ? (
            <LoadError
              what="The latest figures"
              message={`${overview.error.message} These are the last ones read.`}
              onRetry={() => void overview.refetch()}
              className="rounded-md border border-border p-4"
            />
          ) : null}
          <OverviewBody data={overview.data} />
        </>
      ) : overview.isError ? (
        <LoadError what="The overview" message={overview.error.message} onRetry={() => void overview.refetch()} />
      ) : (
        <OverviewSkeleton />
      )}
    </>
  );
}

function OverviewSkeleton() {
  return (
    <div className="flex flex-col gap-8">
      <p role="status" className="sr-only">
        Loading the overview…
      </p>
      <div className="grid gap-4 md:grid-cols-3">
        {[0, 1, 2].map((index) => (
          <Skeleton key={index} className="h-64" />
        ))}
      </div>
      <div className="grid grid-cols-2 gap-3 sm:grid-cols-4">
        {[0, 1, 2, 3].map((index) => (
          <Skeleton key={index} className="h-20" />
        ))}
      </div>
      <div className="grid gap-6 lg:grid-cols-2">
        <Skeleton className="h-64" />
        <Skeleton className="h-64" />
      </div>
    </div>
  );
}

function OverviewBody({ data }: { data: StoreOverview }) {
  return (
    <div className="flex flex-col gap-10">
      <section aria-labelledby="overview-sales" className="flex flex-col gap-4">
        <div>
          <h2 id="overview-sales" className="text-xl font-semibold">
            Sales
          </h2>
          <p className="text-sm text-muted-foreground">Orders placed, cancelled ones left out; returns as recorded in each period.</p>
        </div>
        <ul className="grid gap-4 md:grid-cols-3">
          {(Object.keys(PERIODS) as PeriodName[]).map((name) => (
            <li key={name} className="flex">
              <PeriodCard name={name} period={data.periods[name]} currency={data.currency} />
            </li>
          ))}
        </ul>
      </section>
      <OpenOrders counts={data.open_orders} />
      <div className="grid items-start gap-10 lg:grid-cols-2 lg:gap-6">
        <BestSellers sellers={data.best_sellers} currency={data.currency} />
        <LowStock count={data.low_stock_count} variants={data.low_stock} />
      </div>
    </div>
  );
}

function Panel({ id, title, description, action, children }: { id: string; title: string; description?: string; action?: ReactNode; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="flex flex-col gap-4 rounded-lg border border-border bg-surface p-5 shadow-sm sm:p-6">
      <div className="flex flex-wrap items-start justify-between gap-x-4 gap-y-2">
        <div>
          <h2 id={id} className="text-xl font-semibold">
            {title}
          </h2>
          {description ? <p className="text-sm text-muted-foreground">{description}</p> : null}
        </div>
        {action}
      </div>
      {children}
    </section>
  );
}

function Figure({ label, children, wide = false }: { label: string; children: ReactNode; wide?: boolean }) {
  return (
    <div className={cn('flex flex-col', wide && 'col-span-2')}>
      <dt className="text-sm text-muted-foreground">{label}</dt>
      <dd className={cn('font-semibold tabular-nums', wide ? 'text-3xl tracking-tight' : 'text-lg')}>{children}</dd>
    </div>
  );
}

function PeriodCard({ name, period, currency }: { name: PeriodName; period: OverviewPeriod; currency: string }) {
  const { title, during, none } = PERIODS[name];
  const headingId = `overview-period-${name}`;
  const range = { from: period.from_date, to: period.to_date };
  const quiet = period.orders === 0 && period.cancelled === 0 && period.returned_cents === 0;
  return (
    <section aria-labelledby={headingId} className="flex w-full flex-col gap-4 rounded-lg border border-border bg-surface p-5 shadow-sm">
      <div className="flex items-baseline justify-between gap-3">
        <h3 id={headingId} className="font-semibold">
          {title}
        </h3>
        <span className="text-sm text-muted-foreground">{daysLabel(period.from_date, period.to_date)}</span>
      </div>
      {quiet ? (
        <p className="flex-1 text-muted-foreground">{none}</p>
      ) : (
        <dl className="grid flex-1 grid-cols-2 gap-x-4 gap-y-3">
          <Figure label="Order value" wide>
            {formatPrice(period.order_value_cents, currency)}
          </Figure>
          <Figure label="Orders">{period.orders}</Figure>
          <Figure label="Average order">{period.average_order_cents === null ? '—' : formatPrice(period.average_order_cents, currency)}</Figure>
          <Figure label="Items sold">{period.items_sold}</Figure>
          <Figure label="Returned">{formatPrice(period.returned_cents, currency)}</Figure>
          <Figure label="Cancelled">
            {period.cancelled > 0 ? (
              <Link to={adminPaths.orders.getHref({ status: ['cancelled'], ...range })} className={linkClass}>
                <span className="sr-only">Cancelled {during}:</span> {period.cancelled}
              </Link>
            ) : (
              0
            )}
          </Figure>
        </dl>
      )}
      {period.orders > 0 ? (
        <Link to={adminPaths.orders.getHref({ status: COUNTED_STATUSES, ...range })} className={cn(linkClass, 'inline-flex items-center gap-1.5 self-start text-sm')}>
          {`Orders ${during}: ${period.orders}`}
          <ArrowRight aria-hidden="true" className="size-4" />
        </Link>
      ) : null}
    </section>
  );
}

function OpenOrders({ counts }: { counts: StoreOverview['open_orders'] }) {
  const total = OPEN.reduce((sum, { status }) => sum + counts[status], 0);
  return (
    <section aria-labelledby="overview-open" className="flex flex-col gap-4">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h2 id="overview-open" className="text-xl font-semibold">
            Open orders
          </h2>
          <p className="text-sm text-muted-foreground">
            {total === 0 ? 'Nothing waiting: every order is delivered or cancelled.' : `${pluralize(total, 'order')} still need the shop.`}
          </p>
        </div>
        <Button variant="secondary" asChild>
          <Link to={adminPaths.board.getHref()}>
            <SquareKanban aria-hidden="true" />
            Open the board
          </Link>
        </Button>
      </div>
      <ul className="grid grid-cols-2 gap-3 sm:grid-cols-4">
        {OPEN.map(({ status, label }) => (
          <li key={status} className="flex">
            <Link
              to={adminPaths.orders.getHref({ status: [status] })}
              className="flex w-full flex-col gap-1 rounded-lg border border-border bg-surface p-4 shadow-sm hover:bg-muted focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
            >
              <span className="text-sm text-muted-foreground">
                {label}
                <span className="sr-only">:</span>
              </span>{' '}
              <span className={cn('text-2xl font-semibold tabular-nums', counts[status] === 0 && 'text-muted-foreground')}>{counts[status]}</span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}

function BestSellers({ sellers, currency }: { sellers: StoreOverview['best_sellers']; currency: string }) {
  return (
    <Panel id="overview-best-sellers" title="Best sellers" description="The last 30 days by quantity, returns taken off.">
      {sellers.length === 0 ? (
        <p className="text-muted-foreground">Nothing sold in the last 30 days yet.</p>
      ) : (
        <ol className="flex flex-col divide-y divide-border">
          {sellers.map((seller, index) => (
            <li key={seller.item_id ?? `gone-${index}`} className="flex items-baseline gap-3 py-2.5 first:pt-0 last:pb-0">
              <span className="w-5 shrink-0 text-sm text-muted-foreground tabular-nums" aria-hidden="true">
                {index + 1}
              </span>
              <span className="min-w-0 flex-1 [overflow-wrap:anywhere]">
                {seller.item_id === null ? (
                  seller.title
                ) : (
                  <Link to={adminPaths.item.getHref(seller.item_id)} className="font-medium hover:underline">
                    {seller.title}
                  </Link>
                )}
              </span>
              <span className="shrink-0 text-right text-sm tabular-nums">
                <span className="block">{seller.quantity} sold</span>
                <span className="block text-muted-foreground">{formatPrice(seller.revenue_cents, currency)}</span>
              </span>
            </li>
          ))}
        </ol>
      )}
    </Panel>
  );
}

function LowStock({ count, variants }: { count: number; variants: StoreOverview['low_stock'] }) {
  return (
    <Panel
      id="overview-low-stock"
      title="Low stock"
      description="Variants on sale at or under their own warning level, lowest first."
      action={
        count > 0 ? (
          <Link to={LOW_STOCK_HREF} className={cn(linkClass, 'inline-flex items-center gap-1.5 text-sm')}>
            {`${pluralize(count, 'variant')} running low`}
            <ArrowRight aria-hidden="true" className="size-4" />
          </Link>
        ) : null
      }
    >
      {variants.length === 0 ? (
        <p className="text-muted-foreground">No variant is running low.</p>
      ) : (
        <>
          <ul className="flex flex-col divide-y divide-border">
            {variants.map((variant) => (
              <li key={variant.item_id} className="flex items-baseline justify-between gap-3 py-2.5 first:pt-0 last:pb-0">
                <Link to={adminPaths.item.getHref(variant.item_id)} className="min-w-0 font-medium [overflow-wrap:anywhere] hover:underline">
                  {variant.title}
                </Link>
                <span className="shrink-0 text-right text-sm tabular-nums">
                  <span className={cn('block font-medium', variant.stock === 0 ? 'text-danger' : 'text-foreground')}>
                    {variant.stock === 0 ? 'Sold out' : `${variant.stock} in stock`}
                  </span>
                  <span className="block text-muted-foreground">warns at {variant.threshold}</span>
                </span>
              </li>
            ))}
          </ul>
          {count > variants.length ? <p className="text-sm text-muted-foreground">The {variants.length} lowest of {count} are shown.</p> : null}
        </>
      )}
    </Panel>
  );
}
