import { KIND_SPECS, MEASURES, type KindSpec, type Measure } from './kind-specs.ts';

/**
 * One silhouette per kind of thing, drawn in a 400 × 500 box with the floor at y ≈ 440, at its
 * kind's stated size (kind-specs.ts) and in its proportions: a dining table is long and low, a
 * bookshelf tall and narrow. Each product's picture scales its kind's drawing by how its own
 * measures compare with the stated ones (`placeSilhouette`), so products of a kind are drawn to
 * scale with each other. Shapes without a fill take the item's colour (and, in a second pass, its
 * material's texture); shapes with their own fill are details that are not the item's material
 * (a bulb, a candle, books).
 */
export interface Silhouette {
  /** The thing itself: what its specification measures. */
  item: string;
  /** Drawn and sized with it, but not part of what it measures: books on a shelf, a pestle, a candle. */
  extra?: string;
  /** Around it and never resized, drawn behind it: the cord a pendant hangs from, the table under a runner. */
  setting?: string;
  /** The measures the picture shows across and up: width and height, unless seen from the side or above. */
  across?: Measure;
  up?: Measure;
  /** What stays put when a product is larger: its foot on the floor, its top (under a ceiling or a rail), its middle on a wall. */
  anchor?: 'floor' | 'top' | 'middle';
  /** Drawn in perspective, draped or gathered: the drawing's proportions are not its measured ones. */
  foreshortened?: true;
}

const rect = (x: number, y: number, width: number, height: number, radius = 0, fill?: string) =>
  `<rect x="${x}" y="${y}" width="${width}" height="${height}" rx="${radius}"${fill ? ` fill="${fill}"` : ''}/>`;
const ellipse = (cx: number, cy: number, rx: number, ry: number, fill?: string) =>
  `<ellipse cx="${cx}" cy="${cy}" rx="${rx}" ry="${ry}"${fill ? ` fill="${fill}"` : ''}/>`;
const polygon = (points: string, fill?: string) => `<polygon points="${points}"${fill ? ` fill="${fill}"` : ''}/>`;
const path = (d: string, fill?: string) => `<path d="${d}"${fill ? ` fill="${fill}"` : ''}/>`;

const GLOW = '#fff3cf';
const SHADE = '#efe7d6';
const DARK_WOOD = '#5b4330';
const SHADOW = '#00000026';
const HIGHLIGHT = '#ffffff2e';
const BOOKS = ['#8a6f5a', '#6d7f8c', '#a35a48', '#b9ad94'];

