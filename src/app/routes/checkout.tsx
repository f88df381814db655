import { Link, useNavigate } from 'react-router';
import { PageHeader } from '@/components/layout/page-header';
import { PageTitle } from '@/components/layout/page-title';
import { RouteSkeleton } from '@/components/layout/route-skeleton';
import { paths } from '@/config/paths';
import { RequireSession } from '@/features/account/components/require-session';
import { useCartContext } from '@/features/cart/hooks/use-cart-context';
import { CheckoutPanel } from '@/features/orders/components/checkout-panel';

function Checkout({ userId, email }: { userId: string; email: string }) {
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
  return (
    <div className="flex max-w-2xl flex-col gap-4">
      <CheckoutPanel
        userId={userId}
        lines={lines}
        email={email}
        onCartChanged={() => void cart.refetch()}
        onPlaced={(orderId) => {
          void cart.refetch();
          void navigate(paths.order.getHref(orderId), { state: { placed: true } });
        }}
      />
      <Link to={paths.cart.getHref()} className="self-start text-sm text-primary underline-offset-4 hover:underline">
        Back to the cart to change it
      </Link>
    </div>
  );
}

export function CheckoutRoute() {
  return (
    <>
      <PageTitle title="Review order" />
      <PageHeader title="Review order" description="Check everything once more, then place your order." />
      <RequireSession>{(session) => <Checkout userId={session.userId} email={session.email} />}</RequireSession>
    </>
  );
}
