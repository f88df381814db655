/**
 * The words the demo catalog is made of. Every item is one kind of thing in one material and one
 * colour, and only combinations a shop would really sell exist: a kind lists the materials it is
 * made of, a material lists the colours it comes in (its own colour first, which titles leave
 * unsaid: "Oak dining chair" is oak-coloured, "Oak dining chair, smoked" is dark).
 */

/** How a material's surface is hinted at in pictures. */
export type Texture = 'wood' | 'metal' | 'ceramic' | 'glass' | 'stone' | 'fibre' | 'loop' | 'woven' | 'hide';

export interface Material {
  name: string;
  /** The material's own colour, drawn when the title names no colour. */
  hex: string;
  texture: Texture;
  /** Colours it is sold in besides its own. */
  colours: readonly ColourName[];
  /** Price factor against the kind's range: walnut costs more than pine. */
  price: number;
  /** What its own colour is called when that is not simply "natural" (velvet's own is olive). */
  ownColour?: string;
}

export const COLOURS = {
  'matte black': '#242424',
  charcoal: '#4a4f55',
  white: '#f4f3ef',
  ivory: '#eadfc4',
  sand: '#cdb58a',
  sage: '#93a886',
  olive: '#6f7436',
  rust: '#a5462a',
  clay: '#bf7d62',
  ochre: '#c9962f',
  navy: '#27395e',
  smoked: '#5e4030',
  amber: '#b06a14',
} as const;

export type ColourName = keyof typeof COLOURS;

const WOOD_STAINS: readonly ColourName[] = ['smoked', 'matte black'];
const POWDER_COATS: readonly ColourName[] = ['matte black', 'white', 'sage', 'charcoal', 'navy', 'ochre'];
const GLAZES: readonly ColourName[] = ['ivory', 'sage', 'charcoal', 'rust', 'sand', 'navy', 'white'];
const DYES: readonly ColourName[] = ['ivory', 'sage', 'rust', 'sand', 'charcoal', 'navy', 'olive', 'clay', 'ochre'];

