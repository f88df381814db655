import * as z from 'zod/mini';
import type { Tables } from '@/types/database';

// Loaded with `import()` next to supabase-js by the cart's fetchers (the header shows the cart on
// every page): zod is then not part of the first page's script (docs/decisions/005). What the
// cart's components need synchronously is in cart-lines.ts. Rows read from tables are typed by
// the schema (src/types/database.ts); zod checks what the browser stored and merge_cart's jsonb.

export type CartItem = Pick<Tables<'items'>, 'id' | 'slug' | 'title' | 'price_cents' | 'currency' | 'stock' | 'image_paths'>;

export interface CartLine {
  item_id: number;
  quantity: number;
  item: CartItem;
}

/** The guest cart as this browser stores it (guest-cart-store.ts). */
export const StoredLinesSchema = z.array(z.object({ item_id: z.number(), quantity: z.number() }));
export type StoredLine = z.infer<typeof StoredLinesSchema>[number];

/** What merge_cart answers: per line, what was asked for and what the account's cart now holds. */
export const MergeReportSchema = z.array(z.object({ item_id: z.number(), requested: z.number(), quantity: z.number() }));
export type MergeReport = z.infer<typeof MergeReportSchema>;
