import { usePrivateTopicRefetch } from '@/hooks/use-private-topic-refetch';
import { cartKeys } from '../api/cart-keys.ts';
import { CART_CHANGE_MUTATION_KEY } from './use-cart.ts';

/** Keeps the signed-in user's cart fresh across tabs and devices through their private topic `cart:<user id>`. */
export function useCartSync(userId: string | null) {
  usePrivateTopicRefetch(userId ? `cart:${userId}` : null, cartKeys.user(userId ?? ''), CART_CHANGE_MUTATION_KEY);
}
