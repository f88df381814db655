import type { ReactNode } from 'react';
import { addressLines } from '@/utils/address';
import type { LinkedOrder } from '../api/order-schemas.ts';
import { usePassed } from '../hooks/use-passed.ts';
import { OrderLinesTable } from './order-lines-table.tsx';
import { OrderReturns } from './order-returns.tsx';
import { OrderShipping } from './order-shipping.tsx';
import { OrderStatusBadge } from '@/components/order-status-badge';

const dateFormat = new Intl.DateTimeFormat('en-IE', { dateStyle: 'medium', timeStyle: 'short' });

/** A receipt normally goes out within seconds; past this the page says it is on its way anyway. */
const CONFIRMATION_EXPECTED_MS = 2 * 60_000;

/**
 * An order with its lines, what came back of it, and how it travels. The database sends the receipt and confirms the order by itself (a
 * Database Webhook, retried until it succeeds); this page only watches the status live (see
 * useLiveOrder), so closing it right after ordering changes nothing.
 */
export function OrderDetails({
  order,
  children,
}: {
  order: Pick<
    LinkedOrder,
    | 'status'
    | 'created_at'
    | 'order_items'
    | 'currency'
    | 'total_cents'
    | 'delivery'
    | 'shipped_at'
    | 'delivered_at'
    | 'carrier'
    | 'tracking_number'
    | 'tracking_url'
    | 'order_returns'
  >;
  /** What the viewer may do with the order (the owner's Cancel), under its details. */
  children?: ReactNode;
}) {
  const confirmationLate = usePassed(order.created_at, CONFIRMATION_EXPECTED_MS);
  return (
    <div className="flex max-w-2xl flex-col gap-6">
      <div className="flex flex-wrap items-center gap-3">
        <p aria-live="polite" data-testid="order-status">
          <span className="sr-only">Status: </span>
          <OrderStatusBadge status={order.status} />
        </p>
        <span className="text-sm text-muted-foreground">Placed {dateFormat.format(new Date(order.created_at))}</span>
      </div>
      {order.status === 'placed' && confirmationLate ? (
        <p role="status" className="rounded-md border border-border bg-muted p-4 text-sm">
          Your order is placed and the items are reserved for you. The confirmation e-mail is taking longer than usual: we keep trying, and this
          page updates by itself when it has gone out.
        </p>
      ) : null}
      <OrderLinesTable
        caption="Order lines"
        lines={order.order_items.map((line, index) => ({ ...line, key: `${index}-${line.title}` }))}
        currency={order.currency}
        totalCents={order.total_cents}
      />
      <OrderReturns order={order} />
      <OrderShipping order={order} />
      {order.delivery ? (
        <section aria-labelledby="delivery-heading" className="flex flex-col gap-1">
          <h2 id="delivery-heading" className="font-semibold">
            Delivery to
          </h2>
          <address className="flex flex-col text-sm not-italic text-muted-foreground" data-testid="order-delivery">
            {addressLines(order.delivery).map((line, index) => (
              <span key={index}>{line}</span>
            ))}
          </address>
        </section>
      ) : null}
      {children}
    </div>
  );
}
