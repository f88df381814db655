import * as z from 'zod/mini';
// Relative, not '@/': supabase/tests/orders.test.ts imports this under the Node tsconfig.
import type { Tables } from '../../../types/database.ts';

// The shape alone, without the per-country rules (delivery-schema.ts), so pages that only show an
// address (an order, the order list) do not load the postcode and phone data.

/** Delivery details as checkout sends them (checked by delivery-schema.ts, and by public.delivery_problems, which has the last word). */
export const DeliverySchema = z.object({
  full_name: z.string(),
  line1: z.string(),
  line2: z.nullable(z.string()),
  postcode: z.string(),
  city: z.string(),
  country: z.string(),
  phone: z.nullable(z.string()),
});
export type Delivery = z.infer<typeof DeliverySchema>;

export type DeliveryField = keyof Delivery;

/** A row of `addresses` (place_order saves each address used), typed by the schema. */
export type SavedAddress = Pick<Tables<'addresses'>, 'id' | DeliveryField>;

export type DeliveryProblems = Partial<Record<DeliveryField, string>>;

/** What a form holds: every field a string, as typed. */
export type DeliveryDraft = Record<DeliveryField, string>;
