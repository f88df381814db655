import { Link } from 'react-router';
import { OrderStatusBadge } from '@/components/order-status-badge';
import { adminPaths } from '@/config/admin-paths';
import { cn } from '@/utils/cn';
import { formatPrice, pluralize } from '@/utils/format';
import type { OrderCustomer, OrderRow } from '../api/search-orders.ts';
import { shopTime } from '../utils/shop-days.ts';

const linkClass = 'font-medium text-primary underline-offset-4 hover:underline';

/** When an order was placed, on the shop's clock (the days the date filters mean). */

function CustomerCell({ customer }: { customer: OrderCustomer }) {
  const name = customer.name || customer.email || 'Unknown customer';
  return (
    <span className="flex min-w-0 flex-col">
      {customer.id ? (
        <Link to={adminPaths.customer.getHref(customer.id)} className={cn(linkClass, '[overflow-wrap:anywhere]')}>
          {name}
        </Link>
      ) : (
        <span className="[overflow-wrap:anywhere]">{name}</span>
      )}
      {customer.name && customer.email ? <span className="text-xs text-muted-foreground [overflow-wrap:anywhere]">{customer.email}</span> : null}
      {customer.guest ? <span className="text-xs text-muted-foreground">Guest</span> : null}
    </span>
  );
}

function Amounts({ order }: { order: OrderRow }) {
  return (
    <span className="flex flex-col items-end tabular-nums">
      <span className="font-medium">{formatPrice(order.total_cents, order.currency)}</span>
      {order.refunded_cents > 0 ? <span className="text-xs text-muted-foreground">{formatPrice(order.refunded_cents, order.currency)} refunded</span> : null}
    </span>
  );
}

interface OrderRowsProps {
  orders: OrderRow[];
  /** The shop's time zone, once known. */
  timeZone: string | undefined;
  /** A customer's own page lists only their orders: no customer column. */
  showCustomer: boolean;
  /** The last page is still on screen while the next one loads. */
  stale: boolean;
}

/** Orders as a table from md up, and as stacked cards on a phone, where six columns do not fit. */
export function OrderRows({ orders, timeZone, showCustomer, stale }: OrderRowsProps) {
  return (
    <div className={cn('transition-opacity', stale && 'opacity-60')} aria-busy={stale || undefined}>
      <table className="hidden w-full border-collapse text-sm md:table">
        <caption className="sr-only">Orders, newest first</caption>
        <thead>
          <tr className="border-b border-border text-left text-muted-foreground">
            <th scope="col" className="py-2 pr-3 font-medium">
              Order
            </th>
            <th scope="col" className="px-3 py-2 font-medium">
              Placed
            </th>
            {showCustomer ? (
              <th scope="col" className="px-3 py-2 font-medium">
                Customer
              </th>
            ) : null}
            <th scope="col" className="px-3 py-2 font-medium">
              Status
            </th>
            <th scope="col" className="py-2 pl-3 text-right font-medium">
              Total
            </th>
          </tr>
        </thead>
        <tbody>
          {orders.map((order) => (
            <tr key={order.id} className="border-b border-border align-top last:border-b-0">
              <td className="py-3 pr-3">
                <span className="flex flex-col">
                  <Link to={adminPaths.order.getHref(order.id)} className={linkClass} aria-label={`Order #${order.id}`}>
                    #{order.id}
                  </Link>
                  <span className="font-mono text-xs text-muted-foreground">
                    <span className="sr-only">Reference </span>
                    {order.reference}
                  </span>
                </span>
              </td>
              <td className="px-3 py-3">
                <time dateTime={order.created_at}>{shopTime(order.created_at, timeZone)}</time>
                <span className="block text-xs text-muted-foreground">{pluralize(order.item_count, 'item')}</span>
              </td>
              {showCustomer ? (
                <td className="max-w-72 px-3 py-3">
                  <CustomerCell customer={order.customer} />
                </td>
              ) : null}
              <td className="px-3 py-3">
                <OrderStatusBadge status={order.status} />
              </td>
              <td className="py-3 pl-3">
                <Amounts order={order} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>

      <ul className="flex flex-col gap-3 md:hidden">
        {orders.map((order) => (
          <li key={order.id}>
            <article aria-label={`Order #${order.id}`} className="flex flex-col gap-3 rounded-lg border border-border bg-surface p-4 text-sm shadow-sm">
              <div className="flex items-start justify-between gap-3">
                <span className="flex flex-col">
                  <Link to={adminPaths.order.getHref(order.id)} className={cn(linkClass, 'text-base')}>
                    Order #{order.id}
                  </Link>
                  <span className="font-mono text-xs text-muted-foreground">
                    <span className="sr-only">Reference </span>
                    {order.reference}
                  </span>
                </span>
                <OrderStatusBadge status={order.status} />
              </div>
              {showCustomer ? <CustomerCell customer={order.customer} /> : null}
              <div className="flex items-end justify-between gap-3">
                <span className="flex flex-col text-muted-foreground">
                  <time dateTime={order.created_at}>{shopTime(order.created_at, timeZone)}</time>
                  <span className="text-xs">{pluralize(order.item_count, 'item')}</span>
                </span>
                <Amounts order={order} />
              </div>
            </article>
          </li>
        ))}
      </ul>
    </div>
  );
}