export const SILHOUETTES: Record<string, Silhouette> = {
  // Lighting
  'desk-lamp': {
    item:
      ellipse(170, 432, 58, 11) + polygon('164,430 178,430 224,302 210,296') + ellipse(217, 299, 11, 11) +
      polygon('210,292 222,304 160,226 148,236') + polygon('104,204 172,182 200,252 96,268'),
    across: 'depth',
  },
  'floor-lamp': { item: polygon('160,90 240,90 256,184 144,184') + rect(194, 184, 12, 250) + ellipse(200, 436, 56, 10) },
  'pendant-light': {
    setting: rect(198, 0, 4, 150, 0, '#3b3b3b'),
    item: path('M104 262 Q104 148 200 148 Q296 148 296 262 Z') + ellipse(200, 262, 30, 10, GLOW),
    anchor: 'top',
  },
  'table-lamp': {
    item:
      polygon('128,160 272,160 302,282 98,282', SHADE) + rect(192, 282, 16, 18, 0, '#8a8070') +
      path('M165 300 Q118 365 165 432 L235 432 Q282 365 235 300 Z'),
  },
  'wall-sconce': {
    item: rect(86, 170, 26, 130, 8) + rect(110, 228, 104, 11) + polygon('186,238 290,238 314,330 162,330') + ellipse(238, 332, 52, 8, GLOW),
    across: 'depth',
    anchor: 'middle',
  },
  lantern: {
    item:
      path('M168 150 Q200 96 232 150 L222 150 Q200 114 178 150 Z') + polygon('146,150 254,150 270,190 130,190') +
      rect(144, 190, 112, 186) + rect(160, 206, 80, 154, 4, GLOW) + rect(132, 376, 136, 22, 4),
  },
  'reading-light': {
    item:
      ellipse(262, 436, 56, 10) + rect(255, 170, 13, 266) +
      path('M262 178 Q210 60 128 118 L138 132 Q208 86 250 186 Z') + polygon('92,112 152,108 156,152 104,166'),
    across: 'depth',
  },
  // Seating
  'dining-chair': {
    item:
      rect(136, 96, 128, 112, 10) + rect(138, 100, 14, 340) + rect(248, 100, 14, 340) + rect(120, 268, 160, 28, 6) +
      rect(128, 296, 14, 144) + rect(258, 296, 14, 144),
  },
  armchair: {
    item:
      rect(108, 140, 184, 180, 44) + rect(80, 222, 56, 150, 24) + rect(264, 222, 56, 150, 24) + rect(124, 296, 152, 66, 14) +
      rect(104, 370, 12, 62, 0, DARK_WOOD) + rect(284, 370, 12, 62, 0, DARK_WOOD),
  },
  // Low and reclined, seen from the side.
  'lounge-chair': {
    item:
      polygon('70,186 132,172 206,346 150,362') + polygon('146,330 344,318 350,362 156,376') +
      polygon('166,372 182,372 138,440 122,440') + polygon('318,358 334,358 378,440 362,440'),
    across: 'depth',
  },
  stool: {
    item:
      ellipse(200, 256, 96, 18) + rect(104, 256, 192, 22) + ellipse(200, 278, 96, 18) +
      polygon('122,286 140,286 122,440 104,440') + polygon('260,286 278,286 296,440 278,440') + rect(193, 294, 14, 146),
  },
  'bar-stool': {
    item:
      ellipse(200, 146, 76, 16) + rect(124, 146, 152, 22) + ellipse(200, 168, 76, 16) +
      polygon('134,176 150,176 124,440 108,440') + polygon('250,176 266,176 292,440 276,440') + rect(116, 336, 168, 11, 4),
  },
  bench: { item: rect(36, 342, 328, 26, 5) + rect(62, 368, 22, 72) + rect(316, 368, 22, 72) + rect(84, 408, 232, 10) },
  'rocking-chair': {
    item:
      rect(140, 84, 120, 176, 14) + rect(124, 248, 172, 26, 6) + rect(144, 274, 13, 124) + rect(263, 274, 13, 124) +
      path('M84 396 Q200 452 332 392 L334 408 Q200 470 84 412 Z'),
    across: 'depth',
  },
  // Three seats, as its description says.
  sofa: {
    item:
      rect(48, 311, 304, 74, 22) + rect(30, 348, 52, 78, 18) + rect(318, 348, 52, 78, 18) + rect(76, 398, 248, 28, 4) +
      [80, 160, 240].map((x) => rect(x, 370, 80, 36, 10)).join('') + rect(84, 370, 232, 3, 0, SHADOW) +
      rect(159, 373, 2, 33, 0, SHADOW) + rect(239, 373, 2, 33, 0, SHADOW) + rect(50, 426, 10, 14, 0, DARK_WOOD) + rect(340, 426, 10, 14, 0, DARK_WOOD),
  },
  // Tables
  'dining-table': { item: rect(35, 316, 330, 18, 3) + rect(66, 334, 16, 106) + rect(318, 334, 16, 106) + rect(82, 334, 236, 10) },
  'coffee-table': { item: rect(36, 326, 328, 38, 8) + rect(62, 364, 28, 76) + rect(310, 364, 28, 76) },
  'side-table': {
    item: ellipse(200, 226, 92, 17) + rect(108, 226, 184, 16) + ellipse(200, 242, 92, 17) + rect(190, 250, 20, 176) + ellipse(200, 430, 62, 12),
  },
  desk: {
    item:
      rect(35, 264, 330, 20) + rect(50, 284, 16, 156) + rect(230, 284, 120, 80, 4) + rect(272, 318, 36, 7, 3, SHADOW) + rect(334, 364, 16, 76),
  },
  'console-table': { item: rect(50, 240, 300, 20) + rect(66, 260, 14, 180) + rect(320, 260, 14, 180) + rect(66, 382, 268, 11) },
  // Its measures are the larger table's; the smaller one slides under it.
  'nesting-tables': {
    item: rect(56, 214, 204, 22) + rect(68, 236, 14, 204) + rect(234, 236, 14, 204),
    extra: rect(168, 300, 186, 22) + rect(178, 322, 14, 118) + rect(330, 322, 14, 118),
  },
  // Storage
  'storage-box': { item: rect(98, 336, 204, 104, 8) + rect(88, 314, 224, 28, 6) + rect(180, 372, 40, 11, 5, SHADOW) },
  // One plank on hidden brackets: no bracket shows.
  'wall-shelf': {
    item: rect(30, 250, 340, 17, 2),
    extra:
      rect(90, 182, 18, 68, 2, BOOKS[0]) + rect(110, 192, 16, 58, 2, BOOKS[1]) + rect(128, 176, 20, 74, 2, BOOKS[2]) +
      path('M262 250 Q250 212 270 192 L286 192 Q306 212 294 250 Z', '#c8b9a2'),
    anchor: 'middle',
  },
  bookshelf: {
    item: rect(98, 56, 18, 384) + rect(284, 56, 18, 384) + [56, 132, 208, 284, 360, 424].map((y) => rect(98, y, 204, 16)).join(''),
    extra: [72, 148, 224, 300]
      .map((y, shelf) =>
        [0, 1, 2, 3].map((n) => rect(124 + n * 22 + shelf * 12, y + 10 + (n % 2) * 8, 18, 50 - (n % 2) * 8, 2, BOOKS[(n + shelf) % 4])).join(''),
      )
      .join(''),
  },
  cabinet: {
    item:
      rect(108, 86, 184, 326, 6) + rect(198, 96, 4, 306, 0, SHADOW) + ellipse(186, 250, 5, 5, HIGHLIGHT) + ellipse(214, 250, 5, 5, HIGHLIGHT) +
      rect(124, 412, 14, 28) + rect(262, 412, 14, 28),
  },
  sideboard: {
    item:
      rect(35, 302, 330, 104, 6) + rect(144, 312, 3, 84, 0, SHADOW) + rect(253, 312, 3, 84, 0, SHADOW) +
      rect(56, 406, 14, 34) + rect(330, 406, 14, 34),
  },
  'drawer-unit': {
    item:
      rect(118, 116, 164, 308, 6) + [192, 268, 344].map((y) => rect(126, y, 148, 4, 0, SHADOW)).join('') +
      [150, 226, 302, 380].map((y) => rect(186, y, 28, 6, 3, HIGHLIGHT)).join('') + rect(130, 424, 12, 16) + rect(258, 424, 12, 16),
  },
  // Six hooks: three pairs.
  'coat-rack': {
    item:
      rect(194, 72, 12, 352) + ellipse(200, 68, 13, 9) + ellipse(200, 432, 48, 10) +
      polygon('198,112 206,106 244,136 238,144') + polygon('202,112 194,106 156,136 162,144') +
      polygon('198,160 206,154 236,176 230,184') + polygon('202,160 194,154 164,176 170,184') +
      polygon('198,208 206,202 228,218 222,226') + polygon('202,208 194,202 172,218 178,226'),
  },
  // Textiles
  throw: {
    item:
      path('M78 116 L322 116 L322 396 Q200 420 78 396 Z') + rect(78, 116, 244, 40, 0, SHADOW) +
      Array.from({ length: 13 }, (_, n) => rect(86 + n * 18, 404 + (n % 3) * 2, 3, 22)).join(''),
    up: 'depth',
  },
  'cushion-cover': { item: path('M88 146 Q200 122 312 146 Q336 264 312 382 Q200 406 88 382 Q64 264 88 146 Z'), up: 'depth' },
  // Lying on the floor, its length across the picture.
  rug: {
    item:
      polygon('62,322 338,322 382,432 18,432') + polygon('92,340 308,340 318,352 82,352', SHADOW) + polygon('66,410 334,410 340,420 60,420', SHADOW) +
      Array.from({ length: 16 }, (_, n) => rect(24 + n * 23, 432, 3, 12)).join(''),
    across: 'depth',
    up: 'width',
    foreshortened: true,
  },
  // Along a table top and over its edge: a longer runner hangs lower.
  'table-runner': {
    setting: rect(40, 236, 320, 18, 2, '#b8a489') + rect(60, 254, 16, 186, 0, '#a8957b') + rect(324, 254, 16, 186, 0, '#a8957b'),
    item: polygon('176,196 224,196 236,236 164,236') + rect(164, 236, 72, 150) + rect(164, 386, 72, 8, 0, SHADOW),
    up: 'depth',
    anchor: 'top',
    foreshortened: true,
  },
  'bed-linen-set': {
    item: rect(56, 226, 288, 176, 18) + rect(78, 164, 114, 74, 24) + rect(208, 164, 114, 74, 24) + rect(56, 262, 288, 5, 0, SHADOW),
    up: 'depth',
    foreshortened: true,
  },
  // Two gathered panels from a rail: a longer curtain falls lower.
  curtain: {
    setting: rect(16, 68, 368, 8, 4, '#4a4a4a'),
    item: path('M58 76 L186 76 L174 404 L46 404 Z') + path('M214 76 L342 76 L354 404 L226 404 Z') + [92, 150, 262, 320].map((x) => rect(x, 90, 5, 304, 2, SHADOW)).join(''),
    up: 'depth',
    anchor: 'top',
    foreshortened: true,
  },
  // Kitchen
  pot: {
    item:
      rect(98, 238, 204, 152, 36) + rect(88, 220, 224, 28, 10) + ellipse(200, 212, 22, 10) +
      rect(56, 268, 48, 17, 8) + rect(296, 268, 48, 17, 8),
  },
  'frying-pan': { item: polygon('31,296 263,296 243,352 51,352') + rect(251, 304, 118, 15, 7, DARK_WOOD) + rect(31, 290, 232, 10, 4) },
  saucepan: { item: rect(92, 300, 156, 82, 14) + rect(84, 292, 172, 14, 5) + rect(246, 302, 132, 17, 8, DARK_WOOD) },
  kettle: {
    item:
      path('M118 420 Q98 256 200 226 Q302 256 282 420 Z') + ellipse(200, 220, 20, 10) +
      path('M138 250 Q200 148 262 250 L250 252 Q200 170 150 252 Z', '#333333') + polygon('270,330 342,258 354,270 286,370'),
  },
  // Stood on its edge, its face to the front.
  'chopping-board': { item: rect(64, 196, 236, 256, 18) + rect(290, 292, 84, 48, 24) + ellipse(350, 316, 10, 10, '#00000040'), up: 'depth' },
  knife: { item: path('M28 262 Q100 228 268 236 L268 284 L70 284 Q36 282 28 262 Z') + rect(266, 240, 106, 40, 12, DARK_WOOD), up: 'depth' },
  'mortar-and-pestle': {
    item: path('M88 282 L312 282 Q302 424 200 428 Q98 424 88 282 Z') + ellipse(200, 282, 112, 18) + ellipse(200, 284, 92, 12, SHADOW),
    extra: polygon('226,140 254,132 292,278 262,284'),
  },
  'coffee-grinder': {
    item:
      rect(128, 258, 144, 174, 6) + rect(150, 376, 100, 4, 0, SHADOW) + ellipse(200, 392, 8, 6, HIGHLIGHT) +
      ellipse(200, 252, 62, 16, '#8f959b') + rect(196, 178, 8, 74, 0, '#555b61') + rect(196, 176, 92, 8, 0, '#555b61') + ellipse(290, 180, 13, 13, DARK_WOOD),
  },
  // Tableware
  mug: {
    item:
      rect(126, 256, 136, 168, 14) +
      path('M258 290 Q326 290 326 340 Q326 392 258 392 L258 372 Q304 372 304 340 Q304 310 258 310 Z'),
  },
  'dinner-plate': {
    item: ellipse(200, 330, 168, 74) + ellipse(200, 330, 112, 46, HIGHLIGHT) + ellipse(200, 334, 112, 46, '#0000000f'),
    up: 'depth',
    foreshortened: true,
  },
  'serving-bowl': {
    item: path('M58 300 Q66 436 200 440 Q334 436 342 300 Z') + ellipse(200, 300, 142, 24) + ellipse(200, 300, 124, 16, SHADOW),
    foreshortened: true,
  },
  'pasta-bowl': {
    item: path('M36 328 Q78 404 200 406 Q322 404 364 328 Z') + ellipse(200, 328, 164, 30) + ellipse(200, 330, 104, 16, SHADOW),
    foreshortened: true,
  },
  teapot: {
    item:
      ellipse(200, 334, 104, 88) + ellipse(200, 250, 52, 14) + ellipse(200, 234, 14, 10) + polygon('290,322 362,246 374,258 302,364') +
      path('M108 288 Q46 298 56 350 Q66 398 114 388 L118 370 Q80 376 76 348 Q72 316 112 308 Z'),
  },
  tumbler: { item: polygon('132,246 268,246 256,432 144,432') + polygon('150,258 172,258 170,420 160,420', HIGHLIGHT) },
  carafe: {
    item:
      path('M180 116 L220 116 L220 200 Q276 250 272 360 Q268 432 200 434 Q132 432 128 360 Q124 250 180 200 Z') +
      path('M152 280 Q142 330 150 390 L160 390 Q154 330 162 282 Z', HIGHLIGHT),
  },
  'wine-glass': {
    item:
      path('M138 126 L262 126 Q268 262 200 282 Q132 262 138 126 Z') + rect(195, 280, 10, 134) + ellipse(200, 422, 58, 11) +
      path('M156 146 Q152 210 170 250 L178 246 Q164 208 168 146 Z', HIGHLIGHT),
  },
  // Decor
  vase: { item: path('M170 120 L230 120 L228 170 Q300 230 270 360 Q255 420 200 430 Q145 420 130 360 Q100 230 172 170 Z') },
  mirror: {
    item: ellipse(200, 250, 142, 142) + ellipse(200, 250, 118, 118, '#dfe8ec') + path('M130 190 Q170 140 230 150 L220 160 Q172 156 142 200 Z', '#ffffff80'),
    extra: rect(196, 60, 8, 50, 0, '#6b5a48'),
    anchor: 'middle',
  },
  'candle-holder': {
    item: ellipse(200, 428, 72, 13) + rect(128, 412, 144, 18, 6) + polygon('188,412 212,412 206,250 194,250') + rect(172, 232, 56, 22, 6),
    extra: rect(188, 118, 24, 116, 3, '#f7f3ea') + ellipse(200, 104, 7, 14, '#f2b542'),
  },
  planter: {
    item: polygon('122,282 278,282 258,432 142,432') + rect(110, 262, 180, 28, 4),
    extra: ellipse(170, 212, 26, 58, '#4f7a45') + ellipse(232, 206, 24, 62, '#5d8a50') + ellipse(200, 190, 20, 70, '#46703d'),
  },
  'wall-clock': {
    item:
      ellipse(200, 250, 152, 152) + ellipse(200, 250, 96, 96, '#f6f3ec') +
      polygon('196,250 204,250 202,172 198,172', '#222222') + polygon('200,246 200,254 262,282 264,276', '#222222') + ellipse(200, 250, 8, 8, '#222222'),
    anchor: 'middle',
  },
  'picture-frame': {
    item: rect(88, 86, 224, 306, 4) + rect(114, 112, 172, 254, 0, '#e4dfd6') + rect(142, 150, 116, 170, 0, '#a9b8b0') + polygon('142,320 190,250 258,320', '#7f958a'),
    anchor: 'middle',
  },
  tray: {
    item:
      polygon('46,296 354,296 334,364 66,364') + polygon('72,302 328,302 325,310 75,310', HIGHLIGHT) + polygon('84,334 316,334 314,340 86,340', SHADOW) +
      rect(84, 346, 30, 8, 4, SHADOW) + rect(286, 346, 30, 8, 4, SHADOW),
    up: 'depth',
    foreshortened: true,
  },
};

