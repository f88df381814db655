export const AVATAR_MAX_SIZE_PX = 512;
/** What a person may pick; anything larger is refused before decoding it. */
export const AVATAR_MAX_INPUT_BYTES = 10 * 1024 * 1024;
export const AVATAR_INPUT_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;

export class ImageInputError extends Error {
  override name = 'ImageInputError';
}

/** Checks type and size before any decoding, with messages the avatar picker shows as they are. */
export function checkImageFile(file: File): void {
  if (!(AVATAR_INPUT_TYPES as readonly string[]).includes(file.type)) {
    throw new ImageInputError(`“${file.name}” is not a JPEG, PNG or WebP image.`);
  }
  if (file.size > AVATAR_MAX_INPUT_BYTES) {
    const megabytes = (file.size / 1024 / 1024).toFixed(1);
    throw new ImageInputError(`“${file.name}” is ${megabytes} MB; choose an image under 10 MB.`);
  }
}

/**
 * Scales an image down so neither side exceeds `maxSize` and re-encodes it as WebP (JPEG where
 * the browser cannot encode WebP). Re-encoding also drops metadata such as GPS positions.
 */
export async function resizeImage(file: File, maxSize = AVATAR_MAX_SIZE_PX): Promise<Blob> {
  let bitmap: ImageBitmap;
  try {
    bitmap = await createImageBitmap(file);
  } catch {
    throw new ImageInputError(`“${file.name}” could not be read as an image.`);
  }
  const scale = Math.min(1, maxSize / Math.max(bitmap.width, bitmap.height));
  const width = Math.max(1, Math.round(bitmap.width * scale));
  const height = Math.max(1, Math.round(bitmap.height * scale));
  const canvas = document.createElement('canvas');
  canvas.width = width;
  canvas.height = height;
  const context = canvas.getContext('2d');
  if (!context) throw new ImageInputError('This browser cannot resize images.');
  context.imageSmoothingQuality = 'high';
  context.drawImage(bitmap, 0, 0, width, height);
  bitmap.close();
  const encode = (type: string) => new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, type, 0.88));
  const webp = await encode('image/webp');
  const blob = webp?.type === 'image/webp' ? webp : await encode('image/jpeg');
  if (!blob) throw new ImageInputError('The image could not be encoded.');
  return blob;
}
