import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useScopedState } from '@/hooks/use-scoped-state';
import { cartCount, cartTotalCents, lineLimit } from '../api/cart-lines.ts';
import type { CartItem, CartLine } from '../api/cart-schemas.ts';
import { cartKeys } from '../api/cart-keys.ts';
import { getCart } from '../api/get-cart.ts';
import { GUEST_CART_KEY, loadGuestCart, removeGuestLine, setGuestQuantity } from '../api/guest-cart-store.ts';
import { removeCartLine, setCartQuantity } from '../api/set-cart-quantity.ts';
import type { CartOwner } from './use-cart-owner.ts';

export interface AddOutcome {
  item: CartItem;
  requested: number;
  added: number;
  /** The line's quantity after the add. */
  total: number;
  /** The most this line can hold (stock, at most 99). */
  limit: number;
}

/** Marks cart writes, so a realtime refetch never lands on top of a change still in flight. */
export const CART_CHANGE_MUTATION_KEY = ['cart', 'change'] as const;

interface ChangeLine {
  item: CartItem;
  /** 0 removes the line. */
  quantity: number;
}

function applyChange(lines: CartLine[] | undefined, { item, quantity }: ChangeLine): CartLine[] {
  const current = lines ?? [];
  if (quantity <= 0) return current.filter((line) => line.item_id !== item.id);
  if (current.some((line) => line.item_id === item.id)) {
    return current.map((line) => (line.item_id === item.id ? { ...line, quantity } : line));
  }
  return [...current, { item_id: item.id, quantity, item }];
}

function describe(previous: CartLine[] | undefined, { item, quantity }: ChangeLine): string {
  const before = previous?.find((line) => line.item_id === item.id)?.quantity ?? 0;
  if (quantity <= 0) return `Removed ${item.title} from your cart.`;
  if (before === 0) return `Added ${quantity} × ${item.title} to your cart.`;
  return `${item.title}: quantity ${quantity}.`;
}

/**
 * The cart for an owner, with optimistic changes: the screen changes in the same frame, and a
 * change the server (or the browser's storage) refuses rolls back with its reason in `error`.
 * `announcement` is the last change in words, for an aria-live region. Both belong to the session's
 * user (`sessionUserId`, null for a guest): another account never sees the previous one's messages.
 */
export function useCart(owner: CartOwner | null, sessionUserId: string | null) {
  const queryClient = useQueryClient();
  const queryKey = owner?.kind === 'user' ? cartKeys.user(owner.userId) : cartKeys.guest;
  const [error, setError] = useScopedState<string | null>(sessionUserId, null);
  const [announcement, setAnnouncement] = useScopedState(sessionUserId, '');

  const query = useQuery({
    queryKey,
    queryFn: owner?.kind === 'user' ? getCart : loadGuestCart,
    enabled: owner !== null,
  });

  // Guest carts follow other tabs through the storage event.
  const isGuest = owner?.kind === 'guest';
  useEffect(() => {
    if (!isGuest) return;
    const onStorage = (event: StorageEvent) => {
      if (event.key === GUEST_CART_KEY || event.key === null) void queryClient.invalidateQueries({ queryKey: cartKeys.guest });
    };
    window.addEventListener('storage', onStorage);
    return () => window.removeEventListener('storage', onStorage);
  }, [isGuest, queryClient]);

  const change = useMutation({
    mutationKey: CART_CHANGE_MUTATION_KEY,
    mutationFn: async ({ item, quantity }: ChangeLine) => {
      if (!owner) throw new Error('The cart is still loading.');
      if (owner.kind === 'user') {
        if (quantity <= 0) await removeCartLine(item.id);
        else await setCartQuantity(item.id, quantity);
      } else if (quantity <= 0) await removeGuestLine(item.id);
      else await setGuestQuantity(item.id, quantity);
    },
    onMutate: async (variables) => {
      setError(null);
      await queryClient.cancelQueries({ queryKey });
      const previous = queryClient.getQueryData<CartLine[]>(queryKey);
      queryClient.setQueryData<CartLine[]>(queryKey, applyChange(previous, variables));
      setAnnouncement(describe(previous, variables));
      return { previous };
    },
    onError: (cause, variables, context) => {
      queryClient.setQueryData(queryKey, context?.previous);
      const message = cause instanceof Error ? cause.message : 'The cart could not be updated.';
      setError(message);
      setAnnouncement(`Not changed: ${variables.item.title}. ${message}`);
    },
    // The last change to settle refetches; earlier ones would paint a state the next one replaces.
    onSettled: () => {
      if (queryClient.isMutating({ mutationKey: CART_CHANGE_MUTATION_KEY }) === 1) return queryClient.invalidateQueries({ queryKey });
    },
  });

  const lines = query.data ?? [];
  return {
    lines,
    count: cartCount(lines),
    totalCents: cartTotalCents(lines),
    isLoading: owner === null || query.isPending,
    loadError: query.isError ? query.error.message : null,
    refetch: () => query.refetch(),
    error,
    dismissError: () => setError(null),
    /** Shows a message about the cart that did not come from a change here (e.g. the guest merge). */
    report: setError,
    announcement,
    /**
     * Adds `quantity` to the line, capped by stock and 99. Returns what was added and the line's new
     * quantity (`added` < `quantity` when capped), or null when nothing could be added (then `error` says why).
     */
    add(item: CartItem, quantity: number): AddOutcome | null {
      const current = lines.find((line) => line.item_id === item.id)?.quantity ?? 0;
      const limit = lineLimit(item);
      if (current >= limit) {
        setError(item.stock <= 0 ? `${item.title} is out of stock.` : `You already have all ${limit} available of ${item.title}.`);
        return null;
      }
      const total = Math.min(limit, current + quantity);
      change.mutate({ item, quantity: total });
      return { item, requested: quantity, added: total - current, total, limit };
    },
    setQuantity(item: CartItem, quantity: number) {
      change.mutate({ item, quantity: Math.min(lineLimit(item), Math.max(1, quantity)) });
    },
    remove(item: CartItem) {
      change.mutate({ item, quantity: 0 });
    },
  };
}

export type Cart = ReturnType<typeof useCart>;
