import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import type { CartLine } from '../api/cart-schemas.ts';
import { cartKeys } from '../api/cart-keys.ts';
import { hasStoredGuestCart } from '../api/guest-cart-store.ts';

/** Whose cart: a signed-in user's (in the database) or this browser's guest cart. */
export type CartOwner = { kind: 'user'; userId: string } | { kind: 'guest' };

/** The session as the cart needs it: unknown while supabase-js reads storage, then a user id or none. */
export type CartSession = { status: 'loading' } | { status: 'signed-out' } | { status: 'signed-in'; userId: string };

/**
 * Decides whose cart is on screen and merges the guest cart into the account whenever a user
 * becomes signed in — by signing in or up here, in another tab, or a session restored on load.
 * Until the merge has settled the guest cart stays on screen, so nothing a guest added seems to
 * vanish; a failed merge keeps the guest lines in the browser and reports why through `onMessage`.
 */
export function useCartOwner(session: CartSession, onMessage: (message: string) => void): CartOwner | null {
  const queryClient = useQueryClient();
  const userId = session.status === 'signed-in' ? session.userId : null;
  const [settledFor, setSettledFor] = useState<string | null>(null);

  useEffect(() => {
    if (!userId || settledFor === userId) return;
    let current = true;
    const guestLines = queryClient.getQueryData<CartLine[]>(cartKeys.guest);
    // The merge's code loads when someone signs in, not with every page.
    import('../api/merge-guest-cart.ts')
      .then(async ({ mergeGuestCart, describeLowered }) => {
        const report = await mergeGuestCart();
        const notice = report ? describeLowered(report, guestLines) : null;
        if (notice) onMessage(notice);
      })
      .catch((cause: unknown) => {
        const reason = cause instanceof Error ? cause.message : String(cause);
        onMessage(`Your cart from before you signed in could not be added to your account yet (${reason}). It is kept in this browser and will be added next time.`);
      })
      .finally(async () => {
        await queryClient.invalidateQueries({ queryKey: cartKeys.user(userId) });
        await queryClient.invalidateQueries({ queryKey: cartKeys.guest });
        if (current) setSettledFor(userId);
      });
    return () => {
      current = false;
    };
  }, [userId, settledFor, queryClient, onMessage]);

  if (session.status === 'loading') return null;
  if (!userId) return { kind: 'guest' };
  if (settledFor === userId || !hasStoredGuestCart()) return { kind: 'user', userId };
  return { kind: 'guest' };
}
