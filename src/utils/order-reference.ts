/**
 * An order's public reference as customers see and type it: eight characters of Crockford's base
 * 32 in two groups (e.g. 7K3Q-9XPD), the shape public.orders.reference checks. Returns the
 * reference as stored (upper case) or null when the text cannot be one.
 */
export function parseOrderReference(text: string): string | null {
  const reference = text.trim().toUpperCase();
  return /^[0-9A-HJKMNP-TV-Z]{4}-[0-9A-HJKMNP-TV-Z]{4}$/.test(reference) ? reference : null;
}

/** A receipt link's key: a UUID, or null. */
export function parseOrderKey(text: string | null): string | null {
  return text && /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(text) ? text.toLowerCase() : null;
}
