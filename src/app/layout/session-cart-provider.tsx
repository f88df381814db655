import type { ReactNode } from 'react';
import { useSession } from '@/features/account/session/use-session';
import { CartProvider } from '@/features/cart/components/cart-context';
import type { CartSession } from '@/features/cart/hooks/use-cart-owner';

/** Joins the account's session to the cart (features never import each other; the app composes them). */
export function SessionCartProvider({ children }: { children: ReactNode }) {
  const session = useSession();
  const cartSession: CartSession =
    session.status === 'signed-in' ? { status: 'signed-in', userId: session.userId } : { status: session.status };
  return <CartProvider session={cartSession}>{children}</CartProvider>;
}
