/**
 * What each kind of thing measures, weighs and takes to put together, as a shop would state it:
 * outer width × depth × height in centimetres (a rug or a throw lies flat: its height is its
 * thickness), weight in kilograms. Products of a kind vary a little around these (catalog-generator.ts).
 * A six-seat dining table is long, a side table small: pictures and descriptions follow these.
 */
export interface KindSpec {
  /** Width, depth, height in cm. */
  size: readonly [number, number, number];
  weightKg: number;
  assembly: string;
}

const READY = 'None: it arrives ready to use.';
const LEGS = 'Screw on the legs by hand; about 10 minutes, no tools needed.';
const ALLEN = 'About 30 minutes with the Allen key in the box; instructions included.';
const LONG_ALLEN = 'About an hour, best with two people; Allen key and instructions included.';
const WALL = 'Mounts on the wall with the screws and plugs in the box (for solid walls).';
const CEILING = 'Hangs from a ceiling outlet; have an electrician connect it.';

export const KIND_SPECS: Readonly<Record<string, KindSpec>> = {
  // Lighting
  'desk-lamp': { size: [18, 45, 50], weightKg: 2.4, assembly: READY },
  'floor-lamp': { size: [40, 40, 160], weightKg: 7.5, assembly: LEGS },
  'pendant-light': { size: [40, 40, 30], weightKg: 1.6, assembly: CEILING },
  'table-lamp': { size: [30, 30, 48], weightKg: 2.8, assembly: READY },
  'wall-sconce': { size: [14, 22, 28], weightKg: 1.1, assembly: WALL },
  lantern: { size: [18, 18, 32], weightKg: 1.2, assembly: READY },
  'reading-light': { size: [30, 70, 130], weightKg: 5.5, assembly: LEGS },
  // Seating
  'dining-chair': { size: [46, 52, 80], weightKg: 5.5, assembly: READY },
  armchair: { size: [80, 85, 82], weightKg: 24, assembly: LEGS },
  'lounge-chair': { size: [75, 90, 75], weightKg: 16, assembly: LEGS },
  stool: { size: [35, 35, 45], weightKg: 2.8, assembly: READY },
  'bar-stool': { size: [40, 40, 75], weightKg: 5, assembly: READY },
  bench: { size: [150, 38, 45], weightKg: 14, assembly: LEGS },
  'rocking-chair': { size: [62, 95, 92], weightKg: 11, assembly: ALLEN },
  sofa: { size: [220, 92, 80], weightKg: 62, assembly: LEGS },
  // Tables
  'dining-table': { size: [200, 95, 75], weightKg: 48, assembly: LONG_ALLEN },
  'coffee-table': { size: [110, 60, 38], weightKg: 22, assembly: LEGS },
  'side-table': { size: [45, 45, 52], weightKg: 6, assembly: READY },
  desk: { size: [140, 70, 75], weightKg: 32, assembly: ALLEN },
  'console-table': { size: [120, 32, 80], weightKg: 15, assembly: ALLEN },
  'nesting-tables': { size: [50, 40, 48], weightKg: 9, assembly: READY },
  // Storage
  'storage-box': { size: [32, 24, 18], weightKg: 1.2, assembly: READY },
  'wall-shelf': { size: [80, 20, 4], weightKg: 3, assembly: WALL },
  bookshelf: { size: [90, 35, 190], weightKg: 38, assembly: LONG_ALLEN },
  cabinet: { size: [90, 45, 120], weightKg: 42, assembly: LONG_ALLEN },
  sideboard: { size: [180, 45, 75], weightKg: 55, assembly: LONG_ALLEN },
  'drawer-unit': { size: [45, 50, 70], weightKg: 24, assembly: ALLEN },
  'coat-rack': { size: [45, 45, 175], weightKg: 5, assembly: ALLEN },
  // Textiles
  throw: { size: [130, 170, 1], weightKg: 1.1, assembly: READY },
  'cushion-cover': { size: [50, 50, 1], weightKg: 0.3, assembly: READY },
  rug: { size: [170, 240, 1], weightKg: 6, assembly: READY },
  'table-runner': { size: [40, 200, 1], weightKg: 0.4, assembly: READY },
  'bed-linen-set': { size: [200, 220, 1], weightKg: 1.8, assembly: READY },
  curtain: { size: [140, 250, 1], weightKg: 2.2, assembly: READY },
  // Kitchen
  pot: { size: [30, 26, 16], weightKg: 4.8, assembly: READY },
  'frying-pan': { size: [48, 28, 6], weightKg: 2.2, assembly: READY },
  saucepan: { size: [38, 18, 10], weightKg: 1.4, assembly: READY },
  kettle: { size: [24, 20, 22], weightKg: 1.3, assembly: READY },
  'chopping-board': { size: [40, 28, 3], weightKg: 2.1, assembly: READY },
  knife: { size: [33, 5, 2], weightKg: 0.2, assembly: READY },
  'mortar-and-pestle': { size: [14, 14, 10], weightKg: 2.5, assembly: READY },
  'coffee-grinder': { size: [12, 12, 20], weightKg: 0.9, assembly: READY },
  // Tableware
  mug: { size: [12, 9, 10], weightKg: 0.35, assembly: READY },
  'dinner-plate': { size: [27, 27, 3], weightKg: 0.7, assembly: READY },
  'serving-bowl': { size: [28, 28, 11], weightKg: 1.2, assembly: READY },
  'pasta-bowl': { size: [23, 23, 5], weightKg: 0.6, assembly: READY },
  teapot: { size: [22, 15, 15], weightKg: 0.9, assembly: READY },
  tumbler: { size: [8, 8, 10], weightKg: 0.25, assembly: READY },
  carafe: { size: [10, 10, 24], weightKg: 0.6, assembly: READY },
  'wine-glass': { size: [8, 8, 21], weightKg: 0.2, assembly: READY },
  // Decor
  vase: { size: [14, 14, 30], weightKg: 1.1, assembly: READY },
  mirror: { size: [60, 3, 60], weightKg: 6, assembly: WALL },
  'candle-holder': { size: [9, 9, 12], weightKg: 0.4, assembly: READY },
  planter: { size: [24, 24, 22], weightKg: 2.4, assembly: READY },
  'wall-clock': { size: [35, 5, 35], weightKg: 1, assembly: WALL },
  'picture-frame': { size: [34, 3, 44], weightKg: 1.2, assembly: WALL },
  tray: { size: [45, 30, 5], weightKg: 1.3, assembly: READY },
};
