import { ITEM_IMAGE_ASPECT, itemImageSrcSet, itemImageUrl } from '@/lib/item-images';
import { cn } from '@/utils/cn';

interface ItemImageProps {
  path: string | undefined;
  alt: string;
  /** The first row of a grid and the main picture of a page load at once and first. */
  priority?: boolean;
  sizes: string;
  className?: string;
}

/** A 4:5 picture with srcset; width and height are set so nothing shifts while it loads. */
export function ItemImage({ path, alt, priority = false, sizes, className }: ItemImageProps) {
  const box = cn('aspect-[4/5] w-full rounded-md bg-muted object-cover', className);
  if (!path) return <div role="img" aria-label={alt} className={box} />;
  return (
    <img
      src={itemImageUrl(path, 640)}
      srcSet={itemImageSrcSet(path)}
      sizes={sizes}
      width={ITEM_IMAGE_ASPECT.width * 160}
      height={ITEM_IMAGE_ASPECT.height * 160}
      alt={alt}
      loading={priority ? 'eager' : 'lazy'}
      fetchPriority={priority ? 'high' : 'auto'}
      decoding="async"
      className={box}
    />
  );
}
