import type { Json } from '@/types/database';

/** A variant's options as a plain record (items.options is a JSON object of short strings). */
export function optionsOf(options: Json): Record<string, string> {
  if (!options || typeof options !== 'object' || Array.isArray(options)) return {};
  return Object.fromEntries(Object.entries(options).filter((entry): entry is [string, string] => typeof entry[1] === 'string'));
}

/**
 * What tells a variant from its siblings, for staff: its options ("Rust, Velvet"), or failing
 * that its name less the product's ("Linden table, large" → "large"), or its whole name.
 */
export function variantLabel(variant: { title: string; options: Json }, productTitle: string): string {
  const values = Object.values(optionsOf(variant.options));
  if (values.length > 0) return values.join(', ');
  const prefix = `${productTitle.trim()}, `;
  if (variant.title.startsWith(prefix) && variant.title.length > prefix.length) return variant.title.slice(prefix.length);
  return variant.title;
}