export const MATERIALS = {
  oak: { name: 'oak', hex: '#c49a64', texture: 'wood', colours: WOOD_STAINS, price: 1 },
  ash: { name: 'ash', hex: '#d8bf93', texture: 'wood', colours: WOOD_STAINS, price: 0.95 },
  walnut: { name: 'walnut', hex: '#6e4a30', texture: 'wood', colours: [], price: 1.2 },
  beech: { name: 'beech', hex: '#d9ae7e', texture: 'wood', colours: ['smoked'], price: 0.9 },
  birch: { name: 'birch', hex: '#e2c9a0', texture: 'wood', colours: ['white'], price: 0.85 },
  pine: { name: 'pine', hex: '#dcb577', texture: 'wood', colours: ['white'], price: 0.7 },
  plywood: { name: 'plywood', hex: '#d6b98a', texture: 'wood', colours: ['white', 'sage', 'charcoal'], price: 0.75 },
  'olive wood': { name: 'olive wood', hex: '#a88450', texture: 'wood', colours: [], price: 1.1 },
  brass: { name: 'brass', hex: '#b89145', texture: 'metal', colours: [], price: 1.2 },
  steel: { name: 'steel', hex: '#8d949a', texture: 'metal', colours: POWDER_COATS, price: 0.9 },
  'stainless steel': { name: 'stainless steel', hex: '#b3b9bf', texture: 'metal', colours: [], price: 1 },
  'carbon steel': { name: 'carbon steel', hex: '#55595e', texture: 'metal', colours: [], price: 0.9 },
  copper: { name: 'copper', hex: '#b5653a', texture: 'metal', colours: [], price: 1.3 },
  'cast iron': { name: 'cast iron', hex: '#2e2e2e', texture: 'metal', colours: [], price: 1 },
  enamel: { name: 'enamel', hex: '#f1efe8', texture: 'ceramic', colours: ['sage', 'rust', 'navy', 'ochre', 'ivory'], price: 0.9 },
  stoneware: { name: 'stoneware', hex: '#d7cbb5', texture: 'ceramic', colours: GLAZES, price: 1 },
  porcelain: { name: 'porcelain', hex: '#f5f4f0', texture: 'ceramic', colours: ['sage', 'navy', 'charcoal'], price: 1.1 },
  earthenware: { name: 'earthenware', hex: '#c98c64', texture: 'ceramic', colours: ['ivory', 'sage', 'ochre'], price: 0.85 },
  ceramic: { name: 'ceramic', hex: '#e5ddd0', texture: 'ceramic', colours: GLAZES, price: 1 },
  terracotta: { name: 'terracotta', hex: '#c0653f', texture: 'ceramic', colours: [], price: 0.7 },
  concrete: { name: 'concrete', hex: '#a8a59f', texture: 'stone', colours: ['charcoal'], price: 0.9 },
  glass: { name: 'glass', hex: '#cfdfe4', texture: 'glass', colours: ['smoked', 'amber', 'sage'], price: 1 },
  'opal glass': { name: 'opal glass', hex: '#f3f1ea', texture: 'glass', colours: [], price: 1.1 },
  marble: { name: 'marble', hex: '#ece9e3', texture: 'stone', colours: [], price: 1.35 },
  travertine: { name: 'travertine', hex: '#d9c7a6', texture: 'stone', colours: [], price: 1.3 },
  granite: { name: 'granite', hex: '#6f6d6a', texture: 'stone', colours: [], price: 1.1 },
  linen: { name: 'linen', hex: '#d5c7ae', texture: 'fibre', colours: DYES, price: 1 },
  cotton: { name: 'cotton', hex: '#efebe2', texture: 'fibre', colours: DYES, price: 0.8 },
  wool: { name: 'wool', hex: '#e4dccb', texture: 'fibre', colours: ['charcoal', 'rust', 'sage', 'navy', 'ochre', 'olive'], price: 1.15 },
  mohair: { name: 'mohair', hex: '#ece3d2', texture: 'loop', colours: ['sage', 'rust', 'clay', 'ochre'], price: 1.3 },
  alpaca: { name: 'alpaca', hex: '#d9cbb6', texture: 'loop', colours: ['charcoal', 'clay'], price: 1.35 },
  jute: { name: 'jute', hex: '#bfa277', texture: 'woven', colours: [], price: 0.8 },
  velvet: { name: 'velvet', hex: '#6b6a33', texture: 'fibre', colours: ['navy', 'rust', 'ochre', 'sage', 'charcoal'], price: 1.2, ownColour: 'olive' },
  bouclé: { name: 'bouclé', hex: '#ece5d6', texture: 'loop', colours: ['sand', 'sage', 'charcoal'], price: 1.15 },
  leather: { name: 'leather', hex: '#93582f', texture: 'hide', colours: ['matte black', 'sand'], price: 1.4 },
  rattan: { name: 'rattan', hex: '#caa46b', texture: 'woven', colours: ['matte black'], price: 0.95 },
  cane: { name: 'cane', hex: '#d6b784', texture: 'woven', colours: [], price: 0.9 },
  paper: { name: 'paper', hex: '#f1ece0', texture: 'woven', colours: [], price: 0.6 },
} as const satisfies Record<string, Material>;

export type MaterialName = keyof typeof MATERIALS;

export interface Kind {
  /** Singular, as in a title: "dining chair". */
  name: string;
  /** The silhouette the pictures draw; every kind has its own. */
  shape: string;
  materials: readonly MaterialName[];
  /** Price range in cents before the material's factor. */
  price: readonly [number, number];
  /** One sentence about what it is for, for the description. */
  purpose: string;
}

export interface CategoryVocabulary {
  slug: string;
  name: string;
  description: string;
  kinds: readonly Kind[];
}

