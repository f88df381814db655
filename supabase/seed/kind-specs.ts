/**
 * What each kind of thing measures, weighs and takes to put together, as a shop would state it:
 * outer width × depth × height in centimetres (a rug or a throw lies flat: its height is its
 * thickness), weight in kilograms. Products of a kind vary a little around these (catalog-generator.ts)
 * unless their description names the measure. Pictures draw each product to these proportions and
 * to scale within its kind (item-silhouettes.ts): a six-seat dining table is long and low, a side
 * table small and round, a 190 cm bookshelf taller than a 171 cm one.
 */
export type Measure = 'width' | 'depth' | 'height';
export const MEASURES: readonly Measure[] = ['width', 'depth', 'height'];

export interface KindSpec {
  /** Width, depth, height in cm. */
  size: readonly [number, number, number];
  weightKg: number;
  assembly: string;
  /** Measures every product keeps exactly, because its description states them ("170 × 240 cm"). */
  fixed?: readonly Measure[];
  /** Two measures that are one: a round top is as deep as it is wide, a round clock as tall. */
  same?: readonly [Measure, Measure];
}

const READY = 'None: it arrives ready to use.';
const LEGS = 'Screw on the legs by hand; about 10 minutes, no tools needed.';
const ALLEN = 'About 30 minutes with the Allen key in the box; instructions included.';
const LONG_ALLEN = 'About an hour, best with two people; Allen key and instructions included.';
const WALL = 'Mounts on the wall with the screws and plugs in the box (for solid walls).';
const CEILING = 'Hangs from a ceiling outlet; have an electrician connect it.';

const ROUND = ['width', 'depth'] as const;
const FACE = ['width', 'height'] as const;
const ALL: readonly Measure[] = MEASURES;

