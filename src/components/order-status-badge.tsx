import { cn } from '@/utils/cn';
import { STATUS_LABELS, type OrderStatus } from '@/config/order-statuses';

export function OrderStatusBadge({ status }: { status: OrderStatus }) {
  return (
    <span
      data-status={status}
      className={cn(
        'inline-flex items-center rounded-full border px-3 py-1 text-sm font-medium',
        (status === 'confirmed' || status === 'packed' || status === 'shipped' || status === 'delivered') && 'border-success/50 text-success',
        status === 'placed' && 'border-primary/50 text-primary',
        (status === 'cancelled' || status === 'returned') && 'border-border text-muted-foreground',
      )}
    >
      {STATUS_LABELS[status]}
    </span>
  );
}