export const CATEGORIES: readonly CategoryVocabulary[] = [
  {
    slug: 'lighting',
    name: 'Lighting',
    description: 'Lamps and lights for reading, dining and quiet evenings.',
    kinds: [
      { name: 'desk lamp', shape: 'desk-lamp', materials: ['brass', 'steel'], price: [4900, 18900], purpose: 'The arm and head tilt to put light exactly on the page.' },
      { name: 'floor lamp', shape: 'floor-lamp', materials: ['brass', 'steel', 'walnut', 'oak'], price: [12900, 34900], purpose: 'A tall, soft light for the corner of a living room.' },
      { name: 'pendant light', shape: 'pendant-light', materials: ['opal glass', 'paper', 'steel', 'rattan', 'brass'], price: [5900, 27900], purpose: 'Hangs low and spreads an even, glare-free glow.' },
      { name: 'table lamp', shape: 'table-lamp', materials: ['ceramic', 'stoneware', 'opal glass', 'brass'], price: [6900, 22900], purpose: 'A fabric shade on a sturdy base, for the bedside or a quiet corner.' },
      { name: 'wall sconce', shape: 'wall-sconce', materials: ['brass', 'steel', 'opal glass'], price: [5900, 17900], purpose: 'Mounted on the wall, it frees the table and lights the room indirectly.' },
      { name: 'lantern', shape: 'lantern', materials: ['steel', 'brass'], price: [2900, 8900], purpose: 'Holds a candle or a small bulb, indoors or on a sheltered balcony.' },
      { name: 'reading light', shape: 'reading-light', materials: ['steel', 'brass'], price: [9900, 24900], purpose: 'Its long arm reaches over your shoulder and lights the page, not the room.' },
    ],
  },
  {
    slug: 'seating',
    name: 'Seating',
    description: 'Chairs, stools, benches and sofas that are good to sit on for hours.',
    kinds: [
      { name: 'dining chair', shape: 'dining-chair', materials: ['oak', 'ash', 'walnut', 'beech'], price: [12900, 32900], purpose: 'A straight back and a generous seat for long dinners.' },
      { name: 'armchair', shape: 'armchair', materials: ['bouclé', 'linen', 'leather', 'velvet'], price: [39900, 99000], purpose: 'Deep and upholstered, with arms to rest on.' },
      { name: 'lounge chair', shape: 'lounge-chair', materials: ['leather', 'rattan', 'oak'], price: [29900, 89000], purpose: 'Low and reclined, made for an afternoon with a book.' },
      { name: 'stool', shape: 'stool', materials: ['oak', 'ash', 'beech', 'steel'], price: [5900, 13900], purpose: 'A seat, a perch or a step: it moves where it is needed.' },
      { name: 'bar stool', shape: 'bar-stool', materials: ['oak', 'steel', 'ash'], price: [8900, 19900], purpose: 'Counter height, with a foot rest at the right place.' },
      { name: 'bench', shape: 'bench', materials: ['oak', 'ash', 'pine', 'walnut'], price: [14900, 44900], purpose: 'Seats three side by side, or waits in the hall for shoes and bags.' },
      { name: 'rocking chair', shape: 'rocking-chair', materials: ['oak', 'ash', 'rattan'], price: [29900, 64900], purpose: 'Curved runners for a slow, steady rock.' },
      { name: 'sofa', shape: 'sofa', materials: ['linen', 'bouclé', 'velvet', 'leather'], price: [89000, 219000], purpose: 'Three seats, loose cushions and arms low enough to lie against.' },
    ],
  },
  {
    slug: 'tables',
    name: 'Tables',
    description: 'Dining, coffee and side tables and desks made to be used every day.',
    kinds: [
      { name: 'dining table', shape: 'dining-table', materials: ['oak', 'walnut', 'ash', 'birch'], price: [49900, 169000], purpose: 'Seats six, with legs set back so nobody sits astride one.' },
      { name: 'coffee table', shape: 'coffee-table', materials: ['oak', 'walnut', 'travertine', 'marble'], price: [19900, 69000], purpose: 'Low and wide, with room for books, games and feet.' },
      { name: 'side table', shape: 'side-table', materials: ['oak', 'walnut', 'travertine', 'marble', 'steel'], price: [8900, 29900], purpose: 'A small round top on a single stem, always within reach.' },
      { name: 'desk', shape: 'desk', materials: ['oak', 'walnut', 'birch', 'ash'], price: [29900, 79000], purpose: 'A deep top and a drawer for the things a desk collects.' },
      { name: 'console table', shape: 'console-table', materials: ['oak', 'walnut', 'steel', 'marble'], price: [19900, 54900], purpose: 'Narrow enough for a hallway, tall enough for keys and post.' },
      { name: 'nesting tables', shape: 'nesting-tables', materials: ['oak', 'walnut', 'steel'], price: [14900, 36900], purpose: 'Two tables that slide one under the other when not in use.' },
    ],
  },
  {
    slug: 'storage',
    name: 'Storage',
    description: 'Boxes, shelves and cabinets that keep things calm.',
    kinds: [
      { name: 'storage box', shape: 'storage-box', materials: ['cane', 'birch', 'oak', 'pine', 'plywood'], price: [1900, 6900], purpose: 'A lidded box for cables, letters or winter gloves.' },
      { name: 'wall shelf', shape: 'wall-shelf', materials: ['oak', 'pine', 'birch', 'steel'], price: [2900, 8900], purpose: 'One plank on hidden brackets, for plants and a few books.' },
      { name: 'bookshelf', shape: 'bookshelf', materials: ['oak', 'pine', 'birch', 'plywood', 'steel'], price: [14900, 54900], purpose: 'Five open shelves, each deep enough for large books.' },
      { name: 'cabinet', shape: 'cabinet', materials: ['oak', 'birch', 'steel', 'plywood'], price: [24900, 79000], purpose: 'Two doors and adjustable shelves behind them.' },
      { name: 'sideboard', shape: 'sideboard', materials: ['oak', 'walnut', 'birch'], price: [49900, 139000], purpose: 'Long and low, with doors below and a top for the things you love.' },
      { name: 'drawer unit', shape: 'drawer-unit', materials: ['birch', 'plywood', 'steel', 'oak'], price: [14900, 42900], purpose: 'Four drawers that run smoothly and close softly.' },
      { name: 'coat rack', shape: 'coat-rack', materials: ['oak', 'ash', 'steel'], price: [4900, 16900], purpose: 'Six hooks on a steady stand, for coats, bags and hats.' },
    ],
  },
  {
    slug: 'textiles',
    name: 'Textiles',
    description: 'Throws, cushions, rugs and linen in natural fibres.',
    kinds: [
      { name: 'throw', shape: 'throw', materials: ['wool', 'mohair', 'alpaca', 'linen', 'cotton'], price: [5900, 22900], purpose: 'Warm without weight, for cold evenings and long films.' },
      { name: 'cushion cover', shape: 'cushion-cover', materials: ['linen', 'wool', 'cotton', 'velvet'], price: [2900, 6900], purpose: 'Fits a 50 × 50 cm cushion and closes with a hidden zip.' },
      { name: 'rug', shape: 'rug', materials: ['wool', 'jute', 'cotton'], price: [9900, 64900], purpose: 'Flat-woven and reversible, 170 × 240 cm.' },
      { name: 'table runner', shape: 'table-runner', materials: ['linen', 'cotton'], price: [1900, 4900], purpose: 'Runs the length of a dining table and softens it.' },
      { name: 'bed linen set', shape: 'bed-linen-set', materials: ['linen', 'cotton'], price: [8900, 22900], purpose: 'A duvet cover and two pillowcases, stonewashed soft.' },
      { name: 'curtain', shape: 'curtain', materials: ['linen', 'cotton', 'velvet'], price: [4900, 16900], purpose: 'Two panels with a deep hem that fall in even folds.' },
    ],
  },
  {
    slug: 'kitchen',
    name: 'Kitchen',
    description: 'Pots, pans, boards and tools for unhurried cooking.',
    kinds: [
      { name: 'pot', shape: 'pot', materials: ['cast iron', 'enamel', 'stainless steel', 'copper'], price: [5900, 24900], purpose: 'Heavy-bottomed and lidded, for stews, soups and bread.' },
      { name: 'frying pan', shape: 'frying-pan', materials: ['cast iron', 'carbon steel', 'stainless steel'], price: [3900, 11900], purpose: 'Gets hot, stays hot and browns evenly.' },
      { name: 'saucepan', shape: 'saucepan', materials: ['copper', 'stainless steel', 'enamel'], price: [3900, 15900], purpose: 'A pouring lip and a long, cool handle.' },
      { name: 'kettle', shape: 'kettle', materials: ['stainless steel', 'enamel', 'copper'], price: [4900, 12900], purpose: 'For the stove, with a whistle you can switch off.' },
      { name: 'chopping board', shape: 'chopping-board', materials: ['olive wood', 'oak', 'walnut', 'beech'], price: [2500, 8900], purpose: 'End grain that keeps blades sharp.' },
      { name: 'knife', shape: 'knife', materials: ['carbon steel', 'stainless steel'], price: [3900, 17900], purpose: 'A chef’s knife with a 20 cm blade and a wooden handle.' },
      { name: 'mortar and pestle', shape: 'mortar-and-pestle', materials: ['granite', 'marble', 'olive wood'], price: [2500, 7900], purpose: 'Heavy enough to stay put while you grind spices.' },
      { name: 'coffee grinder', shape: 'coffee-grinder', materials: ['walnut', 'oak', 'steel'], price: [4900, 13900], purpose: 'A hand grinder with hardened burrs and a drawer for the grounds.' },
    ],
  },
  {
    slug: 'tableware',
    name: 'Tableware',
    description: 'Plates, bowls, mugs and glasses for every day.',
    kinds: [
      { name: 'mug', shape: 'mug', materials: ['stoneware', 'porcelain', 'earthenware', 'enamel'], price: [1200, 3400], purpose: 'Holds 350 ml and sits well in the hand.' },
      { name: 'dinner plate', shape: 'dinner-plate', materials: ['stoneware', 'porcelain', 'earthenware'], price: [1400, 3900], purpose: '27 cm across, with a low rim that keeps sauces in.' },
      { name: 'serving bowl', shape: 'serving-bowl', materials: ['stoneware', 'earthenware', 'glass', 'olive wood'], price: [2900, 8900], purpose: 'Wide and deep, for salads and for sharing.' },
      { name: 'pasta bowl', shape: 'pasta-bowl', materials: ['stoneware', 'porcelain'], price: [1600, 3900], purpose: 'Shallow with a broad rim, for pasta, risotto and soup.' },
      { name: 'teapot', shape: 'teapot', materials: ['stoneware', 'porcelain', 'cast iron'], price: [3900, 11900], purpose: 'Pours without dripping and keeps a litre of tea warm.' },
      { name: 'tumbler', shape: 'tumbler', materials: ['glass'], price: [900, 2400], purpose: 'A sturdy everyday glass for water and juice.' },
      { name: 'carafe', shape: 'carafe', materials: ['glass'], price: [2400, 5900], purpose: 'A litre of water on the table, with a glass that doubles as its lid.' },
      { name: 'wine glass', shape: 'wine-glass', materials: ['glass'], price: [1400, 3400], purpose: 'Thin-rimmed and stemmed, for red and white alike.' },
    ],
  },
  {
    slug: 'decor',
    name: 'Decor',
    description: 'Vases, mirrors, clocks and small things that make a room yours.',
    kinds: [
      { name: 'vase', shape: 'vase', materials: ['stoneware', 'glass', 'terracotta', 'brass'], price: [1900, 9900], purpose: 'A narrow neck holds a few stems upright.' },
      { name: 'mirror', shape: 'mirror', materials: ['oak', 'brass', 'walnut'], price: [7900, 27900], purpose: 'Round, 60 cm across, and it makes a hallway feel larger.' },
      { name: 'candle holder', shape: 'candle-holder', materials: ['brass', 'stoneware', 'marble', 'steel'], price: [1500, 5900], purpose: 'Fits standard dinner candles and catches the wax.' },
      { name: 'planter', shape: 'planter', materials: ['terracotta', 'stoneware', 'concrete'], price: [1900, 7900], purpose: 'With a drainage hole and a saucer for indoor plants.' },
      { name: 'wall clock', shape: 'wall-clock', materials: ['oak', 'steel', 'walnut'], price: [4900, 13900], purpose: 'A silent movement: no ticking at night.' },
      { name: 'picture frame', shape: 'picture-frame', materials: ['oak', 'walnut', 'brass'], price: [1500, 4900], purpose: 'For a 30 × 40 cm print, with a mount and a glazed front.' },
      { name: 'tray', shape: 'tray', materials: ['oak', 'brass', 'marble', 'walnut'], price: [2500, 8900], purpose: 'Gathers keys, post or breakfast, with handles to carry it.' },
    ],
  },
];

