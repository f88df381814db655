import { ArrowLeft, ExternalLink } from 'lucide-react';
import { useEffect, useRef, useState, type ReactNode, type RefObject } from 'react';
import { Link, useParams } from 'react-router';
import { PageTitle } from '@/components/layout/page-title';
import { OrderStatusBadge } from '@/components/order-status-badge';
import { Button } from '@/components/ui/button';
import { CardSection } from '@/components/ui/card-section';
import { FormAlert } from '@/components/ui/form-alert';
import { LoadError } from '@/components/ui/load-error';
import { Skeleton } from '@/components/ui/skeleton';
import { adminPaths } from '@/config/admin-paths';
import { STAFF_NEXT_STATUSES, STATUS_LABELS, type OrderStatus } from '@/config/order-statuses';
import { addressLines } from '@/utils/address';
import { formatPrice, pluralize } from '@/utils/format';
import { useAdminOrder, type AdminOrder } from '../api/admin-order.ts';
import { useSetOrderStatus } from '../api/order-board.ts';
import { useShopTimeZone } from '../api/shop-time-zone.ts';
import { useLiveOrder } from '../hooks/use-live-order.ts';
import { shopDay, shopTime } from '../utils/shop-days.ts';
import { AdminOrderHistory } from './admin-order-history.tsx';
import { CancelOrderDialog } from './cancel-order-dialog.tsx';
import { ReturnDialog } from './return-dialog.tsx';
import { ShipOrderDialog } from './ship-order-dialog.tsx';

const MAIL_KINDS: Record<string, string> = {
  receipt: 'Receipt',
  cancellation: 'Cancellation',
  shipped: 'Shipping notice',
  delivered: 'Delivery notice',
  return: 'Return',
};

const MAIL_STATES: Record<string, string> = { sent: 'sent', pending: 'waiting', skipped: 'skipped' };

/** `/admin/orders/<id>`: one order as staff handle it. Anything but a whole number is no order. */
export function AdminOrderPage({ userId, notFound }: { userId: string; notFound: ReactNode }) {
  const { id } = useParams();
  const orderId = id !== undefined && /^[1-9][0-9]{0,14}$/.test(id) ? Number(id) : null;
  if (orderId === null) return notFound;
  return <OrderLoader key={orderId} userId={userId} orderId={orderId} notFound={notFound} />;
}

function OrderLoader({ userId, orderId, notFound }: { userId: string; orderId: number; notFound: ReactNode }) {
  const order = useAdminOrder(userId, orderId);
  useLiveOrder(userId, orderId);
  if (order.data === undefined) {
    if (order.isError) {
      return (
        <>
          <PageTitle title={`Order #${orderId} · Store admin`} />
          <BackToOrders />
          <LoadError what={`Order #${orderId}`} message={order.error.message} onRetry={() => void order.refetch()} />
        </>
      );
    }
    return <OrderSkeleton />;
  }
  if (order.data === null) return notFound;
  return <OrderView userId={userId} order={order.data} />;
}

function BackToOrders() {
  return (
    <Button variant="link" size="inline" asChild className="self-start">
      <Link to={adminPaths.orders.getHref()}>
        <ArrowLeft aria-hidden="true" />
        All orders
      </Link>
    </Button>
  );
}

function OrderSkeleton() {
  return (
    <>
      <p role="status" className="sr-only">
        Loading the order…
      </p>
      <Skeleton className="h-6 w-28" />
      <Skeleton className="h-10 w-64" />
      <div className="grid items-start gap-6 lg:grid-cols-[2fr_1fr]">
        <Skeleton className="h-80" />
        <Skeleton className="h-64" />
      </div>
    </>
  );
}

