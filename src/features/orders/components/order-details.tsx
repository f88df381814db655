import { Button } from '@/components/ui/button';
import { formatPrice } from '@/utils/format';
import { useCancelOrder } from '../api/cancel-order.ts';
import type { OrderWithLines } from '../api/order-schemas.ts';
import { OrderStatusBadge } from './order-status-badge.tsx';

const dateFormat = new Intl.DateTimeFormat('en-IE', { dateStyle: 'medium', timeStyle: 'short' });

export function OrderDetails({ order }: { order: OrderWithLines }) {
  const cancel = useCancelOrder(order.id);
  return (
    <div className="flex max-w-2xl flex-col gap-6">
      <div className="flex flex-wrap items-center gap-3" aria-live="polite">
        <OrderStatusBadge status={order.status} />
        <span className="text-sm text-muted-foreground">Placed {dateFormat.format(new Date(order.created_at))}</span>
      </div>
      <table className="w-full text-left text-sm">
        <caption className="sr-only">Order lines</caption>
        <thead className="text-muted-foreground">
          <tr>
            <th scope="col" className="py-2 font-medium">Item</th>
            <th scope="col" className="py-2 text-right font-medium">Quantity</th>
            <th scope="col" className="py-2 text-right font-medium">Price</th>
          </tr>
        </thead>
        <tbody className="divide-y divide-border border-y border-border">
          {order.order_items.map((line) => (
            <tr key={`${line.title}-${line.unit_price_cents}`}>
              <td className="py-2">{line.title}</td>
              <td className="py-2 text-right tabular-nums">{line.quantity}</td>
              <td className="py-2 text-right tabular-nums">{formatPrice(line.unit_price_cents * line.quantity, order.currency)}</td>
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr>
            <th scope="row" colSpan={2} className="py-2 text-right font-medium">Total</th>
            <td className="py-2 text-right font-semibold tabular-nums">{formatPrice(order.total_cents, order.currency)}</td>
          </tr>
        </tfoot>
      </table>
      {order.status !== 'cancelled' ? (
        <div className="flex flex-col items-start gap-2">
          <Button variant="secondary" disabled={cancel.isPending} onClick={() => cancel.mutate()}>
            {cancel.isPending ? 'Cancelling…' : 'Cancel this order'}
          </Button>
          {cancel.isError ? <p role="alert" className="text-sm text-danger">{cancel.error.message}</p> : null}
        </div>
      ) : null}
    </div>
  );
}
