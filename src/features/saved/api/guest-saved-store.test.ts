import { describe, expect, it, vi } from 'vitest';
import { addGuestSaved, GUEST_SAVED_KEY, hasStoredGuestSaved, parseGuestSavedIds, readGuestSavedIds, removeGuestSaved } from './guest-saved-store.ts';
import { LIST_FULL_MESSAGE, MAX_SAVED_ITEMS } from './saved-entries.ts';

describe('parseGuestSavedIds', () => {
  it('reads what was stored, oldest first', () => {
    expect(parseGuestSavedIds('[3,1,2]')).toEqual([3, 1, 2]);
  });

  it('counts anything unreadable as an empty list', () => {
    for (const raw of [null, '', 'not json', '{"ids":[1]}', '"1"', 'null']) expect(parseGuestSavedIds(raw)).toEqual([]);
  });

  it('keeps positive whole numbers, each once', () => {
    expect(parseGuestSavedIds('[1, 1, "2", 2.5, -4, 0, null, 7, 1e400]')).toEqual([1, 7]);
  });

  it('keeps the newest ids up to the limit of a list', () => {
    const ids = Array.from({ length: MAX_SAVED_ITEMS + 5 }, (_, index) => index + 1);
    const kept = parseGuestSavedIds(JSON.stringify(ids));
    expect(kept).toHaveLength(MAX_SAVED_ITEMS);
    expect(kept[0]).toBe(6);
    expect(kept.at(-1)).toBe(MAX_SAVED_ITEMS + 5);
  });
});

describe('the guest list in this browser', () => {
  it('saves and removes, each item once, and stores nothing once empty', () => {
    expect(hasStoredGuestSaved()).toBe(false);
    addGuestSaved(4);
    addGuestSaved(9);
    addGuestSaved(4);
    expect(readGuestSavedIds()).toEqual([4, 9]);
    expect(localStorage.getItem(GUEST_SAVED_KEY)).toBe('[4,9]');
    removeGuestSaved(4);
    removeGuestSaved(12);
    expect(readGuestSavedIds()).toEqual([9]);
    removeGuestSaved(9);
    expect(hasStoredGuestSaved()).toBe(false);
  });

  it('refuses a 201st item with the same words as an account, changing nothing', () => {
    const full = Array.from({ length: MAX_SAVED_ITEMS }, (_, index) => index + 1);
    localStorage.setItem(GUEST_SAVED_KEY, JSON.stringify(full));
    expect(() => addGuestSaved(9999)).toThrow(LIST_FULL_MESSAGE);
    expect(readGuestSavedIds()).toEqual(full);
    // Saving what is already saved is not growing the list.
    expect(() => addGuestSaved(1)).not.toThrow();
  });

  it('says so in words when the browser refuses to store, and reads blocked storage as empty', () => {
    vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new DOMException('quota', 'QuotaExceededError');
    });
    expect(() => addGuestSaved(1)).toThrow('This browser is not letting Lumen keep your saved items. Sign in to keep them in your account.');
    vi.spyOn(Storage.prototype, 'getItem').mockImplementation(() => {
      throw new DOMException('blocked', 'SecurityError');
    });
    expect(readGuestSavedIds()).toEqual([]);
    expect(hasStoredGuestSaved()).toBe(false);
  });
});
