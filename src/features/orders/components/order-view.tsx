import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { PageTitle } from '@/components/layout/page-title';
import { LoadError } from '@/components/ui/load-error';
import { Skeleton } from '@/components/ui/skeleton';
import { paths } from '@/config/paths';
import { useOrder } from '../api/get-order.ts';
import { useLiveOrder } from '../hooks/use-live-order.ts';
import { OrderDetails } from './order-details.tsx';

/**
 * The order page's body: loading, error, not found (RLS hides other people's orders) or the order.
 * Staff may read every order, but this is the customer's page: someone else's order only points
 * staff to the admin, where handling it (and cancelling it) belongs.
 */
export function OrderView({
  userId,
  orderId,
  justPlaced,
  notFound,
}: {
  userId: string;
  orderId: number;
  justPlaced: boolean;
  notFound: ReactNode;
}) {
  const order = useOrder(userId, orderId);
  useLiveOrder(userId, orderId);

  if (order.isPending) {
    return (
      <div role="status" aria-label="Loading the order" className="flex max-w-2xl flex-col gap-4">
        <PageTitle title={`Order #${orderId}`} />
        <Skeleton className="h-9 w-48" />
        <Skeleton className="h-40" />
      </div>
    );
  }
  if (order.isError) {
    return (
      <div className="flex flex-col items-start gap-4">
        <PageTitle title={`Order #${orderId}`} />
        <h1 className="text-3xl font-semibold tracking-tight">Order #{orderId}</h1>
        <LoadError what="The order" message={order.error.message} onRetry={() => void order.refetch()} />
      </div>
    );
  }
  if (order.data === null) return notFound;
  if (order.data.user_id !== userId) {
    return (
      <div className="flex max-w-2xl flex-col items-start gap-4">
        <PageTitle title={`Order #${orderId}`} />
        <h1 className="text-3xl font-semibold tracking-tight">Order #{orderId}</h1>
        <p className="text-muted-foreground" data-testid="order-not-own">
          This order belongs to a customer —{' '}
          <Link to={paths.admin.getHref()} className="font-medium text-primary underline-offset-4 hover:underline">
            open it in the admin
          </Link>
          .
        </p>
      </div>
    );
  }
  return (
    <>
      <PageTitle title={`Order #${orderId}`} />
      <div className="mb-8 flex flex-col gap-2">
        <h1 className="text-3xl font-semibold tracking-tight">Order #{orderId}</h1>
        {justPlaced ? <p className="text-muted-foreground">Thank you! Your order is placed; the confirmation is on its way to your inbox.</p> : null}
        <Link to={paths.catalog.getHref()} className="self-start text-sm font-medium text-primary underline-offset-4 hover:underline">
          Continue shopping
        </Link>
      </div>
      <OrderDetails userId={userId} order={order.data} />
    </>
  );
}
