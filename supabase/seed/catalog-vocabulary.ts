/**
 * The words the demo catalog is made of: eight categories, each with its own things,
 * materials and price range, so titles and descriptions read like a real shop's.
 */
export interface CategoryVocabulary {
  slug: string;
  name: string;
  description: string;
  things: readonly string[];
  materials: readonly string[];
  /** Price range in cents. */
  price: readonly [number, number];
  /** Which silhouette the generated images draw. */
  shape: 'lamp' | 'chair' | 'table' | 'cabinet' | 'textile' | 'pot' | 'bowl' | 'vase';
}

export const CATEGORIES: readonly CategoryVocabulary[] = [
  {
    slug: 'lighting',
    name: 'Lighting',
    description: 'Lamps and lights for reading, dining and quiet evenings.',
    things: ['desk lamp', 'floor lamp', 'pendant light', 'table lamp', 'wall sconce', 'reading light', 'lantern'],
    materials: ['brass', 'linen', 'opal glass', 'walnut', 'ceramic', 'paper', 'steel'],
    price: [2900, 34900],
    shape: 'lamp',
  },
  {
    slug: 'seating',
    name: 'Seating',
    description: 'Chairs, stools and benches that are good to sit on for hours.',
    things: ['dining chair', 'lounge chair', 'stool', 'bench', 'armchair', 'rocking chair', 'bar stool'],
    materials: ['oak', 'ash', 'walnut', 'rattan', 'bouclé', 'leather', 'beech'],
    price: [8900, 89000],
    shape: 'chair',
  },
  {
    slug: 'tables',
    name: 'Tables',
    description: 'Dining, coffee and side tables made to be used every day.',
    things: ['dining table', 'coffee table', 'side table', 'desk', 'console table', 'nesting tables'],
    materials: ['oak', 'travertine', 'walnut', 'birch', 'marble', 'ash'],
    price: [12900, 149000],
    shape: 'table',
  },
  {
    slug: 'storage',
    name: 'Storage',
    description: 'Shelves, cabinets and boxes that keep things calm.',
    things: ['bookshelf', 'sideboard', 'wall shelf', 'storage box', 'cabinet', 'coat rack', 'drawer unit'],
    materials: ['oak', 'pine', 'steel', 'plywood', 'birch', 'cane'],
    price: [3900, 119000],
    shape: 'cabinet',
  },
  {
    slug: 'textiles',
    name: 'Textiles',
    description: 'Throws, cushions and rugs in natural fibres.',
    things: ['throw', 'cushion cover', 'rug', 'table runner', 'bed linen set', 'curtain'],
    materials: ['linen', 'wool', 'cotton', 'mohair', 'jute', 'alpaca'],
    price: [1900, 49000],
    shape: 'textile',
  },
  {
    slug: 'kitchen',
    name: 'Kitchen',
    description: 'Pots, boards and tools for unhurried cooking.',
    things: ['cast iron pot', 'chopping board', 'kettle', 'knife', 'saucepan', 'mortar and pestle', 'coffee grinder'],
    materials: ['cast iron', 'olive wood', 'stainless steel', 'copper', 'enamel', 'granite'],
    price: [1500, 29900],
    shape: 'pot',
  },
  {
    slug: 'tableware',
    name: 'Tableware',
    description: 'Plates, bowls, mugs and glasses for every day.',
    things: ['mug', 'dinner plate', 'serving bowl', 'tumbler', 'teapot', 'pasta bowl', 'carafe'],
    materials: ['stoneware', 'porcelain', 'glass', 'ceramic', 'earthenware'],
    price: [900, 12900],
    shape: 'bowl',
  },
  {
    slug: 'decor',
    name: 'Decor',
    description: 'Vases, mirrors and small things that make a room yours.',
    things: ['vase', 'mirror', 'candle holder', 'planter', 'wall clock', 'picture frame', 'tray'],
    materials: ['stoneware', 'brass', 'glass', 'terracotta', 'oak', 'marble'],
    price: [1200, 24900],
    shape: 'vase',
  },
];

export const ADJECTIVES = ['Quiet', 'Soft', 'Simple', 'Nordic', 'Warm', 'Low', 'Round', 'Tall', 'Small', 'Large', 'Classic', 'Studio', 'Field', 'Harbour', 'Linden', 'Fjord', 'Dune', 'Meadow'] as const;

export const FINISHES = ['natural', 'smoked', 'oiled', 'matte black', 'sand', 'clay', 'sage', 'ivory', 'charcoal', 'rust'] as const;

export const DESCRIPTION_OPENERS = [
  'Made in small batches by a family workshop',
  'Designed to be used every day and kept for years',
  'A quiet piece that fits in almost anywhere',
  'Shaped by hand and finished with care',
  'Simple lines and honest materials',
] as const;

export const DESCRIPTION_DETAILS = [
  'The {material} ages gracefully and gains character with use.',
  'Its {finish} finish sits well in light and dark rooms alike.',
  'Every piece is checked by hand before it leaves the workshop.',
  'Sized to work in small flats as well as larger homes.',
  'Easy to care for: wipe with a soft, dry cloth.',
  'Packed in recycled cardboard without plastic.',
] as const;
