import { render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { Pagination } from './pagination.tsx';

function pages(props: { page: number; pageCount: number; more?: boolean }) {
  const { unmount } = render(
    <MemoryRouter initialEntries={[`/search?q=lamp${props.page > 1 ? `&page=${props.page}` : ''}`]}>
      <Pagination {...props} />
    </MemoryRouter>,
  );
  const nav = screen.queryByRole('navigation', { name: 'Pages' });
  const links = nav
    ? within(nav)
        .getAllByRole('link')
        .map((link) => `${link.getAttribute('aria-label') ?? ''} ${link.getAttribute('href') ?? ''}`)
    : null;
  unmount();
  return links;
}

describe('Pagination', () => {
  it('links the first, neighbouring and last pages of an exact total', () => {
    expect(pages({ page: 5, pageCount: 9 })).toEqual([
      'Previous page /search?q=lamp&page=4',
      'Page 1 /search?q=lamp',
      'Page 4 /search?q=lamp&page=4',
      'Page 5 /search?q=lamp&page=5',
      'Page 6 /search?q=lamp&page=6',
      'Page 9 /search?q=lamp&page=9',
      'Next page /search?q=lamp&page=6',
    ]);
    expect(pages({ page: 1, pageCount: 1 })).toBeNull();
  });

  it('has no last-page link past a capped total ("1,000+"), and Next goes on past the counted pages', () => {
    expect(pages({ page: 1, pageCount: 42, more: true })).toEqual([
      'Page 1 /search?q=lamp',
      'Page 2 /search?q=lamp&page=2',
      'Next page /search?q=lamp&page=2',
    ]);
    expect(pages({ page: 42, pageCount: 42, more: true })).toEqual([
      'Previous page /search?q=lamp&page=41',
      'Page 1 /search?q=lamp',
      'Page 41 /search?q=lamp&page=41',
      'Page 42 /search?q=lamp&page=42',
      'Next page /search?q=lamp&page=43',
    ]);
  });
});
