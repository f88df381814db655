export const AVATAR_MAX_SIZE_PX = 512;
/** What a person may pick; anything larger is refused before decoding it. */
export const IMAGE_MAX_INPUT_BYTES = 10 * 1024 * 1024;
export const IMAGE_INPUT_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;

export class ImageInputError extends Error {
  override name = 'ImageInputError';
}

/** Checks type and size before any decoding, with messages the pickers show as they are. */
export function checkImageFile(file: File): void {
  if (!(IMAGE_INPUT_TYPES as readonly string[]).includes(file.type)) {
    throw new ImageInputError(`“${file.name}” is not a JPEG, PNG or WebP image.`);
  }
  if (file.size > IMAGE_MAX_INPUT_BYTES) {
    const megabytes = (file.size / 1024 / 1024).toFixed(1);
    throw new ImageInputError(`“${file.name}” is ${megabytes} MB; choose an image under 10 MB.`);
  }
}

async function decode(file: File): Promise<ImageBitmap> {
  try {
    return await createImageBitmap(file);
  } catch {
    throw new ImageInputError(`“${file.name}” could not be read as an image.`);
  }
}

/**
 * Draws `source` (a region of the bitmap) onto a width × height canvas and encodes it as WebP
 * (JPEG where the browser cannot encode WebP). Re-encoding also drops metadata such as GPS positions.
 */
async function encode(
  bitmap: ImageBitmap,
  source: { x: number; y: number; width: number; height: number },
  width: number,
  height: number,
): Promise<Blob> {
  const canvas = document.createElement('canvas');
  canvas.width = width;
  canvas.height = height;
  const context = canvas.getContext('2d');
  if (!context) throw new ImageInputError('This browser cannot resize images.');
  context.imageSmoothingQuality = 'high';
  context.drawImage(bitmap, source.x, source.y, source.width, source.height, 0, 0, width, height);
  const toBlob = (type: string) => new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, type, 0.88));
  const webp = await toBlob('image/webp');
  const blob = webp?.type === 'image/webp' ? webp : await toBlob('image/jpeg');
  if (!blob) throw new ImageInputError('The image could not be encoded.');
  return blob;
}

/** Scales an image down so neither side exceeds `maxSize`, keeping its shape (avatars). */
export async function resizeImage(file: File, maxSize = AVATAR_MAX_SIZE_PX): Promise<Blob> {
  const bitmap = await decode(file);
  try {
    const scale = Math.min(1, maxSize / Math.max(bitmap.width, bitmap.height));
    const whole = { x: 0, y: 0, width: bitmap.width, height: bitmap.height };
    return await encode(bitmap, whole, Math.max(1, Math.round(bitmap.width * scale)), Math.max(1, Math.round(bitmap.height * scale)));
  } finally {
    bitmap.close();
  }
}

/**
 * Renders an image at exactly width × height, cropping the middle of whatever does not fit the
 * shape (item pictures are all 4:5, so cards line up). Small images are scaled up rather than
 * left with empty bands.
 */
export async function renderImage(file: File, size: { width: number; height: number }): Promise<Blob> {
  const bitmap = await decode(file);
  try {
    const scale = Math.max(size.width / bitmap.width, size.height / bitmap.height);
    const cropWidth = size.width / scale;
    const cropHeight = size.height / scale;
    const region = { x: (bitmap.width - cropWidth) / 2, y: (bitmap.height - cropHeight) / 2, width: cropWidth, height: cropHeight };
    return await encode(bitmap, region, size.width, size.height);
  } finally {
    bitmap.close();
  }
}
