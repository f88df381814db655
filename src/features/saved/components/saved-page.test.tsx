import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { SavedEntry } from '../api/saved-entries.ts';
import { savedKeys } from '../api/saved-keys.ts';
import { unsaveItem } from '../api/save-item.ts';
import type { SavedSession } from '../hooks/use-saved-owner.ts';
import { SavedPage } from './saved-page.tsx';

vi.mock('../api/save-item.ts', () => ({ saveItem: vi.fn(), unsaveItem: vi.fn() }));

const USER = 'user-1';
const chair: SavedEntry = { item_id: 2, item: { id: 2, slug: 'chair', title: 'Chair', price_cents: 9900, currency: 'EUR', stock: 1, image_paths: [], on_sale: true } };
/** Archived, or its product unpublished: RLS hides it from a shopper, so the embed is null. */
const hidden: SavedEntry = { item_id: 9, item: null };
/** What staff still see of an item no longer on sale. */
const offSale: SavedEntry = { item_id: 4, item: { id: 4, slug: 'old-lamp', title: 'Old lamp', price_cents: 1500, currency: 'EUR', stock: 0, image_paths: [], on_sale: false } };

let queryClient: QueryClient;

function show(session: SavedSession) {
  render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter>
        <SavedPage session={session} guestNote={<p>Saved in this browser.</p>} />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

beforeEach(() => {
  queryClient = new QueryClient({ defaultOptions: { queries: { staleTime: Infinity, retry: false } } });
  vi.spyOn(queryClient, 'invalidateQueries').mockResolvedValue();
});

describe('SavedPage', () => {
  it('keeps what is no longer on sale on the list, marked so and removable, apart from the rest', () => {
    queryClient.setQueryData<SavedEntry[]>(savedKeys.user(USER), [hidden, chair, offSale]);
    show({ status: 'signed-in', userId: USER });
    expect(screen.getByRole('status').textContent).toBe('3 items saved');
    const available = screen.getByRole('list', { name: 'Saved items' });
    expect(within(available).getByRole('link', { name: 'Chair' }).getAttribute('href')).toBe('/items/chair');
    const gone = screen.getByRole('region', { name: 'No longer available' });
    expect(within(gone).getAllByRole('heading').map((heading) => heading.textContent)).toEqual(['No longer available', 'An item you saved', 'Old lamp']);
    expect(within(gone).queryAllByRole('link')).toEqual([]);
    expect(within(gone).getAllByRole('button').map((button) => button.textContent)).toEqual(['Remove unavailable item from saved', 'Remove Old lamp from saved']);
    expect(screen.queryByText('Saved in this browser.')).toBeNull();
  });

  it('removes at once and hands focus to the next Remove', async () => {
    vi.mocked(unsaveItem).mockResolvedValue();
    queryClient.setQueryData<SavedEntry[]>(savedKeys.user(USER), [hidden, chair, offSale]);
    show({ status: 'signed-in', userId: USER });
    const press = (name: string) => fireEvent.click(screen.getByRole('button', { name }));
    press('Remove unavailable item from saved');
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Remove Old lamp from saved' })));
    expect(unsaveItem).toHaveBeenCalledWith(9);
    expect(screen.getByRole('status').textContent).toBe('2 items saved');
    press('Remove Old lamp from saved');
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Remove Chair from saved' })));
    press('Remove Chair from saved');
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('heading', { name: 'Nothing saved yet.' })));
    expect(screen.getByRole('link', { name: 'Browse the catalog' }).getAttribute('href')).toBe('/catalog');
  });

  it('shows a guest the note that the list lives in this browser', () => {
    queryClient.setQueryData<SavedEntry[]>(savedKeys.guest, []);
    show({ status: 'signed-out' });
    expect(screen.getByText('Saved in this browser.')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Nothing saved yet.' })).toBeTruthy();
  });

  it('waits for the session before showing anything', () => {
    queryClient.setQueryData<SavedEntry[]>(savedKeys.guest, [chair]);
    show({ status: 'loading' });
    expect(screen.getByRole('status', { name: 'Loading your saved items' })).toBeTruthy();
    expect(screen.queryByText('Chair')).toBeNull();
  });
});
