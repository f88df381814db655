/** What the database wants of a variant before its product may be published (check_product_publishable). */
interface VariantForSale {
  archived_at: string | null;
  image_paths: readonly string[];
  price_cents: number;
}

export interface PublishReadiness {
  /** A variant on offer has at least one picture. */
  picture: boolean;
  /** A variant on offer has a price above zero. */
  price: boolean;
  /** One variant has both: the product may be published. */
  ready: boolean;
  /** What to do first, in a sentence; null when ready. */
  missing: string | null;
}

/**
 * Whether a draft may be published, and if not what is missing, worked out from its variants as the
 * database will (an archived variant does not count). The database decides; this says why.
 */
export function publishReadiness(variants: readonly VariantForSale[]): PublishReadiness {
  const offered = variants.filter((variant) => variant.archived_at === null);
  const picture = offered.some((variant) => variant.image_paths.length > 0);
  const price = offered.some((variant) => variant.price_cents > 0);
  const ready = offered.some((variant) => variant.image_paths.length > 0 && variant.price_cents > 0);
  if (ready) return { picture, price, ready, missing: null };
  let missing: string;
  if (offered.length === 0) missing = 'Every variant is archived: put one back on sale, with a picture and a price, first.';
  else if (!picture && !price) missing = 'Add a picture and a price above €0 to a variant first.';
  else if (!picture) missing = 'Add a picture to a variant first (under Pictures).';
  else if (!price) missing = 'Give a variant with a picture a price above €0 first.';
  else missing = 'Give one variant both a picture and a price above €0 first.';
  return { picture, price, ready, missing };
}
