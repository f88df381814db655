import { Link } from 'react-router';
import { Skeleton } from '@/components/ui/skeleton';
import { formatPrice, pluralize } from '@/utils/format';
import { useOrders } from '../api/list-orders.ts';
import { OrderStatusBadge } from '@/components/order-status-badge';

const dateFormat = new Intl.DateTimeFormat('en-IE', { dateStyle: 'medium' });

/**
 * The account's orders as a table, so order numbers, dates, counts, totals and statuses each line
 * up in a column. On a phone the date sits under the order number and the count under the total:
 * three columns fit 390 px without wrapping a row.
 */
export function OrderHistory({ userId, orderHref }: { userId: string; orderHref: (reference: string) => string }) {
  const orders = useOrders(userId);
  if (orders.isPending) return <Skeleton className="h-24" />;
  if (orders.isError) return <p role="alert">Your orders could not be loaded. {orders.error.message}</p>;
  if (orders.data.length === 0) return <p className="text-muted-foreground">No orders yet.</p>;
  return (
    <table aria-label="Orders" className="w-full text-left text-sm">
      <thead className="text-muted-foreground">
        <tr>
          <th scope="col" className="py-2 pr-3 font-medium">
            Order
          </th>
          <th scope="col" className="py-2 pr-3 font-medium max-sm:hidden">
            Placed
          </th>
          <th scope="col" className="py-2 pr-3 text-right font-medium max-sm:hidden">
            Items
          </th>
          <th scope="col" className="py-2 pr-3 text-right font-medium">
            Total
          </th>
          <th scope="col" className="py-2 font-medium">
            Status
          </th>
        </tr>
      </thead>
      <tbody className="divide-y divide-border border-t border-border">
        {orders.data.map((order) => {
          const placed = dateFormat.format(new Date(order.created_at));
          const items = pluralize(order.item_count, 'item');
          return (
            <tr key={order.id}>
              <td className="py-3 pr-3 align-top">
                <Link to={orderHref(order.reference)} className="font-medium hover:underline">
                  Order {order.reference}
                </Link>
                <span className="block text-muted-foreground sm:hidden">{placed}</span>
              </td>
              <td className="py-3 pr-3 align-top whitespace-nowrap text-muted-foreground max-sm:hidden">{placed}</td>
              <td className="py-3 pr-3 text-right align-top tabular-nums max-sm:hidden">{items}</td>
              <td className="py-3 pr-3 text-right align-top whitespace-nowrap tabular-nums">
                {formatPrice(order.total_cents, order.currency)}
                <span className="block text-muted-foreground sm:hidden">{items}</span>
              </td>
              <td className="py-3 align-top">
                <OrderStatusBadge status={order.status} />
              </td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}
