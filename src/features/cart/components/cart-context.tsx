import { useCallback, useEffect, useRef, type ReactNode } from 'react';
import { useCart } from '../hooks/use-cart.ts';
import { CartContext } from '../hooks/use-cart-context.ts';
import { useCartOwner, type CartSession } from '../hooks/use-cart-owner.ts';
import { useCartSync } from '../hooks/use-cart-sync.ts';

/**
 * One cart for the whole page (header badge, drawer, item pages, /cart). The app layer passes
 * the session; the cart decides whose cart is shown and merges a guest cart on sign-in.
 */
export function CartProvider({ session, children }: { session: CartSession; children: ReactNode }) {
  // The merge reports through the cart's message, which exists only once useCart has run.
  const reportRef = useRef<(message: string) => void>(() => undefined);
  const onMessage = useCallback((message: string) => reportRef.current(message), []);
  const owner = useCartOwner(session, onMessage);
  const cart = useCart(owner, session.status === 'signed-in' ? session.userId : null);
  useEffect(() => {
    reportRef.current = cart.report;
  }, [cart.report]);
  useCartSync(owner?.kind === 'user' ? owner.userId : null);
  return (
    <CartContext.Provider value={cart}>
      {children}
      {/* A live region, not role=status: it speaks cart changes without being a page status of its own. */}
      <p aria-live="polite" aria-atomic="true" className="sr-only" data-testid="cart-announcer">
        {cart.announcement}
      </p>
    </CartContext.Provider>
  );
}
