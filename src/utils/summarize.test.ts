import { describe, expect, it } from 'vitest';
import { summarize } from './summarize.ts';

describe('summarize', () => {
  it('keeps a short description as it is, with its spaces tidied', () => {
    expect(summarize('A warm  lamp.\n For desks.')).toBe('A warm lamp. For desks.');
  });

  it('cuts a long one at a word boundary, within the length, with an ellipsis', () => {
    const text = 'The wood is oiled, not lacquered: it ages gracefully and takes a fresh coat of oil once a year.';
    const summary = summarize(text, 40);
    expect(summary).toBe('The wood is oiled, not lacquered: it…');
    expect(summary.length).toBeLessThanOrEqual(40);
  });

  it('cuts inside a word only when there is no space in the second half', () => {
    expect(summarize(`Short ${'x'.repeat(100)}`, 20)).toBe(`Short ${'x'.repeat(13)}…`);
  });
});