export const KIND_SPECS: Readonly<Record<string, KindSpec>> = {
  // Lighting (a desk lamp's and a reading light's depth is how far the arm reaches)
  'desk-lamp': { size: [18, 30, 52], weightKg: 2.4, assembly: READY },
  'floor-lamp': { size: [48, 48, 160], weightKg: 7.5, assembly: LEGS, same: ROUND },
  'pendant-light': { size: [42, 42, 30], weightKg: 1.6, assembly: CEILING, same: ROUND },
  'table-lamp': { size: [34, 34, 48], weightKg: 2.8, assembly: READY, same: ROUND },
  'wall-sconce': { size: [14, 30, 24], weightKg: 1.1, assembly: WALL },
  lantern: { size: [18, 18, 32], weightKg: 1.2, assembly: READY, same: ROUND },
  'reading-light': { size: [30, 80, 135], weightKg: 5.5, assembly: LEGS },
  // Seating (a counter stool's seat is at counter height, whatever its width)
  'dining-chair': { size: [42, 50, 84], weightKg: 5.5, assembly: READY },
  armchair: { size: [78, 85, 90], weightKg: 24, assembly: LEGS },
  'lounge-chair': { size: [72, 90, 80], weightKg: 16, assembly: LEGS },
  stool: { size: [40, 40, 46], weightKg: 2.8, assembly: READY, same: ROUND },
  'bar-stool': { size: [40, 40, 66], weightKg: 5, assembly: READY, same: ROUND, fixed: ['height'] },
  bench: { size: [150, 38, 45], weightKg: 14, assembly: LEGS },
  'rocking-chair': { size: [62, 84, 106], weightKg: 11, assembly: ALLEN },
  sofa: { size: [210, 90, 80], weightKg: 62, assembly: LEGS },
  // Tables
  'dining-table': { size: [200, 90, 75], weightKg: 48, assembly: LONG_ALLEN },
  'coffee-table': { size: [110, 60, 38], weightKg: 22, assembly: LEGS },
  'side-table': { size: [45, 45, 52], weightKg: 6, assembly: READY, same: ROUND },
  desk: { size: [140, 70, 75], weightKg: 32, assembly: ALLEN },
  'console-table': { size: [120, 32, 80], weightKg: 15, assembly: ALLEN },
  'nesting-tables': { size: [48, 40, 50], weightKg: 9, assembly: READY },
  // Storage
  'storage-box': { size: [32, 24, 18], weightKg: 1.2, assembly: READY },
  'wall-shelf': { size: [80, 20, 4], weightKg: 3, assembly: WALL },
  bookshelf: { size: [90, 35, 190], weightKg: 38, assembly: LONG_ALLEN },
  cabinet: { size: [80, 45, 150], weightKg: 42, assembly: LONG_ALLEN },
  sideboard: { size: [180, 45, 75], weightKg: 55, assembly: LONG_ALLEN },
  'drawer-unit': { size: [42, 50, 80], weightKg: 24, assembly: ALLEN },
  'coat-rack': { size: [48, 48, 180], weightKg: 5, assembly: ALLEN, same: ROUND },
  // Textiles (bed linen comes in the standard duvet size)
  throw: { size: [130, 170, 1], weightKg: 1.1, assembly: READY },
  'cushion-cover': { size: [50, 50, 1], weightKg: 0.3, assembly: READY, fixed: ALL },
  rug: { size: [170, 240, 1], weightKg: 6, assembly: READY, fixed: ALL },
  'table-runner': { size: [40, 200, 1], weightKg: 0.4, assembly: READY },
  'bed-linen-set': { size: [200, 220, 1], weightKg: 1.8, assembly: READY, fixed: ALL },
  curtain: { size: [140, 250, 1], weightKg: 2.2, assembly: READY },
  // Kitchen
  pot: { size: [30, 24, 18], weightKg: 4.8, assembly: READY },
  'frying-pan': { size: [48, 28, 8], weightKg: 2.2, assembly: READY },
  saucepan: { size: [36, 16, 10], weightKg: 1.4, assembly: READY },
  kettle: { size: [24, 20, 22], weightKg: 1.3, assembly: READY },
  'chopping-board': { size: [38, 28, 3], weightKg: 2.1, assembly: READY },
  knife: { size: [33, 5, 2], weightKg: 0.2, assembly: READY },
  'mortar-and-pestle': { size: [14, 14, 10], weightKg: 2.5, assembly: READY, same: ROUND },
  'coffee-grinder': { size: [12, 12, 20], weightKg: 0.9, assembly: READY, same: ROUND },
  // Tableware (what holds a stated amount keeps the size that holds it)
  mug: { size: [12, 9, 10], weightKg: 0.35, assembly: READY, fixed: ALL },
  'dinner-plate': { size: [27, 27, 3], weightKg: 0.7, assembly: READY, fixed: ALL },
  'serving-bowl': { size: [28, 28, 11], weightKg: 1.2, assembly: READY, same: ROUND },
  'pasta-bowl': { size: [23, 23, 5], weightKg: 0.6, assembly: READY, same: ROUND },
  teapot: { size: [22, 15, 15], weightKg: 0.9, assembly: READY, fixed: ALL },
  tumbler: { size: [8, 8, 10], weightKg: 0.25, assembly: READY, same: ROUND },
  carafe: { size: [10, 10, 24], weightKg: 0.6, assembly: READY, fixed: ALL },
  'wine-glass': { size: [8, 8, 21], weightKg: 0.2, assembly: READY, same: ROUND },
  // Decor (a picture frame's outer size is set by the print it is made for)
  vase: { size: [14, 14, 30], weightKg: 1.1, assembly: READY, same: ROUND },
  mirror: { size: [60, 3, 60], weightKg: 6, assembly: WALL, fixed: ALL },
  'candle-holder': { size: [9, 9, 12], weightKg: 0.4, assembly: READY, same: ROUND },
  planter: { size: [24, 24, 22], weightKg: 2.4, assembly: READY, same: ROUND },
  'wall-clock': { size: [35, 5, 35], weightKg: 1, assembly: WALL, same: FACE },
  'picture-frame': { size: [34, 3, 44], weightKg: 1.2, assembly: WALL, fixed: ALL },
  tray: { size: [45, 30, 5], weightKg: 1.3, assembly: READY },
};