/** Collection names give titles a shop's voice and tell apart items of the same kind. */
export const COLLECTIONS = ['Fjord', 'Linden', 'Harbour', 'Dune', 'Meadow', 'Studio', 'Field', 'Nordic', 'Atelier', 'Orchard', 'Coast', 'Heath'] as const;

export const DESCRIPTION_OPENERS = [
  'Made in small batches by a family workshop.',
  'Designed to be used every day and kept for years.',
  'A quiet piece that fits in almost anywhere.',
  'Shaped by hand and finished with care.',
  'Simple lines and honest materials.',
] as const;

export const CARE_NOTES: Record<Texture, string> = {
  wood: 'The wood is oiled, not lacquered: it ages gracefully and takes a fresh coat of oil once a year.',
  metal: 'Wipe with a soft, dry cloth; the surface gains a patina with use.',
  ceramic: 'Glazed inside, dishwasher and microwave safe.',
  glass: 'Mouth-blown, so no two are exactly alike; dishwasher safe.',
  stone: 'Each piece of stone is cut from a single block and sealed against stains.',
  fibre: 'Washable at 30 °C and softer with every wash.',
  loop: 'Air it rather than wash it; the fibres clean themselves remarkably well.',
  woven: 'Woven by hand from natural fibre; dust it with a soft brush.',
  hide: 'Vegetable-tanned leather that darkens beautifully with use.',
};
