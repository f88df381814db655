import * as z from 'zod/mini';

// Loaded with `import()` next to supabase-js by the cart's fetchers (the header shows the cart on
// every page): zod is then not part of the first page's script (docs/decisions/005). What the
// cart's components need synchronously is in cart-lines.ts.

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

/** The guest cart as this browser stores it (guest-cart-store.ts). */
export const StoredLinesSchema = z.array(z.object({ item_id: z.number(), quantity: z.number() }));
export type StoredLine = z.infer<typeof StoredLinesSchema>[number];

export const CartItemListSchema = z.array(CartItemSchema);
export const CartLineListSchema = z.array(CartLineSchema);

/** What merge_cart answers: per line, what was asked for and what the account's cart now holds. */
export const MergeReportSchema = z.array(z.object({ item_id: z.number(), requested: z.number(), quantity: z.number() }));
export type MergeReport = z.infer<typeof MergeReportSchema>;
