/** The picture `by` steps from `index`, wrapping around at either end. */
export function stepPicture(index: number, by: number, count: number): number {
  return (index + by + count) % count;
}

/** How a picture is named: "Lamp, picture 2 of 3", or the title alone when there is one picture. */
export function pictureAlt(title: string, index: number, count: number): string {
  return count > 1 ? `${title}, picture ${index + 1} of ${count}` : title;
}
