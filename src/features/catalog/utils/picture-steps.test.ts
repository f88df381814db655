import { describe, expect, it } from 'vitest';
import { pictureAlt, stepPicture } from './picture-steps.ts';

describe('picture steps', () => {
  it('wraps around at either end', () => {
    expect(stepPicture(2, 1, 3)).toBe(0);
    expect(stepPicture(0, -1, 3)).toBe(2);
    expect(stepPicture(1, 1, 3)).toBe(2);
  });

  it('names a picture by its place, or by the title alone when it is the only one', () => {
    expect(pictureAlt('Lamp', 1, 3)).toBe('Lamp, picture 2 of 3');
    expect(pictureAlt('Lamp', 0, 1)).toBe('Lamp');
  });
});
