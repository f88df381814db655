import { describe, expect, it } from 'vitest';
import { parsePageSections } from './store-page-schemas.ts';

describe('parsePageSections', () => {
  it('keeps headings and paragraphs exactly as written, markup-looking text included', () => {
    const sections = [
      { heading: 'Returns', paragraphs: ['Within 30 days.', 'Write to <b>us</b> & wait.'] },
      { heading: 'Refunds', paragraphs: ['Within 14 days.'] },
    ];
    expect(parsePageSections(sections)).toEqual(sections);
  });

  it.each([
    ['not a list', { heading: 'Returns', paragraphs: ['Text.'] }],
    ['no sections', []],
    ['a section that is not an object', ['Returns']],
    ['a missing heading', [{ paragraphs: ['Text.'] }]],
    ['a blank heading', [{ heading: '  ', paragraphs: ['Text.'] }]],
    ['paragraphs that are one string', [{ heading: 'Returns', paragraphs: 'Text.' }]],
    ['no paragraphs', [{ heading: 'Returns', paragraphs: [] }]],
    ['a paragraph that is not text', [{ heading: 'Returns', paragraphs: [{ html: '<p>Text.</p>' }] }]],
    ['a blank paragraph', [{ heading: 'Returns', paragraphs: ['Text.', '\n'] }]],
  ])('refuses %s', (_, value) => {
    expect(() => parsePageSections(value)).toThrow('The server sent the page in an unexpected shape.');
  });
});
