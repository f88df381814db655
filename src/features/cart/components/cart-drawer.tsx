import { X } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { Dialog, DialogClose, DialogContent, DialogDescription, DialogTitle, DialogTrigger } from '@/components/ui/dialog';
import { LoadError } from '@/components/ui/load-error';
import { Skeleton } from '@/components/ui/skeleton';
import { paths } from '@/config/paths';
import { useCartContext } from '../hooks/use-cart-context.ts';
import { CartButton } from './cart-button.tsx';
import { CartError } from './cart-error.tsx';
import { CartLines } from './cart-lines.tsx';
import { CartSummary } from './cart-summary.tsx';

/** The drawer the header's Cart button opens; `defaultOpen` when a click arrived before this code did. */
export function CartDrawer({ defaultOpen = false }: { defaultOpen?: boolean }) {
  const cart = useCartContext();
  const [open, setOpen] = useState(defaultOpen);
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <CartButton />
      </DialogTrigger>
      <DialogContent side="right">
        <div className="flex items-center justify-between">
          <DialogTitle className="text-lg font-semibold">Your cart</DialogTitle>
          <DialogClose asChild>
            <Button variant="ghost" size="icon" aria-label="Close">
              <X aria-hidden="true" />
            </Button>
          </DialogClose>
        </div>
        <DialogDescription className="sr-only">Change quantities, remove items or review your order.</DialogDescription>
        <CartError />
        <div className="-mx-6 flex-1 overflow-y-auto px-6">
          {cart.isLoading ? (
            <div role="status" aria-label="Loading your cart" className="flex flex-col gap-3">
              <Skeleton className="h-20" />
              <Skeleton className="h-20" />
            </div>
          ) : cart.loadError ? (
            <LoadError what="Your cart" message={cart.loadError} onRetry={() => void cart.refetch()} />
          ) : cart.lines.length === 0 ? (
            <p className="text-muted-foreground">Your cart is empty.</p>
          ) : (
            <CartLines onNavigate={() => setOpen(false)} />
          )}
        </div>
        {cart.lines.length > 0 ? <CartSummary /> : null}
        <div className="flex flex-col gap-2">
          {cart.lines.length > 0 ? (
            <Button asChild>
              <Link to={paths.cart.getHref()} onClick={() => setOpen(false)}>
                Review order
              </Link>
            </Button>
          ) : (
            <Button asChild variant="secondary">
              <Link to={paths.catalog.getHref()} onClick={() => setOpen(false)}>
                Browse the catalog
              </Link>
            </Button>
          )}
        </div>
      </DialogContent>
    </Dialog>
  );
}
