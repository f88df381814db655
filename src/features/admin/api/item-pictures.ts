import { useMutation } from '@tanstack/react-query';
import { ITEM_IMAGE_ASPECT, ITEM_IMAGE_WIDTHS } from '@/lib/item-images';
import { getSupabase } from '@/lib/supabase';
import { checkImageFile, renderImage } from '@/utils/resize-image';
import type { AdminItem } from './admin-items.ts';
import { updateItem, useItemSaved } from './save-item.ts';

/** The items table allows eight pictures per item. */
export const MAX_PICTURES = 8;

const renditionPath = (path: string, width: number) => `${path}-${width}.webp`;

/**
 * Adds a picture: checked and cropped to the catalog's 4:5 in the browser, uploaded in every width
 * the shop serves under a new name (`<slug>/<random>-<width>.webp`, so no cached copy is ever
 * stale), then appended to the item. If the item cannot be saved, the uploads are removed again.
 */
export async function addItemPicture(item: AdminItem, file: File): Promise<AdminItem> {
  if (item.image_paths.length >= MAX_PICTURES) throw new Error(`An item has at most ${MAX_PICTURES} pictures. Remove one first.`);
  checkImageFile(file);
  const renditions = await Promise.all(
    ITEM_IMAGE_WIDTHS.map(async (width) => ({
      width,
      blob: await renderImage(file, { width, height: (width * ITEM_IMAGE_ASPECT.height) / ITEM_IMAGE_ASPECT.width }),
    })),
  );
  const supabase = await getSupabase();
  const bucket = supabase.storage.from('item-images');
  const path = `${item.slug}/${crypto.randomUUID()}`;
  const uploaded: string[] = [];
  for (const { width, blob } of renditions) {
    const file = renditionPath(path, width);
    const { error } = await bucket.upload(file, blob, { contentType: blob.type, cacheControl: '31536000', upsert: false });
    if (error) {
      if (uploaded.length > 0) await bucket.remove(uploaded);
      throw new Error(`The picture could not be uploaded: ${error.message}`);
    }
    uploaded.push(file);
  }
  try {
    return await updateItem(item.id, { image_paths: item.image_paths }, { image_paths: [...item.image_paths, path] });
  } catch (error) {
    await bucket.remove(uploaded);
    throw error;
  }
}

/** Takes a picture off the item, then deletes its files (best effort: a leftover costs storage only). */
export async function removeItemPicture(item: AdminItem, path: string): Promise<AdminItem> {
  const saved = await updateItem(item.id, { image_paths: item.image_paths }, { image_paths: item.image_paths.filter((each) => each !== path) });
  const supabase = await getSupabase();
  await supabase.storage.from('item-images').remove(ITEM_IMAGE_WIDTHS.map((width) => renditionPath(path, width)));
  return saved;
}

/** Moves a picture one place earlier or later; the first is the one the catalog shows. */
export function movePicture(paths: readonly string[], index: number, offset: -1 | 1): string[] {
  const target = index + offset;
  if (target < 0 || target >= paths.length) return [...paths];
  const next = [...paths];
  [next[index], next[target]] = [next[target] as string, next[index] as string];
  return next;
}

export function useItemPictures(userId: string) {
  const onSuccess = useItemSaved(userId);
  return {
    add: useMutation({ mutationFn: ({ item, file }: { item: AdminItem; file: File }) => addItemPicture(item, file), onSuccess }),
    remove: useMutation({ mutationFn: ({ item, path }: { item: AdminItem; path: string }) => removeItemPicture(item, path), onSuccess }),
    reorder: useMutation({
      mutationFn: ({ item, index, offset }: { item: AdminItem; index: number; offset: -1 | 1 }) =>
        updateItem(item.id, { image_paths: item.image_paths }, { image_paths: movePicture(item.image_paths, index, offset) }),
      onSuccess,
    }),
  };
}
