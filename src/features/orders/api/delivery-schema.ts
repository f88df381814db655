import * as z from 'zod/mini';
// Relative, not '@/': supabase/tests/orders.test.ts imports this file under the Node tsconfig.
import type { Tables } from '../../../types/database.ts';

/**
 * Delivery details as checkout sends them. The same rules as public.delivery_problems (which has
 * the last word): checked here first so every message shows at once, next to its field.
 */
export const DELIVERY_COUNTRIES = [
  'AT', 'BE', 'BG', 'CH', 'CY', 'CZ', 'DE', 'DK', 'EE', 'ES', 'FI', 'FR', 'GB', 'GR', 'HR', 'HU',
  'IE', 'IS', 'IT', 'LI', 'LT', 'LU', 'LV', 'MT', 'NL', 'NO', 'PL', 'PT', 'RO', 'SE', 'SI', 'SK',
] as const;

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

export const EMPTY_DELIVERY: DeliveryDraft = { full_name: '', line1: '', line2: '', postcode: '', city: '', country: 'IE', phone: '' };

const squash = (text: string) => text.trim().replace(/\s+/g, ' ');

/** The draft as it will be stored: trimmed, inner spaces collapsed, empty optional fields null. */
export function cleanDelivery(draft: DeliveryDraft): Delivery {
  return {
    full_name: squash(draft.full_name),
    line1: squash(draft.line1),
    line2: squash(draft.line2) || null,
    postcode: squash(draft.postcode).toUpperCase(),
    city: squash(draft.city),
    country: draft.country.trim().toUpperCase(),
    phone: squash(draft.phone) || null,
  };
}

export function deliveryProblems(draft: DeliveryDraft): DeliveryProblems {
  const d = cleanDelivery(draft);
  const problems: DeliveryProblems = {};
  if (!d.full_name) problems.full_name = 'Enter the name of the person receiving the order.';
  else if (d.full_name.length > 120) problems.full_name = 'The name is longer than 120 characters.';
  if (!d.line1) problems.line1 = 'Enter the street and house number.';
  else if (d.line1.length > 200) problems.line1 = 'The address line is longer than 200 characters.';
  if (d.line2 && d.line2.length > 200) problems.line2 = 'The second address line is longer than 200 characters.';
  if (!d.postcode) problems.postcode = 'Enter the postcode.';
  else if (!/^[A-Z0-9][A-Z0-9 -]{1,10}[A-Z0-9]$/.test(d.postcode)) problems.postcode = 'The postcode can have 3 to 12 letters, digits, spaces or hyphens.';
  if (!d.city) problems.city = 'Enter the town or city.';
  else if (d.city.length > 100) problems.city = 'The town or city is longer than 100 characters.';
  if (!/^[A-Z]{2}$/.test(d.country)) problems.country = 'Choose the country.';
  if (d.phone && !/^\+?[0-9][0-9 ()./-]{4,22}[0-9]$/.test(d.phone)) {
    problems.phone = 'Enter a phone number such as +353 1 234 5678, or leave it empty.';
  }
  return problems;
}

