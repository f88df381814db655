import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Dialog, DialogClose, DialogContent, DialogDescription, DialogTitle } from '@/components/ui/dialog';
import { FormAlert } from '@/components/ui/form-alert';
import { STAFF_NEXT_STATUSES, type OrderStatus } from '@/config/order-statuses';
import { formatPrice } from '@/utils/format';
import { useSetOrderStatus, type BoardOrder } from '../api/order-board.ts';

const dateFormat = new Intl.DateTimeFormat('en-IE', { dateStyle: 'medium', timeStyle: 'short' });

const MOVE_LABELS: Partial<Record<OrderStatus, string>> = {
  packed: 'Mark packed',
  shipped: 'Mark shipped',
  delivered: 'Mark delivered',
};

/** One order on the board: who and what, and the next steps set_order_status allows from here. */
export function BoardOrderCard({ order, userId }: { order: BoardOrder; userId: string }) {
  const move = useSetOrderStatus(userId);
  const [confirmingCancel, setConfirmingCancel] = useState(false);
  const titleId = `order-${order.id}`;
  const next = STAFF_NEXT_STATUSES[order.status];
  const forward = next.filter((status) => status !== 'cancelled');
  const where = [order.delivery?.city, order.delivery?.country].filter(Boolean).join(', ');
  const pending = move.isPending;
  const moveTo = (status: OrderStatus) => move.mutate({ orderId: order.id, status });

  return (
    <article aria-labelledby={titleId} className="flex flex-col gap-3 rounded-md border border-border bg-surface p-3 text-sm shadow-sm">
      <div className="flex items-baseline justify-between gap-2">
        <h3 id={titleId} className="font-semibold">
          Order #{order.id}
        </h3>
        <time dateTime={order.created_at} className="text-xs text-muted-foreground">
          {dateFormat.format(new Date(order.created_at))}
        </time>
      </div>
      {order.delivery?.full_name ? (
        <p>
          {order.delivery.full_name}
          {where ? <span className="text-muted-foreground"> · {where}</span> : null}
        </p>
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
            <Button key={status} size="sm" disabled={pending} aria-describedby={titleId} onClick={() => moveTo(status)}>
              {MOVE_LABELS[status]}
            </Button>
          ))}
          {next.includes('cancelled') ? (
            <Button variant="subtle" size="sm" disabled={pending} aria-describedby={titleId} onClick={() => setConfirmingCancel(true)}>
              Cancel order
            </Button>
          ) : null}
        </div>
      ) : null}
      <Dialog open={confirmingCancel} onOpenChange={setConfirmingCancel}>
        <DialogContent>
          <DialogTitle className="text-lg font-semibold">Cancel order #{order.id}?</DialogTitle>
          <DialogDescription className="text-muted-foreground">
            Its items go back into stock and the customer is told by e-mail. This cannot be undone.
          </DialogDescription>
          <div className="flex flex-wrap justify-end gap-2">
            <DialogClose asChild>
              <Button variant="secondary">Keep order</Button>
            </DialogClose>
            <Button
              variant="danger"
              onClick={() => {
                setConfirmingCancel(false);
                moveTo('cancelled');
              }}
            >
              Cancel order
            </Button>
          </div>
        </DialogContent>
      </Dialog>
    </article>
  );
}
