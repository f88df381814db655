/** A card's hint that the product comes in more than the variant shown: "4 colours", "2 materials". */
export function variantCountLabel(count: number, options: Record<string, string> = {}): string {
  const noun = 'colour' in options ? 'colours' : 'material' in options ? 'materials' : 'versions';
  return `${count} ${noun}`;
}
