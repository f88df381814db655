import { ShoppingCart } from 'lucide-react';
import { useCallback, useState } from 'react';
import { Button } from '@/components/ui/button';
import type { CartItem } from '../api/cart-schemas.ts';
import type { AddOutcome } from '../hooks/use-cart.ts';
import { useCartContext } from '../hooks/use-cart-context.ts';
import { AddedToCartNotice } from './added-to-cart-notice.tsx';
import { CartError } from './cart-error.tsx';

/**
 * Adds the chosen quantity (capped by stock and 99, and saying so). The button sits level with the
 * quantity field and nothing appears above it, so it never moves under a second click; what was
 * added shows in a notice over the page, and refusals below the button.
 */
export function AddToCartButton({ item, quantity }: { item: CartItem; quantity: number }) {
  const cart = useCartContext();
  const inCart = cart.lines.find((line) => line.item_id === item.id)?.quantity ?? 0;
  const [added, setAdded] = useState<AddOutcome | null>(null);
  const close = useCallback(() => setAdded(null), []);
  return (
    <div className="flex flex-col gap-2 pt-6">
      <Button size="lg" disabled={item.stock <= 0 || cart.isLoading} onClick={() => setAdded(cart.add(item, quantity))}>
        <ShoppingCart aria-hidden="true" />
        {item.stock <= 0 ? 'Out of stock' : 'Add to cart'}
      </Button>
      {/* On a phone the buy bar is anchored at the bottom: a line here would lift the button. */}
      {inCart > 0 ? <p className="text-sm text-muted-foreground max-md:sr-only">{inCart} in your cart</p> : null}
      <CartError />
      {added && !cart.error ? <AddedToCartNotice outcome={added} onClose={close} /> : null}
    </div>
  );
}
