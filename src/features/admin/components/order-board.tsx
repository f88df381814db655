import { RotateCw } from 'lucide-react';
import { PageTitle } from '@/components/layout/page-title';
import { Button } from '@/components/ui/button';
import { FormAlert } from '@/components/ui/form-alert';
import { Skeleton } from '@/components/ui/skeleton';
import { pluralize } from '@/utils/format';
import { OPEN_STATUSES, useOpenOrders, type BoardOrder, type OpenStatus } from '../api/order-board.ts';
import { useLiveBoard } from '../hooks/use-live-board.ts';
import { BoardOrderCard } from './board-order-card.tsx';

const COLUMN_TITLES: Record<OpenStatus, string> = {
  placed: 'Awaiting confirmation',
  confirmed: 'To pack',
  packed: 'To ship',
  shipped: 'On the way',
};

/**
 * Every open order by what it needs next, oldest first, live: a new order appears the moment it
 * is placed and a move by another member of staff shows at once. Delivered and cancelled orders
 * leave the board.
 */
export function OrderBoard({ userId }: { userId: string }) {
  const orders = useOpenOrders(userId);
  const announcement = useLiveBoard(userId);
  return (
    <>
      <PageTitle title="Orders · Store admin" />
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 className="text-3xl font-semibold tracking-tight">Orders</h1>
          <p className="mt-1 text-muted-foreground">
            {orders.data ? `${pluralize(orders.data.length, 'open order')}, oldest first. New orders appear here as they are placed.` : 'Open orders, oldest first.'}
          </p>
        </div>
      </div>
      <p role="status" className="sr-only">
        {announcement}
      </p>
      {orders.isPending ? (
        <div className="grid gap-4 lg:grid-cols-4">
          <p role="status" className="sr-only">
            Loading orders…
          </p>
          {OPEN_STATUSES.map((status) => (
            <Skeleton key={status} className="h-48" />
          ))}
        </div>
      ) : orders.isError ? (
        <FormAlert tone="error">
          <p>{orders.error.message}</p>
          <Button variant="secondary" size="sm" className="mt-2" onClick={() => void orders.refetch()}>
            <RotateCw aria-hidden="true" />
            Try again
          </Button>
        </FormAlert>
      ) : (
        <div className="grid gap-6 lg:grid-cols-4 lg:gap-4">
          {OPEN_STATUSES.map((status) => (
            <BoardColumn key={status} status={status} orders={orders.data.filter((order) => order.status === status)} userId={userId} />
          ))}
        </div>
      )}
    </>
  );
}

function BoardColumn({ status, orders, userId }: { status: OpenStatus; orders: BoardOrder[]; userId: string }) {
  const headingId = `board-${status}`;
  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-3 rounded-lg bg-muted/50 p-3" data-status={status}>
      <h2 id={headingId} className="flex items-center justify-between text-sm font-semibold">
        {COLUMN_TITLES[status]}
        <span className="rounded-full bg-background px-2 py-0.5 text-xs text-muted-foreground" aria-label={pluralize(orders.length, 'order')}>
          {orders.length}
        </span>
      </h2>
      {orders.length === 0 ? (
        <p className="px-1 py-4 text-sm text-muted-foreground">Nothing here.</p>
      ) : (
        <ul className="flex flex-col gap-3">
          {orders.map((order) => (
            <li key={order.id}>
              <BoardOrderCard order={order} userId={userId} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
