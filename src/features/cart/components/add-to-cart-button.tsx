import { ShoppingCart } from 'lucide-react';
import { Button } from '@/components/ui/button';
import type { CartItem } from '../api/cart-schemas.ts';
import { useCartContext } from '../hooks/use-cart-context.ts';
import { CartError } from './cart-error.tsx';

/** Adds the chosen quantity (capped by stock and 99); refusals show beside the button. */
export function AddToCartButton({ item, quantity }: { item: CartItem; quantity: number }) {
  const cart = useCartContext();
  const inCart = cart.lines.find((line) => line.item_id === item.id)?.quantity ?? 0;
  return (
    <div className="flex flex-col gap-2">
      <Button size="lg" disabled={item.stock <= 0 || cart.isLoading} onClick={() => cart.add(item, quantity)}>
        <ShoppingCart aria-hidden="true" />
        {item.stock <= 0 ? 'Out of stock' : 'Add to cart'}
      </Button>
      {inCart > 0 ? <p className="text-sm text-muted-foreground">{inCart} in your cart</p> : null}
      <CartError />
    </div>
  );
}