/** The order's header, actions and sections: main facts on the left, people and mails on the right (one column on a phone). */
function OrderView({ userId, order }: { userId: string; order: AdminOrder }) {
  const heading = useRef<HTMLHeadingElement>(null);
  const [notice, setNotice] = useState('');
  // Bumped after every action: once any dialog has closed, focus goes to the heading, since the
  // button that was pressed has usually gone with the status it belonged to.
  const [acted, setActed] = useState(0);
  useEffect(() => {
    if (acted > 0) heading.current?.focus();
  }, [acted]);
  const done = (message: string) => {
    setNotice(message);
    setActed((count) => count + 1);
  };
  const refunded = order.returns.reduce((sum, each) => sum + each.refund_cents, 0);
  const timeZone = useShopTimeZone(userId).data;

  return (
    <>
      <PageTitle title={`Order #${order.id} · Store admin`} />
      <BackToOrders />
      <div className="flex flex-col gap-2">
        <div className="flex flex-wrap items-center gap-3">
          <h1 ref={heading} tabIndex={-1} className="text-3xl font-semibold tracking-tight focus:outline-none">
            Order #{order.id}
          </h1>
          <OrderStatusBadge status={order.status} />
        </div>
        <p className="text-sm text-muted-foreground">
          Customer reference <span className="font-medium text-foreground">{order.reference}</span> · placed{' '}
          <time dateTime={order.created_at}>{shopTime(order.created_at, timeZone)}</time>
        </p>
        {/* Present from the start, so what an action did is announced (and shown) when it changes. */}
        <div role="status">{notice ? <p className="mt-2 rounded-md border border-success/40 bg-success/10 px-3 py-2.5 text-sm">{notice}</p> : null}</div>
      </div>
      <OrderActions userId={userId} order={order} heading={heading} onDone={done} />
      <div className="grid items-start gap-6 lg:grid-cols-[2fr_1fr]">
        <div className="flex min-w-0 flex-col gap-6">
          <CardSection title="Items">
            <OrderLines order={order} refundedCents={refunded} />
          </CardSection>
          {order.returns.length > 0 ? (
            <CardSection title="Returns">
              <OrderReturns order={order} timeZone={timeZone} />
            </CardSection>
          ) : null}
          <CardSection title="History">
            <AdminOrderHistory history={order.history} currency={order.currency} timeZone={timeZone} />
          </CardSection>
        </div>
        <div className="flex min-w-0 flex-col gap-6">
          <CardSection title="Customer">
            <OrderCustomer order={order} timeZone={timeZone} />
          </CardSection>
          <CardSection title="Delivery">
            <OrderDelivery order={order} />
          </CardSection>
          <CardSection title="E-mails">
            <OrderMails mails={order.mails} timeZone={timeZone} />
          </CardSection>
        </div>
      </div>
    </>
  );
}

const MOVE_LABELS: Partial<Record<OrderStatus, string>> = { packed: 'Mark packed', delivered: 'Mark delivered' };

interface OrderActionsProps {
  userId: string;
  order: AdminOrder;
  heading: RefObject<HTMLHeadingElement | null>;
  onDone: (message: string) => void;
}

