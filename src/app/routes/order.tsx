import { useLocation, useParams } from 'react-router';
import { RequireSession } from '@/features/account/components/require-session';
import { OrderView } from '@/features/orders/components/order-view';
import { NotFoundRoute } from './not-found.tsx';

export function OrderRoute() {
  const { id = '' } = useParams();
  const { state } = useLocation();
  const orderId = /^[1-9][0-9]{0,15}$/.test(id) ? Number(id) : null;
  if (orderId === null) return <NotFoundRoute />;
  const justPlaced = (state as { placed?: unknown } | null)?.placed === true;
  return (
    <RequireSession>
      {(session) => <OrderView userId={session.userId} orderId={orderId} justPlaced={justPlaced} notFound={<NotFoundRoute />} />}
    </RequireSession>
  );
}
