import { ShoppingCart } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { LoadError } from '@/components/ui/load-error';
import { Skeleton } from '@/components/ui/skeleton';
import { paths } from '@/config/paths';
import { useCartContext } from '../hooks/use-cart-context.ts';
import { CartError } from './cart-error.tsx';
import { CartLines } from './cart-lines.tsx';
import { CartSummary } from './cart-summary.tsx';

/** The /cart page: every line to adjust, the total, and `action` (the way on to ordering). */
export function CartPage({ action }: { action: ReactNode }) {
  const cart = useCartContext();
  if (cart.isLoading) {
    return (
      <div role="status" aria-label="Loading your cart" className="grid gap-8 lg:grid-cols-[minmax(0,1fr)_20rem]">
        <div className="flex flex-col gap-3">
          <Skeleton className="h-24" />
          <Skeleton className="h-24" />
        </div>
        <Skeleton className="h-40" />
      </div>
    );
  }
  if (cart.loadError) {
    return (
      <LoadError what="Your cart" message={cart.loadError} onRetry={() => void cart.refetch()} />
    );
  }
  if (cart.lines.length === 0) {
    return (
      <div className="flex flex-col items-start gap-4 rounded-lg border border-dashed border-border p-8">
        <CartError />
        <ShoppingCart aria-hidden="true" className="size-8 text-muted-foreground" />
        <p className="text-lg font-medium">Your cart is empty.</p>
        <p className="text-muted-foreground">Find something you like in the catalog and add it here.</p>
        <Button asChild>
          <Link to={paths.catalog.getHref()}>Browse the catalog</Link>
        </Button>
      </div>
    );
  }
  return (
    <div className="grid items-start gap-8 lg:grid-cols-[minmax(0,1fr)_20rem]">
      <div className="flex flex-col gap-3">
        <CartError />
        <CartLines />
      </div>
      <aside aria-label="Order summary" className="flex flex-col gap-4 rounded-lg border border-border bg-surface p-5 shadow-sm lg:sticky lg:top-24">
        <CartSummary ruled={false} />
        {action}
        <Link to={paths.catalog.getHref()} className="self-center text-sm font-medium text-primary underline-offset-4 hover:underline">
          Continue shopping
        </Link>
      </aside>
    </div>
  );
}
