import { Link, Navigate, useNavigate } from 'react-router';
import { PageHeader } from '@/components/layout/page-header';
import { PageTitle } from '@/components/layout/page-title';
import { RouteSkeleton } from '@/components/layout/route-skeleton';
import { paths } from '@/config/paths';
import { ensureGuestSession } from '@/features/account/api/guest-session';
import { useSession } from '@/features/account/session/use-session';
import { settleGuestCheckout } from '@/features/cart/api/settle-guest-checkout';
import { useCartContext } from '@/features/cart/hooks/use-cart-context';
import { CheckoutPanel, type Buyer } from '@/features/orders/components/checkout-panel';

function Checkout({ buyer }: { buyer: Buyer }) {
  const cart = useCartContext();
  const navigate = useNavigate();
  if (cart.isLoading) return <RouteSkeleton />;
  const lines = cart.lines.map(({ item, quantity }) => ({
    item_id: item.id,
    title: item.title,
    quantity,
    unit_price_cents: item.price_cents,
    currency: item.currency,
  }));
  const checkout = paths.checkout.getHref();
  return (
    <div className="flex max-w-2xl flex-col gap-4">
      {buyer.kind === 'guest' && lines.length > 0 ? (
        <p className="text-sm text-muted-foreground">
          Ordering as a guest: no account needed.{' '}
          <Link to={paths.signIn.getHref(checkout)} className="font-medium text-primary underline-offset-4 hover:underline">
            Sign in
          </Link>{' '}
          to order from your account instead; your cart comes with you.
        </p>
      ) : null}
      <CheckoutPanel
        buyer={buyer}
        lines={lines}
        onCartChanged={(changes) => void (buyer.kind === 'guest' ? settleGuestCheckout({ lowered: changes }).then(cart.refetch) : cart.refetch())}
        onPlaced={(reference, ordered) => {
          void (buyer.kind === 'guest' ? settleGuestCheckout({ ordered }).then(cart.refetch) : cart.refetch());
          void navigate(paths.order.getHref(reference), { state: { placed: true } });
        }}
      />
      <Link to={paths.cart.getHref()} className="self-start text-sm text-primary underline-offset-4 hover:underline">
        Back to the cart to change it
      </Link>
    </div>
  );
}

/** An account orders its cart; a guest orders the browser's cart through an anonymous session made when placing it. */
export function CheckoutRoute() {
  const session = useSession();
  let body;
  if (session.status === 'loading') body = <RouteSkeleton />;
  else if (session.status === 'signed-in') {
    body = <Checkout key={session.userId} buyer={{ kind: 'account', userId: session.userId, email: session.email }} />;
  } else if (session.endedHere) {
    body = <Navigate to={paths.home.getHref()} replace state={{ sessionEnded: session.endedHere }} />;
  } else {
    body = <Checkout key="guest" buyer={{ kind: 'guest', guestId: session.guestId, startSession: ensureGuestSession }} />;
  }
  return (
    <>
      <PageTitle title="Review order" />
      <PageHeader title="Review order" description="Check everything once more, then place your order." />
      {body}
    </>
  );
}
