import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { SaveableItem, SavedEntry } from '../api/saved-entries.ts';
import { savedKeys } from '../api/saved-keys.ts';
import { saveItem, unsaveItem } from '../api/save-item.ts';
import { reportSavedMessage, useSavedMessage } from './saved-messages.ts';
import { useSavedChange } from './use-saved-items.ts';

vi.mock('../api/save-item.ts', () => ({ saveItem: vi.fn(), unsaveItem: vi.fn() }));

const USER = 'user-1';
const owner = { kind: 'user', userId: USER } as const;
const lamp: SaveableItem = { id: 7, slug: 'lamp', title: 'Lamp', price_cents: 4900, currency: 'EUR', stock: 3, image_paths: [] };
const chair: SavedEntry = { item_id: 2, item: { id: 2, slug: 'chair', title: 'Chair', price_cents: 9900, currency: 'EUR', stock: 1, image_paths: [], on_sale: true } };

let queryClient: QueryClient;
const wrapper = ({ children }: { children: ReactNode }) => <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;
const list = () => queryClient.getQueryData<SavedEntry[]>(savedKeys.user(USER))?.map((entry) => entry.item_id);

/** A server call that waits until the test lets it answer. */
function held<T>() {
  let settle: { resolve: (value: T) => void; reject: (reason: Error) => void } = { resolve: () => undefined, reject: () => undefined };
  const promise = new Promise<T>((resolve, reject) => (settle = { resolve, reject }));
  return { promise, ...settle };
}

beforeEach(() => {
  // The list is already loaded and stays fresh: the test watches the optimistic changes alone.
  queryClient = new QueryClient({ defaultOptions: { queries: { staleTime: Infinity, retry: false } } });
  queryClient.setQueryData<SavedEntry[]>(savedKeys.user(USER), [chair]);
  vi.spyOn(queryClient, 'invalidateQueries').mockResolvedValue();
});

describe('useSavedChange', () => {
  it('shows a save at once and undoes it, saying why, when the server refuses', async () => {
    const answer = held<undefined>();
    vi.mocked(saveItem).mockReturnValueOnce(answer.promise.then(() => undefined));
    const { result } = renderHook(() => ({ change: useSavedChange(owner, USER, lamp.id), message: useSavedMessage(USER) }), { wrapper });
    act(() => result.current.change.save(lamp));
    await waitFor(() => expect(list()).toEqual([7, 2]));
    expect(saveItem).toHaveBeenCalledWith(7);
    await act(async () => answer.reject(new Error('You have saved 200 items, the most a list holds. Remove some to save more.')));
    await waitFor(() => expect(list()).toEqual([2]));
    expect(result.current.message?.text).toBe('Lamp was not saved. You have saved 200 items, the most a list holds. Remove some to save more.');
  });

  it('puts a refused removal back where it was', async () => {
    queryClient.setQueryData<SavedEntry[]>(savedKeys.user(USER), [{ item_id: 9, item: null }, chair, { item_id: 1, item: null }]);
    vi.mocked(unsaveItem).mockRejectedValueOnce(new Error('You seem to be offline. Nothing was changed.'));
    const { result } = renderHook(() => ({ change: useSavedChange(owner, USER, chair.item_id), message: useSavedMessage(USER) }), { wrapper });
    act(() => result.current.change.remove({ id: chair.item_id, title: 'Chair' }));
    await waitFor(() => expect(result.current.message?.text).toBe('Chair is still saved. You seem to be offline. Nothing was changed.'));
    expect(list()).toEqual([9, 2, 1]);
  });

  it('undoes only the refused change, not one made meanwhile', async () => {
    const answer = held<undefined>();
    vi.mocked(saveItem).mockReturnValueOnce(answer.promise.then(() => undefined));
    vi.mocked(unsaveItem).mockResolvedValueOnce();
    const { result } = renderHook(
      () => ({ lamp: useSavedChange(owner, USER, lamp.id), chair: useSavedChange(owner, USER, chair.item_id), message: useSavedMessage(USER) }),
      { wrapper },
    );
    act(() => result.current.lamp.save(lamp));
    await waitFor(() => expect(list()).toEqual([7, 2]));
    act(() => result.current.chair.remove({ id: 2, title: 'Chair' }));
    await waitFor(() => expect(list()).toEqual([7]));
    await act(async () => answer.reject(new Error('This item is no longer available, so it cannot be saved.')));
    await waitFor(() => expect(list()).toEqual([]));
  });

  it('keeps one account’s message from the next', () => {
    const { result } = renderHook(() => ({ first: useSavedMessage(USER), next: useSavedMessage('user-2') }), { wrapper });
    act(() => reportSavedMessage(USER, 'Lamp was not saved.'));
    expect(result.current.first?.text).toBe('Lamp was not saved.');
    expect(result.current.next).toBeNull();
  });
});
