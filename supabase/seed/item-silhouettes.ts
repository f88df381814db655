/**
 * One silhouette per kind of thing, drawn in a 400 × 500 box with the floor at y ≈ 440. Shapes
 * without a fill take the item's colour (and, in a second pass, its material's texture); shapes
 * with their own fill are details that are not the item's material (a bulb, a candle, books).
 */
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

export const SILHOUETTES: Record<string, string> = {
  // Lighting
  'desk-lamp':
    ellipse(170, 432, 58, 11) + polygon('164,430 178,430 224,302 210,296') + ellipse(217, 299, 11, 11) +
    polygon('210,292 222,304 160,226 148,236') + polygon('104,204 172,182 200,252 96,268'),
  'floor-lamp': polygon('140,90 260,90 292,190 108,190') + rect(194, 190, 12, 244) + ellipse(200, 436, 62, 10),
  'pendant-light':
    rect(198, 0, 4, 150, 0, '#3b3b3b') + path('M104 262 Q104 148 200 148 Q296 148 296 262 Z') + ellipse(200, 262, 30, 10, GLOW),
  'table-lamp':
    polygon('128,160 272,160 302,282 98,282', SHADE) + rect(192, 282, 16, 18, 0, '#8a8070') +
    path('M165 300 Q118 365 165 432 L235 432 Q282 365 235 300 Z'),
  'wall-sconce':
    rect(86, 170, 26, 130, 8) + rect(110, 228, 104, 11) + polygon('186,238 290,238 314,330 162,330') + ellipse(238, 332, 52, 8, GLOW),
  lantern:
    path('M168 150 Q200 96 232 150 L222 150 Q200 114 178 150 Z') + polygon('146,150 254,150 270,190 130,190') +
    rect(144, 190, 112, 186) + rect(160, 206, 80, 154, 4, GLOW) + rect(132, 376, 136, 22, 4),
  'reading-light':
    ellipse(262, 436, 56, 10) + rect(255, 170, 13, 266) +
    path('M262 178 Q210 60 128 118 L138 132 Q208 86 250 186 Z') + polygon('92,112 152,108 156,152 104,166'),
  // Seating
  'dining-chair':
    rect(136, 96, 128, 112, 10) + rect(138, 100, 14, 340) + rect(248, 100, 14, 340) + rect(120, 268, 160, 28, 6) +
    rect(128, 296, 14, 144) + rect(258, 296, 14, 144),
  armchair:
    rect(108, 140, 184, 180, 44) + rect(80, 222, 56, 150, 24) + rect(264, 222, 56, 150, 24) + rect(124, 296, 152, 66, 14) +
    rect(104, 370, 12, 62, 0, DARK_WOOD) + rect(284, 370, 12, 62, 0, DARK_WOOD),
  'lounge-chair':
    polygon('112,118 186,104 236,318 164,332') + polygon('160,296 322,286 330,334 168,350') +
    polygon('172,346 188,346 142,440 126,440') + polygon('300,330 316,330 348,440 332,440'),
  stool:
    ellipse(200, 256, 96, 18) + rect(104, 256, 192, 22) + ellipse(200, 278, 96, 18) +
    polygon('122,286 140,286 112,440 94,440') + polygon('260,286 278,286 306,440 288,440') + rect(193, 294, 14, 146),
  'bar-stool':
    ellipse(200, 146, 76, 16) + rect(124, 146, 152, 22) + ellipse(200, 168, 76, 16) +
    polygon('134,176 150,176 124,440 108,440') + polygon('250,176 266,176 292,440 276,440') + rect(116, 336, 168, 11, 4),
  bench: rect(36, 256, 328, 36, 6) + rect(58, 292, 24, 148) + rect(318, 292, 24, 148) + rect(82, 380, 236, 12),
  'rocking-chair':
    rect(140, 84, 120, 176, 14) + rect(124, 248, 172, 26, 6) + rect(144, 274, 13, 124) + rect(263, 274, 13, 124) +
    path('M84 396 Q200 452 332 392 L334 408 Q200 470 84 412 Z'),
  sofa:
    rect(46, 186, 308, 128, 30) + rect(24, 240, 64, 150, 24) + rect(312, 240, 64, 150, 24) +
    rect(84, 298, 116, 64, 12) + rect(200, 298, 116, 64, 12) + rect(56, 390, 12, 42, 0, DARK_WOOD) + rect(332, 390, 12, 42, 0, DARK_WOOD),
  // Tables
  'dining-table': rect(46, 216, 308, 30, 4) + rect(74, 246, 20, 194) + rect(306, 246, 20, 194) + rect(94, 246, 212, 16),
  'coffee-table': rect(36, 326, 328, 38, 8) + rect(62, 364, 28, 76) + rect(310, 364, 28, 76),
  'side-table': ellipse(200, 226, 92, 17) + rect(108, 226, 184, 16) + ellipse(200, 242, 92, 17) + rect(190, 250, 20, 176) + ellipse(200, 430, 62, 12),
  desk:
    rect(36, 226, 328, 24) + rect(52, 250, 16, 190) + rect(236, 250, 116, 96, 4) + rect(276, 290, 36, 7, 3, SHADOW) + rect(336, 346, 16, 94),
  'console-table': rect(76, 196, 248, 22) + rect(90, 218, 14, 222) + rect(296, 218, 14, 222) + rect(90, 368, 220, 12),
  'nesting-tables':
    rect(56, 214, 204, 22) + rect(68, 236, 14, 204) + rect(234, 236, 14, 204) +
    rect(168, 300, 186, 22) + rect(178, 322, 14, 118) + rect(330, 322, 14, 118),
  // Storage
  'storage-box': rect(108, 300, 184, 132, 8) + rect(98, 278, 204, 30, 6) + rect(180, 336, 40, 11, 5, SHADOW),
  'wall-shelf':
    rect(56, 238, 288, 24, 3) + polygon('92,262 108,262 108,300') + polygon('292,262 308,262 292,300') +
    rect(90, 170, 18, 68, 2, '#8a6f5a') + rect(110, 180, 16, 58, 2, '#6d7f8c') + rect(128, 164, 20, 74, 2, '#a35a48') +
    path('M262 238 Q250 200 270 180 L286 180 Q306 200 294 238 Z', '#c8b9a2'),
  bookshelf:
    rect(98, 56, 18, 384) + rect(284, 56, 18, 384) + [56, 132, 208, 284, 360, 424].map((y) => rect(98, y, 204, 16)).join('') +
    [72, 148, 224, 300].map((y, shelf) =>
      [0, 1, 2, 3].map((n) => rect(124 + n * 22 + shelf * 12, y + 10 + (n % 2) * 8, 18, 50 - (n % 2) * 8, 2, ['#8a6f5a', '#6d7f8c', '#a35a48', '#b9ad94'][(n + shelf) % 4])).join(''),
    ).join(''),
  cabinet:
    rect(108, 86, 184, 326, 6) + rect(198, 96, 4, 306, 0, SHADOW) + ellipse(186, 250, 5, 5, HIGHLIGHT) + ellipse(214, 250, 5, 5, HIGHLIGHT) +
    rect(124, 412, 14, 28) + rect(262, 412, 14, 28),
  sideboard:
    rect(26, 246, 348, 136, 6) + rect(140, 256, 3, 116, 0, SHADOW) + rect(257, 256, 3, 116, 0, SHADOW) +
    rect(48, 382, 14, 58) + rect(338, 382, 14, 58),
  'drawer-unit':
    rect(118, 116, 164, 308, 6) + [192, 268, 344].map((y) => rect(126, y, 148, 4, 0, SHADOW)).join('') +
    [150, 226, 302, 380].map((y) => rect(186, y, 28, 6, 3, HIGHLIGHT)).join('') + rect(130, 424, 12, 16) + rect(258, 424, 12, 16),
  'coat-rack':
    rect(194, 72, 12, 352) + ellipse(200, 68, 13, 9) + ellipse(200, 432, 74, 10) +
    polygon('198,112 206,106 244,136 238,144') + polygon('202,112 194,106 156,136 162,144') +
    polygon('198,160 206,154 236,176 230,184') + polygon('202,160 194,154 164,176 170,184'),
  // Textiles
  throw:
    path('M78 116 L322 116 L322 396 Q200 420 78 396 Z') + rect(78, 116, 244, 40, 0, SHADOW) +
    Array.from({ length: 13 }, (_, n) => rect(86 + n * 18, 404 + (n % 3) * 2, 3, 22)).join(''),
  'cushion-cover': path('M88 146 Q200 122 312 146 Q336 264 312 382 Q200 406 88 382 Q64 264 88 146 Z'),
  rug:
    polygon('62,322 338,322 382,432 18,432') + polygon('92,340 308,340 318,352 82,352', SHADOW) + polygon('66,410 334,410 340,420 60,420', SHADOW) +
    Array.from({ length: 16 }, (_, n) => rect(24 + n * 23, 432, 3, 12)).join(''),
  'table-runner':
    rect(40, 236, 320, 18, 2, '#b8a489') + rect(60, 254, 16, 186, 0, '#a8957b') + rect(324, 254, 16, 186, 0, '#a8957b') +
    polygon('176,196 224,196 236,236 164,236') + rect(164, 236, 72, 150) + rect(164, 386, 72, 8, 0, SHADOW),
  'bed-linen-set': rect(56, 226, 288, 176, 18) + rect(78, 164, 114, 74, 24) + rect(208, 164, 114, 74, 24) + rect(56, 262, 288, 5, 0, SHADOW),
  curtain:
    rect(36, 68, 328, 8, 4, '#4a4a4a') +
    path('M58 76 L186 76 L174 440 L46 440 Z') + path('M214 76 L342 76 L354 440 L226 440 Z') +
    [92, 150, 262, 320].map((x) => rect(x, 90, 5, 340, 2, SHADOW)).join(''),
  // Kitchen
  pot:
    rect(98, 238, 204, 152, 36) + rect(88, 220, 224, 28, 10) + ellipse(200, 212, 22, 10) +
    rect(56, 268, 48, 17, 8) + rect(296, 268, 48, 17, 8),
  'frying-pan': polygon('50,296 282,296 262,352 70,352') + rect(270, 304, 118, 15, 7, DARK_WOOD) + rect(50, 290, 232, 10, 4),
  saucepan: rect(92, 256, 156, 126, 14) + rect(84, 248, 172, 14, 5) + rect(246, 258, 132, 17, 8, DARK_WOOD),
  kettle:
    path('M118 420 Q98 256 200 226 Q302 256 282 420 Z') + ellipse(200, 220, 20, 10) +
    path('M138 250 Q200 148 262 250 L250 252 Q200 170 150 252 Z', '#333333') + polygon('270,330 342,258 354,270 286,370'),
  'chopping-board': rect(64, 196, 236, 256, 18) + rect(290, 292, 84, 48, 24) + ellipse(350, 316, 10, 10, '#00000040'),
  knife: path('M28 262 Q100 228 268 236 L268 284 L70 284 Q36 282 28 262 Z') + rect(266, 240, 106, 40, 12, DARK_WOOD),
  'mortar-and-pestle':
    path('M88 282 L312 282 Q302 424 200 428 Q98 424 88 282 Z') + ellipse(200, 282, 112, 18) + ellipse(200, 284, 92, 12, SHADOW) +
    polygon('226,140 254,132 292,278 262,284'),
  'coffee-grinder':
    rect(128, 258, 144, 174, 6) + rect(150, 376, 100, 4, 0, SHADOW) + ellipse(200, 392, 8, 6, HIGHLIGHT) +
    ellipse(200, 252, 62, 16, '#8f959b') + rect(196, 178, 8, 74, 0, '#555b61') + rect(196, 176, 92, 8, 0, '#555b61') + ellipse(290, 180, 13, 13, DARK_WOOD),
  // Tableware
  mug:
    rect(126, 256, 136, 168, 14) +
    path('M258 290 Q326 290 326 340 Q326 392 258 392 L258 372 Q304 372 304 340 Q304 310 258 310 Z'),
  'dinner-plate': ellipse(200, 330, 168, 74) + ellipse(200, 330, 112, 46, HIGHLIGHT) + ellipse(200, 334, 112, 46, '#0000000f'),
  'serving-bowl': path('M58 262 Q66 424 200 428 Q334 424 342 262 Z') + ellipse(200, 262, 142, 24) + ellipse(200, 262, 124, 16, SHADOW),
  'pasta-bowl': path('M36 328 Q78 404 200 406 Q322 404 364 328 Z') + ellipse(200, 328, 164, 30) + ellipse(200, 330, 104, 16, SHADOW),
  teapot:
    ellipse(200, 334, 104, 88) + ellipse(200, 250, 52, 14) + ellipse(200, 234, 14, 10) + polygon('290,322 362,246 374,258 302,364') +
    path('M108 288 Q46 298 56 350 Q66 398 114 388 L118 370 Q80 376 76 348 Q72 316 112 308 Z'),
  tumbler: polygon('132,246 268,246 256,432 144,432') + polygon('150,258 172,258 170,420 160,420', HIGHLIGHT),
  carafe:
    path('M174 116 L226 116 L226 200 Q300 250 296 360 Q290 432 200 434 Q110 432 104 360 Q100 250 174 200 Z') +
    path('M140 280 Q128 330 138 390 L150 390 Q142 330 152 282 Z', HIGHLIGHT),
  'wine-glass':
    path('M138 126 L262 126 Q268 262 200 282 Q132 262 138 126 Z') + rect(195, 280, 10, 134) + ellipse(200, 422, 58, 11) +
    path('M156 146 Q152 210 170 250 L178 246 Q164 208 168 146 Z', HIGHLIGHT),
  // Decor
  vase: path('M170 120 L230 120 L228 170 Q300 230 270 360 Q255 420 200 430 Q145 420 130 360 Q100 230 172 170 Z'),
  mirror:
    ellipse(200, 250, 142, 142) + ellipse(200, 250, 118, 118, '#dfe8ec') + path('M130 190 Q170 140 230 150 L220 160 Q172 156 142 200 Z', '#ffffff80') +
    rect(196, 60, 8, 50, 0, '#6b5a48'),
  'candle-holder':
    ellipse(200, 428, 64, 13) + rect(136, 412, 128, 18, 6) + polygon('188,412 212,412 206,250 194,250') + rect(172, 232, 56, 22, 6) +
    rect(188, 118, 24, 116, 3, '#f7f3ea') + ellipse(200, 104, 7, 14, '#f2b542'),
  planter:
    polygon('122,282 278,282 258,432 142,432') + rect(110, 262, 180, 28, 4) +
    ellipse(170, 212, 26, 58, '#4f7a45') + ellipse(232, 206, 24, 62, '#5d8a50') + ellipse(200, 190, 20, 70, '#46703d'),
  'wall-clock':
    ellipse(200, 250, 152, 152) + ellipse(200, 250, 96, 96, '#f6f3ec') +
    polygon('196,250 204,250 202,172 198,172', '#222222') + polygon('200,246 200,254 262,282 264,276', '#222222') + ellipse(200, 250, 8, 8, '#222222'),
  'picture-frame': rect(88, 86, 224, 306, 4) + rect(114, 112, 172, 254, 0, '#e4dfd6') + rect(142, 150, 116, 170, 0, '#a9b8b0') + polygon('142,320 190,250 258,320', '#7f958a'),
  tray:
    polygon('46,296 354,296 334,364 66,364') + polygon('72,302 328,302 316,340 84,340', HIGHLIGHT) +
    rect(84, 346, 30, 8, 4, SHADOW) + rect(286, 346, 30, 8, 4, SHADOW),
};
