import { useRef, useState } from 'react';
import { PageTitle } from '@/components/layout/page-title';
import { FormAlert } from '@/components/ui/form-alert';
import { LoadError } from '@/components/ui/load-error';
import { Skeleton } from '@/components/ui/skeleton';
import { STATUS_LABELS, type OrderStatus } from '@/config/order-statuses';
import { pluralize } from '@/utils/format';
import { BOARD_LIMIT, OPEN_STATUSES, useOpenOrders, type BoardOrder, type OpenStatus } from '../api/order-board.ts';
import { useLiveBoard } from '../hooks/use-live-board.ts';
import { BoardOrderCard } from './board-order-card.tsx';
import { ShipOrderDialog } from './ship-order-dialog.tsx';

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
  const [announcement, setAnnouncement] = useState('');
  const heading = useRef<HTMLHeadingElement>(null);
  // The order just moved: its card takes focus in its new column (the old one is gone).
  const [moved, setMoved] = useState<{ orderId: number; status: OrderStatus } | null>(null);
  useLiveBoard(userId, (orderId) => setAnnouncement(`New order #${orderId} arrived.`));
  const onMoved = (orderId: number, status: OrderStatus, message?: string) => {
    setAnnouncement(message ?? (status === 'cancelled' ? `Order #${orderId} cancelled.` : `Order #${orderId} marked ${STATUS_LABELS[status].toLowerCase()}.`));
    setMoved({ orderId, status });
    // A cancelled order leaves the board: the keyboard carries on from the top of it.
    if (status === 'cancelled') heading.current?.focus();
  };
  // One ship dialog for the board, not one per card: when someone else moves the order meanwhile,
  // its card goes, and the dialog stays to say why shipping was refused.
  const [shipping, setShipping] = useState<number | null>(null);
  const shipOpener = useRef<HTMLButtonElement | null>(null);
  const onShip = (orderId: number, opener: HTMLButtonElement) => {
    shipOpener.current = opener;
    setShipping(orderId);
  };
  return (
    <>
      <PageTitle title="Order board · Store admin" />
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 ref={heading} tabIndex={-1} className="text-3xl font-semibold tracking-tight focus:outline-none">
            Order board
          </h1>
          <p className="mt-1 text-muted-foreground">
            {orders.data ? `${pluralize(orders.data.total, 'open order')}, oldest first. New orders appear here as they are placed.` : 'Open orders, oldest first.'}
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
        <LoadError what="The orders" message={orders.error.message} onRetry={() => void orders.refetch()} />
      ) : (
        <>
          {orders.data.total > orders.data.orders.length ? (
            <FormAlert tone="error">
              Showing the oldest {BOARD_LIMIT} of {orders.data.total} open orders: mark delivered orders as delivered to make room.
            </FormAlert>
          ) : null}
          <div className="grid gap-6 lg:grid-cols-4 lg:gap-4">
            {OPEN_STATUSES.map((status) => (
              <BoardColumn
                key={status}
                status={status}
                orders={orders.data.orders.filter((order) => order.status === status)}
                userId={userId}
                focusOrderId={moved?.status === status ? moved.orderId : null}
                onFocused={() => setMoved(null)}
                onMoved={onMoved}
                onShip={onShip}
              />
            ))}
          </div>
        </>
      )}
      <ShipOrderDialog
        userId={userId}
        orderId={shipping}
        onClose={() => setShipping(null)}
        returnFocus={() => (shipOpener.current?.isConnected ? shipOpener.current : heading.current)?.focus()}
        onShipped={({ orderId, carrierName }) => onMoved(orderId, 'shipped', `Order #${orderId} shipped with ${carrierName}.`)}
      />
    </>
  );
}

interface BoardColumnProps {
  status: OpenStatus;
  orders: BoardOrder[];
  userId: string;
  focusOrderId: number | null;
  onFocused: () => void;
  onMoved: (orderId: number, status: OrderStatus) => void;
  onShip: (orderId: number, opener: HTMLButtonElement) => void;
}

function BoardColumn({ status, orders, userId, focusOrderId, onFocused, onMoved, onShip }: BoardColumnProps) {
  const headingId = `board-${status}`;
  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-3 rounded-lg bg-muted/50 p-3" data-status={status}>
      <h2 id={headingId} className="flex items-center justify-between text-sm font-semibold">
        {COLUMN_TITLES[status]}
        <span className="rounded-full bg-background px-2 py-0.5 text-xs text-muted-foreground">
          {orders.length}
          <span className="sr-only"> {orders.length === 1 ? 'order' : 'orders'}</span>
        </span>
      </h2>
      {orders.length === 0 ? (
        <p className="px-1 py-4 text-sm text-muted-foreground">Nothing here.</p>
      ) : (
        <ul className="flex flex-col gap-3">
          {orders.map((order) => (
            <li key={order.id}>
              <BoardOrderCard order={order} userId={userId} takeFocus={focusOrderId === order.id} onFocused={onFocused} onMoved={onMoved} onShip={onShip} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
