import { COLOURS, MATERIALS, type ColourName, type MaterialName } from './catalog-vocabulary.ts';

/**
 * What a picture shows: one kind, in one material, in its own colour or a named one, at its
 * product's size (width, depth, height in cm), which it is drawn to within its kind.
 */
export interface ItemLook {
  shape: string;
  material: MaterialName;
  colour: ColourName | null;
  size: readonly [number, number, number];
}

/** The gallery's views: the item, a close look at its material, and the item in a room. */
export const IMAGE_VIEWS = ['front', 'detail', 'room'] as const;
export type ImageView = (typeof IMAGE_VIEWS)[number];

export const IMAGE_WIDTHS = [320, 640] as const;
export const IMAGE_ASPECT = { width: 4, height: 5 } as const;

export function lookColour(look: ItemLook): string {
  return look.colour ? COLOURS[look.colour] : MATERIALS[look.material].hex;
}
