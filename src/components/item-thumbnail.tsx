import { itemImageUrl } from '@/lib/item-images';

const SIZES = {
  /** Cart lines. */
  md: { width: 64, height: 80, className: 'h-20 w-16 rounded-md' },
  /** Search suggestions. */
  sm: { width: 40, height: 50, className: 'h-[50px] w-10 rounded' },
} as const;

/**
 * An item's first picture as a small decorative thumbnail next to its name (the name says what it
 * is, so no alt text), or a plain tile of the same size when the item has none: rows line up
 * either way. The 320 px file is the smallest the storage serves.
 */
export function ItemThumbnail({ path, size }: { path: string | undefined; size: keyof typeof SIZES }) {
  const { width, height, className } = SIZES[size];
  if (!path) return <span aria-hidden="true" className={`${className} shrink-0 bg-muted`} />;
  return <img src={itemImageUrl(path, 320)} alt="" width={width} height={height} decoding="async" className={`${className} shrink-0 bg-muted object-cover`} />;
}
