import { createContext, useContext } from 'react';
import type { Cart } from './use-cart.ts';

export const CartContext = createContext<Cart | null>(null);

export function useCartContext(): Cart {
  const cart = useContext(CartContext);
  if (!cart) throw new Error('useCartContext must be used inside <CartProvider>');
  return cart;
}
