import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { getSupabase } from '@/lib/supabase';
import type { RetiredItem } from '../api/get-retired-item.ts';
import type { ItemSummary } from '../api/item-schemas.ts';
import { RetiredItemNotice } from './retired-item-notice.tsx';

vi.mock('@/lib/supabase', () => ({ getSupabase: vi.fn() }));

type Client = Awaited<ReturnType<typeof getSupabase>>;
const rpc = vi.fn();

/** supabase-js's request builder as far as listItems uses it: awaited, or given an abort signal first. */
function answer(result: { data: unknown; error: { message: string } | null }) {
  const request = Object.assign(Promise.resolve(result), { abortSignal: () => request });
  return request;
}

function summary(id: number, title: string): ItemSummary {
  return {
    id,
    slug: `item-${id}`,
    title,
    price_cents: 1900,
    currency: 'EUR',
    stock: 3,
    image_paths: [],
    created_at: '2026-11-01T00:00:00Z',
    category_slug: 'tableware',
    category_name: 'Tableware',
    options: {},
    product_id: id,
    product_title: title,
    variant_count: 1,
  };
}

const TABLEWARE = { id: 4, slug: 'tableware', name: 'Tableware' };

function show(item: RetiredItem) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter>
        <RetiredItemNotice item={item} />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

beforeEach(() => {
  rpc.mockReset();
  vi.mocked(getSupabase).mockResolvedValue({ rpc } as unknown as Client);
});

describe('RetiredItemNotice', () => {
  it('says the item is gone and offers up to four products of its category in stock, the category and the catalog', async () => {
    const titles = ['Dune bowl', 'Fjord cup', 'Linden plate', 'Moss jug', 'Tide tray'];
    rpc.mockImplementation(() => answer({ data: { total: 5, items: titles.map((title, index) => summary(index + 1, title)) }, error: null }));
    show({ title: 'Linden wine glass', category: TABLEWARE, stillSold: null });

    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Linden wine glass is no longer available');
    expect(screen.getByText(/Here are similar products from Tableware/)).toBeTruthy();
    const similar = await screen.findByRole('list', { name: 'Similar products' });
    expect(within(similar).getAllByRole('link').map((link) => [link.textContent, link.getAttribute('href')])).toEqual(
      titles.slice(0, 4).map((title, index) => [title, `/items/item-${index + 1}`]),
    );
    expect(rpc).toHaveBeenCalledWith('search_items', expect.objectContaining({ category: 'tableware', in_stock: true, sort: 'newest', page: 1 }));
    expect(screen.getByRole('link', { name: 'See all in Tableware' }).getAttribute('href')).toBe('/catalog/tableware');
    expect(screen.getByRole('link', { name: 'Browse the catalog' }).getAttribute('href')).toBe('/catalog');
    // Nothing here buys anything.
    expect(screen.queryAllByRole('button')).toEqual([]);
  });

  it("when another version is on sale, says only this one is gone, leads to it and leaves its product out of the similar ones", async () => {
    rpc.mockImplementation(() => answer({ data: { total: 3, items: [summary(1, 'Dune bowl'), summary(3, 'Linden wine glass, sage'), summary(2, 'Fjord cup')] }, error: null }));
    show({ title: 'Linden wine glass', category: TABLEWARE, stillSold: { slug: 'item-3', productId: 3, noun: 'colour' } });
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('This colour of Linden wine glass is no longer available');
    expect(screen.getByText(/You can still order Linden wine glass in other colours\./)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'See other colours' }).getAttribute('href')).toBe('/items/item-3');
    const similar = await screen.findByRole('list', { name: 'Similar products' });
    expect(within(similar).getAllByRole('link').map((link) => link.textContent)).toEqual(['Dune bowl', 'Fjord cup']);
  });

  it('says so when nothing of the category is in stock', async () => {
    rpc.mockImplementation(() => answer({ data: { total: 0, items: [] }, error: null }));
    show({ title: 'Linden wine glass', category: TABLEWARE, stillSold: null });
    expect(await screen.findByText('Nothing from Tableware is in stock right now.')).toBeTruthy();
  });

  it('offers a retry when the similar products could not be loaded', async () => {
    rpc.mockImplementation(() => answer({ data: null, error: { message: 'offline' } }));
    show({ title: 'Linden wine glass', category: TABLEWARE, stillSold: null });
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Similar products could not be loaded.');
    expect(within(alert).getByRole('button', { name: 'Try again' })).toBeTruthy();
  });

  it('without a category, points to the catalog and asks for nothing', () => {
    show({ title: 'Old lamp', category: null, stillSold: null });
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Old lamp is no longer available');
    expect(screen.getByRole('link', { name: 'Browse the catalog' }).getAttribute('href')).toBe('/catalog');
    expect(screen.queryByRole('heading', { name: 'Similar products' })).toBeNull();
    expect(rpc).not.toHaveBeenCalled();
  });
});