/** A rectangle in the drawing's coordinates. */
export interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

const number = (element: string, name: string): number => {
  const value = new RegExp(`\\s${name}="(-?[\\d.]+)"`).exec(element)?.[1];
  if (value === undefined) throw new Error(`no ${name} in ${element}`);
  return Number(value);
};

/** Where a quadratic curve from a through control b to c reaches furthest along one axis. */
function quadraticExtremes(a: number, b: number, c: number): number[] {
  const denominator = a - 2 * b + c;
  if (denominator === 0) return [];
  const t = (a - b) / denominator;
  return t > 0 && t < 1 ? [(1 - t) ** 2 * a + 2 * t * (1 - t) * b + t ** 2 * c] : [];
}

/** Every point that bounds one element (rect, ellipse, polygon, or a path of M, L, Q and Z). */
function elementPoints(element: string): [number, number][] {
  const tag = /^<(\w+)/.exec(element)?.[1];
  if (tag === 'rect') {
    const [x, y] = [number(element, 'x'), number(element, 'y')];
    return [[x, y], [x + number(element, 'width'), y + number(element, 'height')]];
  }
  if (tag === 'ellipse') {
    const [cx, cy, rx, ry] = [number(element, 'cx'), number(element, 'cy'), number(element, 'rx'), number(element, 'ry')];
    return [[cx - rx, cy - ry], [cx + rx, cy + ry]];
  }
  const list = /\s(?:points|d)="([^"]*)"/.exec(element)?.[1];
  if (list === undefined) throw new Error(`cannot measure ${element}`);
  if (tag === 'polygon') {
    const values = list.trim().split(/[\s,]+/).map(Number);
    return values.flatMap((value, n) => (n % 2 === 0 ? [[value, values[n + 1] ?? value] as [number, number]] : []));
  }
  const points: [number, number][] = [];
  for (const [, command, args] of list.matchAll(/([MLQZ])([^MLQZ]*)/g)) {
    const values = (args ?? '').trim().split(/[\s,]+/).filter(Boolean).map(Number);
    if (command === 'Q') {
      const [from, [bx, by, cx, cy]] = [points.at(-1) ?? [0, 0], values as [number, number, number, number]];
      for (const x of quadraticExtremes(from[0], bx, cx)) points.push([x, from[1]]);
      for (const y of quadraticExtremes(from[1], by, cy)) points.push([from[0], y]);
      points.push([cx, cy]);
    } else if (command !== 'Z') {
      points.push([values[0] ?? 0, values[1] ?? 0]);
    }
  }
  return points;
}

