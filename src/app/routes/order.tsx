import { Navigate, useLocation, useParams, useSearchParams } from 'react-router';
import { RouteSkeleton } from '@/components/layout/route-skeleton';
import { paths } from '@/config/paths';
import { GuestAccountOffer } from '@/features/account/components/guest-account-offer';
import { useSession } from '@/features/account/session/use-session';
import { LinkedOrderView, OrderView } from '@/features/orders/components/order-view';
import { parseOrderKey, parseOrderReference } from '@/utils/order-reference';
import { NotFoundRoute } from './not-found.tsx';

/**
 * An order by its public reference. Its owner sees it with their session (an account, or the guest
 * session on the device it was ordered from); anyone with the receipt's link (`?key=`) sees it
 * read-only on any device; anyone else is asked to sign in.
 */
export function OrderRoute() {
  const { reference: raw = '' } = useParams();
  const [params] = useSearchParams();
  const { state, pathname, search } = useLocation();
  const session = useSession();
  const reference = parseOrderReference(raw);
  if (reference === null) return <NotFoundRoute />;
  const linkKey = parseOrderKey(params.get('key'));
  const justPlaced = (state as { placed?: unknown } | null)?.placed === true;
  const notFound = <NotFoundRoute />;

  if (session.status === 'loading') return <RouteSkeleton />;
  if (session.status === 'signed-in') {
    return <OrderView key={session.userId} userId={session.userId} reference={reference} linkKey={linkKey} justPlaced={justPlaced} notFound={notFound} />;
  }
  if (session.guestId) {
    return (
      <OrderView
        key={session.guestId}
        userId={session.guestId}
        reference={reference}
        linkKey={linkKey}
        justPlaced={justPlaced}
        notFound={notFound}
        aside={(order) => <GuestAccountOffer email={order.contact_email} returnTo={`${pathname}${search}`} />}
      />
    );
  }
  if (linkKey) return <LinkedOrderView reference={reference} linkKey={linkKey} notFound={notFound} />;
  if (session.endedHere) return <Navigate to={paths.home.getHref()} replace state={{ sessionEnded: session.endedHere }} />;
  return <Navigate to={paths.signIn.getHref(`${pathname}${search}`)} replace />;
}
