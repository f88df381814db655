import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { PageTitle } from '@/components/layout/page-title';
import { LoadError } from '@/components/ui/load-error';
import { Skeleton } from '@/components/ui/skeleton';
import { adminPaths } from '@/config/admin-paths';
import { CANCELLABLE_STATUSES } from '@/config/order-statuses';
import { paths } from '@/config/paths';
import { useOrder, useOrderByLink } from '../api/get-order.ts';
import { useLiveOrder } from '../hooks/use-live-order.ts';
import { CancelOrder } from './cancel-order.tsx';
import { OrderDetails } from './order-details.tsx';

interface OrderViewProps {
  reference: string;
  /** The key from the receipt's link, if the page was opened through it. */
  linkKey: string | null;
  justPlaced: boolean;
  notFound: ReactNode;
}

function OrderHeading({ reference, children }: { reference: string; children?: ReactNode }) {
  return (
    <div className="mb-8 flex flex-col gap-2">
      <PageTitle title={`Order ${reference}`} />
      <h1 className="text-3xl font-semibold tracking-tight">Order {reference}</h1>
      {children}
    </div>
  );
}

function OrderLoading({ reference }: { reference: string }) {
  return (
    <div role="status" aria-label="Loading the order" className="flex max-w-2xl flex-col gap-4">
      <PageTitle title={`Order ${reference}`} />
      <Skeleton className="h-9 w-48" />
      <Skeleton className="h-40" />
    </div>
  );
}

function OrderLoadError({ reference, message, onRetry }: { reference: string; message: string; onRetry: () => void }) {
  return (
    <div className="flex flex-col items-start gap-4">
      <OrderHeading reference={reference} />
      <LoadError what="The order" message={message} onRetry={onRetry} />
    </div>
  );
}

const continueShopping = (
  <Link to={paths.catalog.getHref()} className="self-start text-sm font-medium text-primary underline-offset-4 hover:underline">
    Continue shopping
  </Link>
);

/**
 * The order as its receipt's link shows it, to anyone holding the link on any device: read-only,
 * since cancelling belongs to whoever placed it.
 */
export function LinkedOrderView({ reference, linkKey, notFound }: Omit<OrderViewProps, 'justPlaced'>) {
  const order = useOrderByLink(reference, linkKey);
  if (linkKey === null) return notFound;
  if (order.isPending) return <OrderLoading reference={reference} />;
  if (order.isError) return <OrderLoadError reference={reference} message={order.error.message} onRetry={() => void order.refetch()} />;
  if (order.data === null) return notFound;
  return (
    <>
      <OrderHeading reference={reference}>{continueShopping}</OrderHeading>
      <OrderDetails order={order.data}>
        <p className="text-sm text-muted-foreground" data-testid="order-by-link">
          You are viewing this order through its link. To cancel it, open it on the device it was ordered from or sign in to the account it
          belongs to.
        </p>
      </OrderDetails>
    </>
  );
}

/**
 * The order page's body for a viewer with a session (an account, or a guest who ordered on this
 * device): loading, error, not found (RLS hides other people's orders) or the order. Staff may read
 * every order, but this is the customer's page: someone else's order only points staff to the
 * admin, where handling it (and cancelling it) belongs. A link's key still opens an order that is
 * not the viewer's, read-only.
 */
export function OrderView({
  userId,
  reference,
  linkKey,
  justPlaced,
  notFound,
  aside,
}: OrderViewProps & {
  userId: string;
  /** Shown beside the owner's order (e.g. the offer to keep a guest's orders in an account). */
  aside?: (order: { contact_email: string | null }) => ReactNode;
}) {
  const order = useOrder(userId, reference);
  useLiveOrder(userId, reference);

  if (order.isPending) return <OrderLoading reference={reference} />;
  if (order.isError) return <OrderLoadError reference={reference} message={order.error.message} onRetry={() => void order.refetch()} />;
  if (order.data === null) return linkKey ? <LinkedOrderView reference={reference} linkKey={linkKey} notFound={notFound} /> : notFound;
  if (order.data.user_id !== userId) {
    return (
      <div className="flex max-w-2xl flex-col items-start gap-4">
        <OrderHeading reference={reference} />
        <p className="text-muted-foreground" data-testid="order-not-own">
          This order belongs to a customer —{' '}
          <Link to={adminPaths.order.getHref(order.data.id)} className="font-medium text-primary underline-offset-4 hover:underline">
            open it in the admin
          </Link>
          .
        </p>
      </div>
    );
  }
  return (
    <>
      <OrderHeading reference={reference}>
        {justPlaced ? <p className="text-muted-foreground">Thank you! Your order is placed; the confirmation is on its way to your inbox.</p> : null}
        {continueShopping}
      </OrderHeading>
      <div className="flex flex-col gap-8 lg:flex-row lg:items-start">
        <OrderDetails order={order.data}>
          {CANCELLABLE_STATUSES.includes(order.data.status) ? <CancelOrder userId={userId} orderId={order.data.id} reference={reference} /> : null}
        </OrderDetails>
        {aside?.(order.data)}
      </div>
    </>
  );
}
