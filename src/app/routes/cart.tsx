import { Link } from 'react-router';
import { PageHeader } from '@/components/layout/page-header';
import { PageTitle } from '@/components/layout/page-title';
import { Button } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { useSession } from '@/features/account/session/use-session';
import { CartPage } from '@/features/cart/components/cart-page';

/** Guests see how to go on: ordering as a guest, or signing in or up, which keeps this cart (it merges into the account). */
function ContinueToOrder() {
  const session = useSession();
  const checkout = paths.checkout.getHref();
  if (session.status === 'signed-in') {
    return (
      <Button asChild size="lg">
        <Link to={checkout}>Review order</Link>
      </Button>
    );
  }
  return (
    <div className="flex flex-col gap-2">
      <Button asChild size="lg">
        <Link to={checkout}>Check out as a guest</Link>
      </Button>
      <Button asChild variant="secondary">
        <Link to={paths.signIn.getHref(checkout)}>Sign in to order</Link>
      </Button>
      <Button asChild variant="ghost">
        <Link to={paths.signUp.getHref(checkout)}>Create an account</Link>
      </Button>
      <p className="text-sm text-muted-foreground">Your cart comes with you when you sign in.</p>
    </div>
  );
}

export function CartRoute() {
  return (
    <>
      <PageTitle title="Cart" />
      <PageHeader title="Your cart" />
      <CartPage action={<ContinueToOrder />} />
    </>
  );
}
