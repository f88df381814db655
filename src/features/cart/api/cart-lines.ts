import type { CartItem, CartLine } from './cart-schemas.ts';

export const MAX_LINE_QUANTITY = 99;

/** The columns of an item a cart line shows (CartItem): one list for the account's cart and the guest's. */
export const CART_ITEM_COLUMNS = 'id, slug, title, price_cents, currency, stock, image_paths';

export function cartCount(lines: readonly CartLine[]): number {
  return lines.reduce((sum, line) => sum + line.quantity, 0);
}

export function cartTotalCents(lines: readonly CartLine[]): number {
  return lines.reduce((sum, line) => sum + line.quantity * line.item.price_cents, 0);
}

/** The most a line may hold: the stock, and never more than 99. */
export function lineLimit(item: Pick<CartItem, 'stock'>): number {
  return Math.max(0, Math.min(MAX_LINE_QUANTITY, item.stock));
}
