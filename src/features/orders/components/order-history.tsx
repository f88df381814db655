import { Link } from 'react-router';
import { Skeleton } from '@/components/ui/skeleton';
import { formatPrice, pluralize } from '@/utils/format';
import { useOrders } from '../api/list-orders.ts';
import { OrderStatusBadge } from './order-status-badge.tsx';

const dateFormat = new Intl.DateTimeFormat('en-IE', { dateStyle: 'medium' });

export function OrderHistory({ userId, orderHref }: { userId: string; orderHref: (id: number) => string }) {
  const orders = useOrders(userId);
  if (orders.isPending) return <Skeleton className="h-24" />;
  if (orders.isError) return <p role="alert">Your orders could not be loaded. {orders.error.message}</p>;
  if (orders.data.length === 0) return <p className="text-muted-foreground">No orders yet.</p>;
  return (
    <ul aria-label="Orders" className="flex flex-col divide-y divide-border">
      {orders.data.map((order) => (
        <li key={order.id} className="flex flex-wrap items-center justify-between gap-3 py-3">
          <Link to={orderHref(order.id)} className="font-medium hover:underline">
            Order #{order.id}
          </Link>
          <span className="text-sm text-muted-foreground">
            {dateFormat.format(new Date(order.created_at))} · {pluralize(order.item_count, 'item')} · {formatPrice(order.total_cents, order.currency)}
          </span>
          <OrderStatusBadge status={order.status} />
        </li>
      ))}
    </ul>
  );
}
