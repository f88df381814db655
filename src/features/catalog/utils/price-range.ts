import { MAX_EUROS, parsePriceCents } from '@/utils/price-input';

export type PriceField = 'min' | 'max';

/** What the price range form read: the limits in cents (null: no limit) and a message per field that is wrong. */
export interface PriceRangeCheck {
  min: number | null;
  max: number | null;
  errors: Partial<Record<PriceField, string>>;
}

const LABELS: Record<PriceField, string> = { min: 'Min price', max: 'Max price' };
// Typical amounts at each end of the catalog, so the example reads like something to type there.
const EXAMPLES: Record<PriceField, string> = { min: '20', max: '150' };

/** One field: its cents, or why it is not a price, in a sentence that names the field. */
function readPriceField(field: PriceField, text: string): { cents: number | null; error?: string } {
  const compact = text.replace(/[\s\u00a0€]/g, '');
  if (compact === '') return { cents: null };
  const cents = parsePriceCents(text);
  if (cents !== null) return { cents };
  const label = LABELS[field];
  // Each reason is told apart so the sentence says what to change, not merely that something is wrong.
  if (/^[-−–]/.test(compact)) return { cents: null, error: `${label} can't be negative.` };
  if (/^\d+[.,]\d{3,}$/.test(compact)) return { cents: null, error: `${label} can have at most 2 decimals, such as 149.99.` };
  if (/^\d+(?:[.,]\d{1,2})?$/.test(compact)) {
    return { cents: null, error: `${label} can be at most €${MAX_EUROS.toLocaleString('en-IE')}.` };
  }
  return { cents: null, error: `${label} must be a number, such as ${EXAMPLES[field]}.` };
}

/**
 * Reads the price range as typed: "150", "149,99" (a decimal comma) or "149.99", empty for no
 * limit. Each field that is not a price gets its own message; when both are prices, a max below
 * the min is the max's to fix (the one usually typed last).
 */
export function checkPriceRange(minText: string, maxText: string): PriceRangeCheck {
  const min = readPriceField('min', minText);
  const max = readPriceField('max', maxText);
  const errors: PriceRangeCheck['errors'] = {};
  if (min.error) errors.min = min.error;
  if (max.error) errors.max = max.error;
  if (min.cents !== null && max.cents !== null && min.cents > max.cents) errors.max = "Max price can't be less than the min price.";
  return { min: min.cents, max: max.cents, errors };
}
