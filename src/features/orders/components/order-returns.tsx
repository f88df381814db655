import { formatPrice } from '@/utils/format';
import type { LinkedOrder } from '../api/order-schemas.ts';

const dateFormat = new Intl.DateTimeFormat('en-IE', { dateStyle: 'medium' });

type ReturnedOrder = Pick<LinkedOrder, 'order_items' | 'order_returns' | 'currency'>;

/**
 * What came back of the order: each line's share ("2 of 3 returned"), then each return the shop
 * recorded with its date and the refund due for it. Nothing until something came back.
 */
export function OrderReturns({ order }: { order: ReturnedOrder }) {
  const returnedLines = order.order_items.filter((line) => line.returned_quantity > 0);
  if (returnedLines.length === 0 && order.order_returns.length === 0) return null;
  const refundDue = order.order_returns.reduce((sum, { refund_cents }) => sum + refund_cents, 0);
  return (
    <section aria-labelledby="returns-heading" className="flex flex-col gap-3" data-testid="order-returns">
      <h2 id="returns-heading" className="font-semibold">
        Returns
      </h2>
      {returnedLines.length > 0 ? (
        <ul aria-label="Returned items" className="flex flex-col gap-1 text-sm">
          {returnedLines.map((line, index) => (
            <li key={`${index}-${line.title}`} className="flex flex-wrap justify-between gap-x-3">
              <span className="min-w-0 [overflow-wrap:anywhere]">{line.title}</span>
              <span className="text-muted-foreground tabular-nums">
                {line.returned_quantity} of {line.quantity} returned
              </span>
            </li>
          ))}
        </ul>
      ) : null}
      {order.order_returns.length > 0 ? (
        <ul aria-label="Returns recorded" className="flex flex-col divide-y divide-border border-y border-border text-sm">
          {order.order_returns.map((recorded) => (
            <li key={recorded.id} className="flex flex-col gap-0.5 py-2">
              <span className="flex flex-wrap justify-between gap-x-3">
                <span>
                  Returned <time dateTime={recorded.created_at}>{dateFormat.format(new Date(recorded.created_at))}</time>
                </span>
                <span className="tabular-nums">Refund due {formatPrice(recorded.refund_cents, order.currency)}</span>
              </span>
              <span className="text-muted-foreground [overflow-wrap:anywhere]">
                {recorded.lines.map((line) => `${line.quantity} × ${line.title}`).join(', ')}
              </span>
            </li>
          ))}
        </ul>
      ) : null}
      {order.order_returns.length > 1 ? (
        <p className="flex justify-between gap-3 text-sm font-medium">
          <span>Refund due in all</span>
          <span className="tabular-nums">{formatPrice(refundDue, order.currency)}</span>
        </p>
      ) : null}
    </section>
  );
}