/** What staff can do next from this status: set_order_status's steps, shipping with its carrier, a return once delivered. */
function OrderActions({ userId, order, heading, onDone }: OrderActionsProps) {
  const move = useSetOrderStatus(userId);
  const [confirmingCancel, setConfirmingCancel] = useState(false);
  const [shipping, setShipping] = useState(false);
  const [returning, setReturning] = useState(false);
  const shipButton = useRef<HTMLButtonElement>(null);
  const returnButton = useRef<HTMLButtonElement>(null);
  const cancelButton = useRef<HTMLButtonElement>(null);
  const next = STAFF_NEXT_STATUSES[order.status];
  const pending = move.isPending;
  // Back to the button that opened a dialog, or to the heading when a move by someone else took it away.
  const focusBack = (button: RefObject<HTMLButtonElement | null>) => (button.current?.isConnected ? button.current : heading.current)?.focus();

  const moveTo = (status: OrderStatus) => {
    if (pending) return;
    move.mutate(
      { orderId: order.id, status },
      { onSuccess: () => onDone(status === 'cancelled' ? `Order #${order.id} cancelled.` : `Order #${order.id} marked ${STATUS_LABELS[status].toLowerCase()}.`) },
    );
  };

  const buttons: ReactNode[] = [];
  for (const status of next) {
    if (status === 'shipped') {
      buttons.push(
        <Button key="ship" ref={shipButton} aria-disabled={pending || undefined} onClick={() => !pending && setShipping(true)}>
          Ship…
        </Button>,
      );
    } else if (status !== 'cancelled') {
      buttons.push(
        <Button key={status} aria-disabled={pending || undefined} onClick={() => moveTo(status)}>
          {pending && move.variables?.status === status ? 'Saving…' : MOVE_LABELS[status]}
        </Button>,
      );
    }
  }
  if (order.status === 'delivered') {
    buttons.push(
      <Button key="return" ref={returnButton} variant="secondary" onClick={() => setReturning(true)}>
        Record a return…
      </Button>,
    );
  }
  if (next.includes('cancelled')) {
    buttons.push(
      <Button key="cancel" ref={cancelButton} variant="secondary" aria-disabled={pending || undefined} onClick={() => !pending && setConfirmingCancel(true)}>
        Cancel order
      </Button>,
    );
  }

  return (
    <div className="flex flex-col gap-3">
      {buttons.length > 0 ? (
        <div role="group" aria-label="Actions" className="flex flex-wrap gap-2">
          {buttons}
        </div>
      ) : null}
      {move.isError ? <FormAlert tone="error">{move.error.message}</FormAlert> : null}
      <CancelOrderDialog
        orderId={order.id}
        open={confirmingCancel}
        onOpenChange={setConfirmingCancel}
        returnFocusTo={cancelButton}
        onConfirm={() => moveTo('cancelled')}
      />
      <ShipOrderDialog
        userId={userId}
        orderId={shipping ? order.id : null}
        onClose={() => setShipping(false)}
        returnFocus={() => focusBack(shipButton)}
        onShipped={({ carrierName, trackingNumber }) =>
          onDone(`Order #${order.id} shipped with ${carrierName}${trackingNumber ? `, tracking ${trackingNumber}` : ''}.`)
        }
      />
      <ReturnDialog
        userId={userId}
        order={returning ? order : null}
        onClose={() => setReturning(false)}
        returnFocus={() => focusBack(returnButton)}
        onRecorded={({ quantity, refund_cents }) =>
          onDone(`Return recorded: ${pluralize(quantity, 'item')}, ${formatPrice(refund_cents, order.currency)} refund due.`)
        }
      />
    </div>
  );
}

