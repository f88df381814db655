import sharp from 'sharp';
import type { CategoryVocabulary } from './catalog-vocabulary.ts';
import { IMAGE_ASPECT } from './catalog-generator.ts';

type Shape = CategoryVocabulary['shape'];

/** Soft, muted palettes that sit well on both the light and the dark theme. */
const PALETTES = [
  ['#e9e4da', '#d8cfbf', '#8a6f4d'],
  ['#dfe7e4', '#c3d3cd', '#3f6b5e'],
  ['#e6e1ea', '#cfc6da', '#5d4a7a'],
  ['#f0e3d8', '#e0c6b0', '#a0522d'],
  ['#dde4ee', '#bfcbe0', '#34507a'],
  ['#ece8df', '#d9d2c3', '#3b3a36'],
] as const;

const SILHOUETTES: Record<Shape, (ink: string) => string> = {
  lamp: (ink) =>
    `<path d="M150 120 L250 120 L285 230 L115 230 Z" fill="${ink}" opacity=".9"/><rect x="194" y="230" width="12" height="200" fill="${ink}"/><ellipse cx="200" cy="440" rx="70" ry="14" fill="${ink}"/>`,
  chair: (ink) =>
    `<rect x="135" y="110" width="130" height="170" rx="18" fill="${ink}" opacity=".9"/><rect x="120" y="270" width="160" height="34" rx="10" fill="${ink}"/><rect x="132" y="300" width="14" height="150" fill="${ink}"/><rect x="254" y="300" width="14" height="150" fill="${ink}"/>`,
  table: (ink) =>
    `<rect x="70" y="230" width="260" height="26" rx="8" fill="${ink}"/><rect x="95" y="256" width="16" height="190" fill="${ink}"/><rect x="289" y="256" width="16" height="190" fill="${ink}"/>`,
  cabinet: (ink) =>
    `<rect x="100" y="120" width="200" height="300" rx="10" fill="${ink}" opacity=".9"/><line x1="200" y1="130" x2="200" y2="410" stroke="#fff" stroke-opacity=".35" stroke-width="4"/><circle cx="185" cy="270" r="6" fill="#fff" opacity=".6"/><circle cx="215" cy="270" r="6" fill="#fff" opacity=".6"/>`,
  textile: (ink) =>
    `<path d="M90 150 Q200 110 310 150 L310 400 Q200 440 90 400 Z" fill="${ink}" opacity=".85"/><path d="M90 200 Q200 160 310 200 M90 260 Q200 220 310 260 M90 320 Q200 280 310 320" stroke="#fff" stroke-opacity=".35" stroke-width="6" fill="none"/>`,
  pot: (ink) =>
    `<rect x="110" y="220" width="180" height="150" rx="40" fill="${ink}"/><rect x="95" y="205" width="210" height="28" rx="12" fill="${ink}"/><rect x="300" y="250" width="45" height="16" rx="8" fill="${ink}"/><rect x="55" y="250" width="45" height="16" rx="8" fill="${ink}"/>`,
  bowl: (ink) =>
    `<path d="M90 240 Q200 420 310 240 Z" fill="${ink}"/><ellipse cx="200" cy="240" rx="110" ry="22" fill="${ink}" opacity=".75"/>`,
  vase: (ink) =>
    `<path d="M170 120 L230 120 L228 170 Q300 230 270 360 Q255 420 200 430 Q145 420 130 360 Q100 230 172 170 Z" fill="${ink}"/>`,
};

/**
 * A deterministic product picture: a palette chosen by variant, a soft gradient and a simple
 * silhouette of the category's thing, rendered from SVG to WebP at the requested width.
 */
export function itemImageSvg(shape: Shape, variant: number): string {
  const palette = PALETTES[variant % PALETTES.length] ?? PALETTES[0];
  const [light, mid, ink] = palette;
  const tilt = ((variant * 37) % 9) - 4;
  const sun = 60 + ((variant * 53) % 280);
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 400 500" width="400" height="500">
  <defs><linearGradient id="g" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${light}"/><stop offset="1" stop-color="${mid}"/></linearGradient></defs>
  <rect width="400" height="500" fill="url(#g)"/>
  <circle cx="${sun}" cy="90" r="46" fill="#fff" opacity=".35"/>
  <rect y="450" width="400" height="50" fill="${ink}" opacity=".08"/>
  <g transform="rotate(${tilt} 200 300)">${SILHOUETTES[shape](ink)}</g>
</svg>`;
}

export async function renderItemImage(shape: Shape, variant: number, width: number): Promise<Buffer> {
  const height = Math.round((width * IMAGE_ASPECT.height) / IMAGE_ASPECT.width);
  return sharp(Buffer.from(itemImageSvg(shape, variant)))
    .resize(width, height)
    .webp({ quality: 78, effort: 2 })
    .toBuffer();
}
