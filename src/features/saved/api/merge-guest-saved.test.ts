import { beforeEach, describe, expect, it, vi } from 'vitest';
import { GUEST_SAVED_KEY, readGuestSavedIds } from './guest-saved-store.ts';
import { mergeGuestSaved, parseSavedMergeReport, remainingAfterSavedMerge } from './merge-guest-saved.ts';

type RpcAnswer = { data: unknown; error: { code?: string; message: string } | null };

const rpc = vi.fn<(name: string, args: { item_ids: number[] }) => Promise<RpcAnswer>>();
vi.mock('@/lib/supabase', () => ({ getSupabase: () => Promise.resolve({ rpc }) }));

/** What merge_saved_items does for ids all on sale, with room in the list. */
const savesAll = (_name: string, { item_ids }: { item_ids: number[] }) => Promise.resolve({ data: { saved: item_ids, skipped: [] }, error: null });

beforeEach(() => {
  rpc.mockReset();
});

describe('remainingAfterSavedMerge', () => {
  it('clears exactly the ids the server answered for', () => {
    expect(remainingAfterSavedMerge([1, 2], [1, 2])).toEqual([]);
  });

  it('keeps what was saved here while the merge was running', () => {
    expect(remainingAfterSavedMerge([1, 2], [1, 2, 7])).toEqual([7]);
  });

  it('does not bring back what another tab removed meanwhile', () => {
    expect(remainingAfterSavedMerge([1, 2], [2])).toEqual([]);
  });
});

describe('parseSavedMergeReport', () => {
  it('reads the server’s report, and counts any other shape as nothing to tell', () => {
    expect(parseSavedMergeReport({ saved: [1], skipped: [2] })).toEqual({ saved: [1], skipped: [2] });
    for (const odd of [null, [], 'ok', { saved: [1] }, { saved: ['1'], skipped: [] }]) expect(parseSavedMergeReport(odd)).toEqual({ saved: [], skipped: [] });
  });
});

describe('mergeGuestSaved', () => {
  it('asks nothing of the server when this browser has no guest list', async () => {
    await expect(mergeGuestSaved()).resolves.toBeNull();
    expect(rpc).not.toHaveBeenCalled();
  });

  it('sends the list, oldest first, and clears it once the server answered, reporting what was skipped', async () => {
    localStorage.setItem(GUEST_SAVED_KEY, '[5,3,8]');
    rpc.mockResolvedValueOnce({ data: { saved: [5, 3], skipped: [8] }, error: null });
    await expect(mergeGuestSaved()).resolves.toEqual({ saved: [5, 3], skipped: [8] });
    expect(rpc).toHaveBeenCalledExactlyOnceWith('merge_saved_items', { item_ids: [5, 3, 8] });
    expect(localStorage.getItem(GUEST_SAVED_KEY)).toBeNull();
  });

  it('loses nothing when the merge fails: the list stays in the browser for next time', async () => {
    localStorage.setItem(GUEST_SAVED_KEY, '[5,3]');
    rpc.mockResolvedValueOnce({ data: null, error: { message: 'Failed to fetch' } });
    await expect(mergeGuestSaved()).rejects.toThrow('You seem to be offline. Nothing was changed.');
    expect(readGuestSavedIds()).toEqual([5, 3]);
  });

  it('merges in a next round what was saved here while the first was on its way', async () => {
    localStorage.setItem(GUEST_SAVED_KEY, '[5]');
    rpc.mockImplementationOnce((name, args) => {
      // The guest list is still on screen during a merge: a heart pressed now lands in the browser.
      localStorage.setItem(GUEST_SAVED_KEY, '[5,6]');
      return savesAll(name, args);
    });
    rpc.mockImplementation(savesAll);
    await expect(mergeGuestSaved()).resolves.toEqual({ saved: [5, 6], skipped: [] });
    expect(rpc.mock.calls.map(([, args]) => args.item_ids)).toEqual([[5], [6]]);
    expect(localStorage.getItem(GUEST_SAVED_KEY)).toBeNull();
  });
});