/** The lines with what came back of each; a phone shows the price and returns under the item. */
function OrderLines({ order, refundedCents }: { order: AdminOrder; refundedCents: number }) {
  return (
    <div className="flex flex-col gap-3">
      <table className="w-full text-left text-sm">
        <caption className="sr-only">Items of order #{order.id}</caption>
        <thead className="text-muted-foreground">
          <tr>
            <th scope="col" className="py-2 pr-3 font-medium">
              Item
            </th>
            <th scope="col" className="py-2 pr-3 text-right font-medium max-sm:hidden">
              Price
            </th>
            <th scope="col" className="py-2 pr-3 text-right font-medium">
              Quantity
            </th>
            <th scope="col" className="py-2 pr-3 text-right font-medium max-sm:hidden">
              Returned
            </th>
            <th scope="col" className="py-2 text-right font-medium">
              Total
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-border border-y border-border">
          {order.lines.map((line) => (
            <tr key={line.id}>
              <td className="py-2 pr-3 align-top">
                {line.product_id !== null ? (
                  <Link to={adminPaths.product.getHref(line.product_id)} className="font-medium [overflow-wrap:anywhere] hover:underline">
                    {line.title}
                  </Link>
                ) : (
                  <span className="font-medium [overflow-wrap:anywhere]">{line.title}</span>
                )}
                <span className="block text-muted-foreground sm:hidden">
                  {formatPrice(line.unit_price_cents, order.currency)} each
                  {line.returned_quantity > 0 ? ` · ${line.returned_quantity} returned` : ''}
                </span>
              </td>
              <td className="py-2 pr-3 text-right align-top whitespace-nowrap tabular-nums max-sm:hidden">{formatPrice(line.unit_price_cents, order.currency)}</td>
              <td className="py-2 pr-3 text-right align-top tabular-nums">{line.quantity}</td>
              <td className="py-2 pr-3 text-right align-top tabular-nums max-sm:hidden">{line.returned_quantity}</td>
              <td className="py-2 text-right align-top whitespace-nowrap tabular-nums">{formatPrice(line.unit_price_cents * line.quantity, order.currency)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <dl className="grid grid-cols-[1fr_auto] gap-x-4 gap-y-1 text-right text-sm">
        <dt className="font-medium">Total ({pluralize(order.item_count, 'item')})</dt>
        <dd className="text-base font-semibold tabular-nums">{formatPrice(order.total_cents, order.currency)}</dd>
        {order.returns.length > 0 ? (
          <>
            <dt className="font-medium">Refunded</dt>
            <dd className="tabular-nums">{formatPrice(refundedCents, order.currency)}</dd>
          </>
        ) : null}
      </dl>
    </div>
  );
}

/** Each return with its lines, whether the items went back into stock, and staff's note. */
function OrderReturns({ order, timeZone }: { order: AdminOrder; timeZone: string | undefined }) {
  return (
    <ul className="flex flex-col divide-y divide-border text-sm">
      {order.returns.map((each) => (
        <li key={each.id} className="flex flex-col gap-1 py-3 first:pt-0 last:pb-0">
          <p className="flex flex-wrap items-baseline justify-between gap-x-3">
            <time dateTime={each.created_at} className="font-medium">
              {shopTime(each.created_at, timeZone)}
            </time>
            <span className="tabular-nums">{formatPrice(each.refund_cents, order.currency)} refund</span>
          </p>
          <ul className="text-muted-foreground">
            {each.lines.map((line) => (
              <li key={line.order_item_id} className="[overflow-wrap:anywhere]">
                {line.quantity} × {line.title}
              </li>
            ))}
          </ul>
          <p>{each.restock ? 'Back in stock' : 'Written off as damaged'}</p>
          {each.note ? <p className="text-muted-foreground [overflow-wrap:anywhere]">“{each.note}”</p> : null}
        </li>
      ))}
    </ul>
  );
}

/** Who ordered: a guest or an account, their page, and their other orders (the ten newest). */
function OrderCustomer({ order, timeZone }: { order: AdminOrder; timeZone: string | undefined }) {
  const { customer } = order;
  const name = customer.name ?? 'No name given';
  const shown = customer.other_orders.length;
  const more = customer.order_count - 1 - shown;
  return (
    <div className="flex flex-col gap-4 text-sm">
      <div className="flex flex-col gap-1">
        <p className="flex flex-wrap items-center gap-2">
          {customer.id !== null ? (
            <Link to={adminPaths.customer.getHref(customer.id)} className="font-medium [overflow-wrap:anywhere] hover:underline">
              {name}
            </Link>
          ) : (
            <span className="font-medium [overflow-wrap:anywhere]">{name}</span>
          )}
          <span className="inline-flex items-center rounded-full border border-border px-2 py-0.5 text-xs text-muted-foreground">
            {customer.guest ? 'Guest' : 'Account'}
          </span>
        </p>
        {customer.email ? (
          <a href={`mailto:${customer.email}`} className="text-primary [overflow-wrap:anywhere] hover:underline">
            {customer.email}
          </a>
        ) : (
          <p className="text-muted-foreground">No e-mail address</p>
        )}
        <p className="text-muted-foreground">{pluralize(customer.order_count, 'order')} in all</p>
      </div>
      {shown > 0 ? (
        <div className="flex flex-col gap-2">
          <h3 className="font-semibold">Their other orders</h3>
          <ul className="flex flex-col divide-y divide-border">
            {customer.other_orders.map((other) => (
              <li key={other.id} className="flex flex-wrap items-baseline justify-between gap-x-3 py-1.5">
                <span>
                  <Link to={adminPaths.order.getHref(other.id)} className="font-medium hover:underline">
                    Order #{other.id}
                  </Link>
                  <span className="text-muted-foreground">
                    {' '}
                    · <time dateTime={other.created_at}>{shopDay(other.created_at, timeZone)}</time>
                  </span>
                </span>
                <span className="text-muted-foreground">
                  {STATUS_LABELS[other.status]} · <span className="tabular-nums">{formatPrice(other.total_cents, other.currency)}</span>
                </span>
              </li>
            ))}
          </ul>
          {more > 0 && customer.id !== null ? (
            <Link to={adminPaths.orders.getHref({ customer: customer.id })} className="text-primary hover:underline">
              All {pluralize(customer.order_count, 'order')} of this customer
            </Link>
          ) : null}
        </div>
      ) : null}
    </div>
  );
}

/** Where it goes and, once shipped, who carries it and where the parcel is followed. */
function OrderDelivery({ order }: { order: AdminOrder }) {
  return (
    <div className="flex flex-col gap-4 text-sm">
      {order.delivery ? (
        <address className="not-italic">
          {addressLines(order.delivery).map((line, index) => (
            <span key={index} className="block [overflow-wrap:anywhere]">
              {line}
            </span>
          ))}
        </address>
      ) : (
        <p className="text-muted-foreground">No delivery address: the order is from before checkout asked for one.</p>
      )}
      {order.carrier ? (
        <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1">
          <dt className="text-muted-foreground">Carrier</dt>
          <dd>{order.carrier.name}</dd>
          <dt className="text-muted-foreground">Tracking number</dt>
          <dd className="[overflow-wrap:anywhere]">{order.tracking_number ?? 'None given'}</dd>
        </dl>
      ) : order.status === 'shipped' || order.status === 'delivered' || order.status === 'returned' ? (
        <p className="text-muted-foreground">Shipped without a carrier or tracking number.</p>
      ) : null}
      {order.tracking_url ? (
        <Button variant="secondary" asChild className="self-start">
          <a href={order.tracking_url} target="_blank" rel="noopener noreferrer" aria-label="Track parcel, opens the carrier's site">
            <ExternalLink aria-hidden="true" />
            Track parcel
          </a>
        </Button>
      ) : null}
    </div>
  );
}

/** The customer's e-mails about this order and where each stands, one line each. */
function OrderMails({ mails, timeZone }: { mails: AdminOrder['mails']; timeZone: string | undefined }) {
  if (mails.length === 0) return <p className="text-sm text-muted-foreground">None yet.</p>;
  return (
    <ul className="flex flex-col gap-1 text-sm">
      {mails.map((mail, index) => (
        <li key={index} className="flex flex-wrap items-baseline justify-between gap-x-3">
          <span>{MAIL_KINDS[mail.kind] ?? mail.kind}</span>
          <span className="text-muted-foreground">
            {MAIL_STATES[mail.state] ?? mail.state}
            {mail.state === 'sent' && mail.sent_at ? (
              <>
                {' '}
                <time dateTime={mail.sent_at}>{shopTime(mail.sent_at, timeZone)}</time>
              </>
            ) : null}
            {mail.state === 'pending' && mail.attempts > 0 ? ` (${pluralize(mail.attempts, 'attempt')})` : null}
          </span>
        </li>
      ))}
    </ul>
  );
}
