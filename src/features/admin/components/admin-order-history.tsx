import { STATUS_LABELS, type OrderStatus } from '@/config/order-statuses';
import { formatPrice, pluralize } from '@/utils/format';
import type { OrderHistoryEntry } from '../api/admin-order.ts';
import { shopTime } from '../utils/shop-days.ts';


/** How history names a member of staff: their profile's name, else the e-mail they signed in with. */
const byWhom = (actor: OrderHistoryEntry['actor']) => (actor ? ` by ${actor.name ?? actor.email ?? 'a member of staff'}` : '');

/** One event in words, as staff say it: "Shipped by Demo Staff with DHL, tracking JD0001". */
function describe(entry: OrderHistoryEntry, currency: string): string {
  const details = entry.details ?? {};
  const by = byWhom(entry.actor);
  switch (entry.event) {
    case 'placed':
      return 'Placed';
    case 'confirmed':
      return 'Confirmed — receipt sent';
    case 'return':
      return [
        `Return of ${pluralize(details.quantity ?? 0, 'item')} recorded${by}`,
        formatPrice(details.refund_cents ?? 0, currency),
        details.restock === false ? 'written off' : 'back in stock',
      ].join(', ');
    case 'status':
      break;
  }
  switch (entry.to_status) {
    case 'packed':
      return `Packed${by}`;
    case 'shipped':
      return [`Shipped${by}${details.carrier ? ` with ${details.carrier}` : ''}`, details.tracking_number ? `tracking ${details.tracking_number}` : null]
        .filter(Boolean)
        .join(', ');
    case 'delivered':
      return `Marked delivered${by}`;
    case 'returned':
      // Set by the return that brought the last item back, listed just before.
      return 'Returned: every item is back';
    case 'cancelled':
      return details.by === 'customer' ? 'Cancelled by the customer' : `Cancelled${by}`;
    default: {
      const label = entry.to_status && entry.to_status in STATUS_LABELS ? STATUS_LABELS[entry.to_status as OrderStatus] : entry.to_status;
      return `Moved to ${label ?? 'another status'}${by}`;
    }
  }
}

/** What happened to an order and who did it, oldest first (admin_order's history). */
export function AdminOrderHistory({ history, currency, timeZone }: { history: readonly OrderHistoryEntry[]; currency: string; timeZone: string | undefined }) {
  return (
    <ol aria-label="History" className="flex flex-col">
      {history.map((entry, index) => (
        <li key={`${entry.at}-${index}`} className="relative flex flex-col gap-0.5 border-l-2 border-border pb-4 pl-5 last:border-transparent last:pb-0">
          <span aria-hidden="true" className="absolute top-1.5 -left-[7px] size-3 rounded-full border-2 border-primary bg-surface" />
          <span className="text-sm [overflow-wrap:anywhere]">{describe(entry, currency)}</span>
          <time dateTime={entry.at} className="text-xs text-muted-foreground">
            {shopTime(entry.at, timeZone)}
          </time>
        </li>
      ))}
    </ol>
  );
}
