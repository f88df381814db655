import { env } from '@/config/env';

/** Widths the seed renders for every picture (supabase/seed/catalog-generator.ts IMAGE_WIDTHS). */
export const ITEM_IMAGE_WIDTHS = [320, 640] as const;
/** Pictures are 4:5; width and height attributes keep layout from shifting while they load. */
export const ITEM_IMAGE_ASPECT = { width: 4, height: 5 } as const;

const BUCKET_URL = `${env.filesBaseUrl}/storage/v1/object/public/item-images`;

/** Public URL of one rendition, the same string storage-js getPublicUrl builds. */
export function itemImageUrl(path: string, width: (typeof ITEM_IMAGE_WIDTHS)[number]): string {
  return encodeURI(`${BUCKET_URL}/${path}-${width}.webp`);
}

export function itemImageSrcSet(path: string): string {
  return ITEM_IMAGE_WIDTHS.map((width) => `${itemImageUrl(path, width)} ${width}w`).join(', ');
}
