import * as z from 'zod/mini';

export const CartItemSchema = z.object({
  id: z.number(),
  slug: z.string(),
  title: z.string(),
  price_cents: z.number(),
  currency: z.string(),
  stock: z.number(),
  image_paths: z.array(z.string()),
});
export type CartItem = z.infer<typeof CartItemSchema>;

export const CartLineSchema = z.object({ item_id: z.number(), quantity: z.number(), item: CartItemSchema });
export type CartLine = z.infer<typeof CartLineSchema>;

export const MAX_LINE_QUANTITY = 99;

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