/** The box around a piece of drawing (its shapes' geometry, not their rendered pixels). */
export function drawingBox(svg: string): Box {
  const points = (svg.match(/<[^>]+\/>/g) ?? []).flatMap(elementPoints);
  const xs = points.map(([x]) => x);
  const ys = points.map(([, y]) => y);
  const [x, y] = [Math.min(...xs), Math.min(...ys)];
  return { x, y, width: Math.max(...xs) - x, height: Math.max(...ys) - y };
}

const itemBoxes = new Map<string, Box>();

function silhouetteOf(shape: string): { silhouette: Silhouette; spec: KindSpec; box: Box } {
  const silhouette = SILHOUETTES[shape];
  const spec = KIND_SPECS[shape];
  if (silhouette === undefined || spec === undefined) throw new Error(`no silhouette for "${shape}"`);
  let box = itemBoxes.get(shape);
  if (box === undefined) {
    box = drawingBox(silhouette.item);
    itemBoxes.set(shape, box);
  }
  return { silhouette, spec, box };
}

const short = (value: number) => String(Math.round(value * 1000) / 1000);

/**
 * How one product's picture places its kind's drawing: stretched across by its own measure over
 * the kind's stated one (and up likewise), around the point that stays put. A 220 cm dining table
 * is drawn 10 % longer than a 200 cm one; within a kind, drawn width and height are proportional
 * to the measures they show. `box` is where the measured item ends up.
 */
export function placeSilhouette(shape: string, size: readonly [number, number, number]): { transform: string; box: Box } {
  const { silhouette, spec, box } = silhouetteOf(shape);
  const across = MEASURES.indexOf(silhouette.across ?? 'width');
  const up = MEASURES.indexOf(silhouette.up ?? 'height');
  const sx = (size[across] ?? 0) / spec.size[across];
  const sy = (size[up] ?? 0) / spec.size[up];
  const anchor = silhouette.anchor ?? 'floor';
  const ax = box.x + box.width / 2;
  const ay = anchor === 'floor' ? box.y + box.height : anchor === 'top' ? box.y : box.y + box.height / 2;
  return {
    transform: `translate(${short(ax)} ${short(ay)}) scale(${short(sx)} ${short(sy)}) translate(${short(-ax)} ${short(-ay)})`,
    box: { x: ax - (ax - box.x) * sx, y: ay - (ay - box.y) * sy, width: box.width * sx, height: box.height * sy },
  };
}
