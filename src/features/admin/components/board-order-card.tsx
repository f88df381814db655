import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { FormAlert } from '@/components/ui/form-alert';
import { adminPaths } from '@/config/admin-paths';
import { STAFF_NEXT_STATUSES, type OrderStatus } from '@/config/order-statuses';
import { addressLines, countryName } from '@/utils/address';
import { formatPrice } from '@/utils/format';
import { useSetOrderStatus, type BoardOrder } from '../api/order-board.ts';
import { useShopTimeZone } from '../api/shop-time-zone.ts';
import { shopTime } from '../utils/shop-days.ts';
import { CancelOrderDialog } from './cancel-order-dialog.tsx';

const MOVE_LABELS: Partial<Record<OrderStatus, string>> = {
  packed: 'Mark packed',
  shipped: 'Mark shipped',
  delivered: 'Mark delivered',
};

/**
 * One order on the board: who and what, and the next steps set_order_status allows from here;
 * shipping asks for the carrier first (the board's ship dialog).
 */
interface BoardOrderCardProps {
  order: BoardOrder;
  userId: string;
  /** This card's order was just moved here: focus it, so the keyboard carries on from it. */
  takeFocus: boolean;
  onFocused: () => void;
  onMoved: (orderId: number, status: OrderStatus) => void;
  /** "Mark shipped": the board opens its ship dialog, and gives focus back to `opener` if it is closed unused. */
  onShip: (orderId: number, opener: HTMLButtonElement) => void;
}

export function BoardOrderCard({ order, userId, takeFocus, onFocused, onMoved, onShip }: BoardOrderCardProps) {
  const timeZone = useShopTimeZone(userId).data;
  const move = useSetOrderStatus(userId);
  const card = useRef<HTMLElement>(null);
  const cancelButton = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (!takeFocus) return;
    card.current?.focus();
    onFocused();
  }, [takeFocus, onFocused]);
  const [confirmingCancel, setConfirmingCancel] = useState(false);
  const titleId = `order-${order.id}`;
  const next = STAFF_NEXT_STATUSES[order.status];
  const forward = next.filter((status) => status !== 'cancelled');
  const pending = move.isPending;
  const moveTo = (status: OrderStatus) => {
    if (pending) return;
    move.mutate({ orderId: order.id, status }, { onSuccess: () => onMoved(order.id, status) });
  };

  return (
    <article
      ref={card}
      tabIndex={-1}
      aria-labelledby={titleId}
      className="flex flex-col gap-3 rounded-md border border-border bg-surface p-3 text-sm shadow-sm focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
    >
      <div className="flex items-baseline justify-between gap-2">
        <div className="flex flex-col">
          <h3 id={titleId} className="font-semibold">
            <Link to={adminPaths.order.getHref(order.id)} className="hover:underline">
              Order #{order.id}
            </Link>
          </h3>
          {/* What the customer's pages and mails call it, for when they write or call. */}
          <span className="text-xs text-muted-foreground">Customer reference {order.reference}</span>
        </div>
        <time dateTime={order.created_at} className="text-xs text-muted-foreground">
          {shopTime(order.created_at, timeZone)}
        </time>
      </div>
      {order.delivery ? (
        <details className="group">
          <summary className="cursor-pointer rounded-sm focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring">
            {order.delivery.full_name}
            <span className="text-muted-foreground"> · {order.delivery.city}, {countryName(order.delivery.country)}</span>
          </summary>
          <address className="mt-1 text-muted-foreground not-italic">
            {addressLines(order.delivery).map((line, index) => (
              <span key={index} className="block [overflow-wrap:anywhere]">
                {line}
              </span>
            ))}
          </address>
        </details>
      ) : null}
      <ul className="flex flex-col gap-0.5 text-muted-foreground">
        {order.order_items.map((line) => (
          <li key={line.id} className="[overflow-wrap:anywhere]">
            {line.quantity} × {line.title}
          </li>
        ))}
      </ul>
      <p className="font-medium">{formatPrice(order.total_cents, order.currency)}</p>
      {move.isError ? (
        <FormAlert tone="error">{move.error.message}</FormAlert>
      ) : null}
      {next.length > 0 ? (
        <div className="flex flex-wrap gap-2">
          {forward.map((status) => (
            <Button
              key={status}
              size="sm"
              aria-disabled={pending || undefined}
              aria-describedby={titleId}
              onClick={(event) => {
                if (status !== 'shipped') moveTo(status);
                else if (!pending) onShip(order.id, event.currentTarget);
              }}
            >
              {MOVE_LABELS[status]}
            </Button>
          ))}
          {next.includes('cancelled') ? (
            <Button ref={cancelButton} variant="subtle" size="sm" aria-disabled={pending || undefined} aria-describedby={titleId} onClick={() => !pending && setConfirmingCancel(true)}>
              Cancel order
            </Button>
          ) : null}
        </div>
      ) : null}
      {/* After a cancellation the board moves focus itself. */}
      <CancelOrderDialog
        orderId={order.id}
        open={confirmingCancel}
        onOpenChange={setConfirmingCancel}
        returnFocusTo={cancelButton}
        onConfirm={() => moveTo('cancelled')}
      />
    </article>
  );
}
