import sharp from 'sharp';
import { MATERIALS, type Texture } from './catalog-vocabulary.ts';
import { IMAGE_ASPECT, IMAGE_WIDTHS, lookColour, type ImageView, type ItemLook } from './item-look.ts';
import { placeSilhouette, SILHOUETTES, type Box } from './item-silhouettes.ts';

function luminance(hex: string): number {
  const [r, g, b] = [1, 3, 5].map((start) => parseInt(hex.slice(start, start + 2), 16) / 255) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

const lines = (step: number, draw: (at: number) => string, from = 0, to = 500) =>
  Array.from({ length: Math.ceil((to - from) / step) }, (_, n) => draw(from + n * step)).join(' ');
const stroke = (d: string, colour: string, opacity: number, width: number, extra = '') =>
  `<path d="${d}" stroke="${colour}" stroke-opacity="${opacity}" stroke-width="${width}" fill="none"${extra}/>`;

/**
 * Thin marks over the item that say what it is made of, light enough to keep its colour dominant.
 * Plain strokes clipped to the silhouette: SVG patterns cost librsvg ten times as much to render.
 */
const TEXTURES: Record<Texture, string> = {
  wood: stroke(lines(15, (y) => `M0 ${y} Q50 ${y - 5} 100 ${y} T200 ${y} T300 ${y} T400 ${y}`), '#000', 0.16, 1.4),
  metal: `<rect x="150" y="0" width="26" height="500" fill="#fff" opacity=".22" transform="skewX(-8)"/>`,
  ceramic: stroke(lines(19, (y) => `M${(y * 7) % 23} ${y} h400`), '#000', 0.2, 1.6, ' stroke-dasharray="1.6 21" stroke-linecap="round"'),
  glass: `<rect x="250" y="0" width="22" height="500" fill="#fff" opacity=".3" transform="skewX(-12)"/>`,
  stone: stroke(lines(120, (y) => `M0 ${y + 30} Q40 ${y + 10} 70 ${y + 44} T140 ${y + 40} T280 ${y + 20} T400 ${y + 50}`), '#000', 0.16, 1.6),
  fibre: stroke(lines(7, (y) => `M0 ${y} h400`), '#000', 0.1, 1) + stroke(lines(7, (x) => `M${x} 0 v500`, 0, 400), '#fff', 0.1, 1),
  loop: stroke(lines(9, (y) => `M${(y / 9) % 2 ? 4.5 : 0} ${y} h400`), '#000', 0.18, 2.4, ' stroke-dasharray="0 9" stroke-linecap="round"'),
  woven: stroke(lines(12, (y) => `M0 ${y} h400`) + ' ' + lines(12, (x) => `M${x} 0 v500`, 0, 400), '#000', 0.17, 1.6),
  hide: stroke(lines(46, (y) => `M0 ${y + 20} h400`), '#fff', 0.28, 1.2, ' stroke-dasharray="5 4"'),
};

/**
 * Where each view puts the 400 × 500 drawing: the item as drawn, a close look at the middle of
 * the item (a long, low table is looked at where it is, not at the empty wall above it), and a
 * slight turn for the room.
 */
function viewTransform(view: ImageView, item: Box): string {
  if (view === 'front') return '';
  if (view === 'room') return 'translate(230 330) rotate(-3) scale(.72) translate(-200 -300)';
  return `translate(200 260) scale(1.9) translate(${Math.round(-(item.x + item.width / 2))} ${Math.round(-(item.y + item.height / 2))})`;
}

/**
 * A deterministic product picture, drawn for its item: the silhouette of its kind, to scale for its
 * product's size, filled with the colour its title names (or its material's own), marked with its
 * material's texture, on a backdrop light or dark enough to set it off.
 */
export function itemImageSvg(look: ItemLook, view: ImageView = 'front'): string {
  const silhouette = SILHOUETTES[look.shape];
  if (silhouette === undefined) throw new Error(`no silhouette for "${look.shape}"`);
  const { transform, box } = placeSilhouette(look.shape, look.size);
  const drawing = silhouette.item + (silhouette.extra ?? '');
  // The texture covers the item's own material, not its details (a clock face, a mirror's glass).
  const elements = drawing.match(/<[^>]+\/>/g) ?? [];
  const body = elements.filter((element) => !element.includes(' fill="')).join('');
  const details = elements.filter((element) => element.includes(' fill="')).join('');
  const colour = lookColour(look);
  const lightItem = luminance(colour) > 0.62;
  const [top, bottom] = view === 'room' ? (lightItem ? ['#aaa091', '#9d9383'] : ['#e6e0d5', '#d6cdbf']) : lightItem ? ['#c2b9ab', '#b3a999'] : ['#eeeae3', '#e1dbd0'];
  const room =
    view === 'room'
      ? `<rect y="380" width="400" height="120" fill="#000" opacity=".07"/><rect y="372" width="400" height="8" fill="#fff" opacity=".25"/>`
      : `<rect y="446" width="400" height="54" fill="#000" opacity=".05"/>`;
  // What stands on the floor casts a shadow as wide as it is drawn.
  const shadow = silhouette.anchor === undefined || silhouette.anchor === 'floor' ? Math.min(175, Math.max(36, box.width * 0.55)) : 150;
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 400 500" width="400" height="500">
  <defs><linearGradient id="backdrop" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${top}"/><stop offset="1" stop-color="${bottom}"/></linearGradient><clipPath id="shape">${body}</clipPath></defs>
  <rect width="400" height="500" fill="url(#backdrop)"/>${room}
  <g transform="${viewTransform(view, box)}">
    <ellipse cx="${Math.round(box.x + box.width / 2)}" cy="442" rx="${Math.round(shadow)}" ry="9" fill="#000" opacity=".12"/>${silhouette.setting ?? ''}
    <g transform="${transform}">
      <g fill="${colour}">${drawing}</g>
      <g clip-path="url(#shape)">${TEXTURES[MATERIALS[look.material].texture]}</g>${details}
    </g>
  </g>
</svg>`;
}

/** The picture at every width, rendered once at the largest and scaled down for the rest. */
export async function renderItemImages(look: ItemLook, view: ImageView): Promise<{ width: number; body: Buffer }[]> {
  const largest = Math.max(...IMAGE_WIDTHS);
  const density = (72 * largest) / 400;
  const drawing = sharp(Buffer.from(itemImageSvg(look, view)), { density });
  return Promise.all(
    IMAGE_WIDTHS.map(async (width) => ({
      width,
      body: await drawing
        .clone()
        .resize(width, Math.round((width * IMAGE_ASPECT.height) / IMAGE_ASPECT.width))
        .webp({ quality: 78, effort: 2 })
        .toBuffer(),
    })),
  );
}
