import type { ReactNode } from 'react';
import { useCart, type CartOwner } from '../hooks/use-cart.ts';
import { CartContext } from '../hooks/use-cart-context.ts';
import { useCartSync } from '../hooks/use-cart-sync.ts';

/**
 * One cart for the whole page (header badge, drawer, item pages, /cart). The app layer decides
 * the owner from the session; null while the session is still being read.
 */
export function CartProvider({ owner, children }: { owner: CartOwner | null; children: ReactNode }) {
  const cart = useCart(owner);
  useCartSync(owner?.kind === 'user' ? owner.userId : null);
  return (
    <CartContext.Provider value={cart}>
      {children}
      <p aria-live="polite" role="status" className="sr-only" data-testid="cart-announcer">
        {cart.announcement}
      </p>
    </CartContext.Provider>
  );
}
