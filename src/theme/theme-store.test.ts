import { afterEach, describe, expect, it, vi } from 'vitest';
import { installFakeColorScheme } from '@/testing/fake-media';
import { createThemeStore, type ThemeStore } from './theme-store.ts';

let store: ThemeStore | null = null;
function makeStore() {
  store = createThemeStore({ window, document });
  return store;
}
afterEach(() => store?.destroy());

function storageEvent(key: string | null, newValue: string | null) {
  window.dispatchEvent(new StorageEvent('storage', { key, newValue, storageArea: localStorage }));
}

describe('theme store', () => {
  it('defaults to system without writing storage', () => {
    installFakeColorScheme(true);
    const setItem = vi.spyOn(Storage.prototype, 'setItem');
    expect(makeStore().getSnapshot()).toEqual({ preference: 'system', resolved: 'dark' });
    expect(document.documentElement.dataset.theme).toBe('dark');
    expect(setItem).not.toHaveBeenCalled();
    expect(localStorage.getItem('theme')).toBeNull();
  });

  it('writes the raw value once when the choice changes, never for the same choice', () => {
    installFakeColorScheme(false);
    const setItem = vi.spyOn(Storage.prototype, 'setItem');
    const themeStore = makeStore();
    themeStore.setPreference('dark');
    themeStore.setPreference('dark');
    expect(setItem).toHaveBeenCalledTimes(1);
    expect(localStorage.getItem('theme')).toBe('dark');
    expect(document.documentElement.style.colorScheme).toBe('dark');
    expect(document.documentElement.classList.contains('theme-switching')).toBe(false);
  });

  it('follows the OS live only while the preference is system', () => {
    const media = installFakeColorScheme(false);
    const themeStore = makeStore();
    media.setDark(true);
    expect(themeStore.getSnapshot().resolved).toBe('dark');
    themeStore.setPreference('light');
    media.setDark(false);
    media.setDark(true);
    expect(themeStore.getSnapshot()).toEqual({ preference: 'light', resolved: 'light' });
    expect(document.documentElement.dataset.theme).toBe('light');
  });

  it('follows other tabs without writing back', () => {
    installFakeColorScheme(false);
    const themeStore = makeStore();
    const listener = vi.fn();
    themeStore.subscribe(listener);
    const setItem = vi.spyOn(Storage.prototype, 'setItem');
    storageEvent('theme', 'dark');
    expect(themeStore.getSnapshot().preference).toBe('dark');
    storageEvent('theme', 'nonsense');
    expect(themeStore.getSnapshot()).toEqual({ preference: 'system', resolved: 'light' });
    storageEvent('theme', 'dark');
    storageEvent(null, null); // localStorage.clear() elsewhere
    expect(themeStore.getSnapshot().preference).toBe('system');
    storageEvent('other-key', 'dark');
    expect(themeStore.getSnapshot().preference).toBe('system');
    expect(setItem).not.toHaveBeenCalled();
    expect(listener).toHaveBeenCalledTimes(4);
  });

  it('ignores an invalid stored value', () => {
    installFakeColorScheme(true);
    localStorage.setItem('theme', '<img src=x onerror=alert(1)>');
    expect(makeStore().getSnapshot()).toEqual({ preference: 'system', resolved: 'dark' });
    expect(document.documentElement.dataset.theme).toBe('dark');
  });

  it('keeps an in-memory choice when storage throws', () => {
    installFakeColorScheme(false);
    vi.spyOn(Storage.prototype, 'getItem').mockImplementation(() => {
      throw new DOMException('blocked', 'SecurityError');
    });
    vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new DOMException('full', 'QuotaExceededError');
    });
    const themeStore = makeStore();
    themeStore.setPreference('dark');
    expect(themeStore.getSnapshot()).toEqual({ preference: 'dark', resolved: 'dark' });
    expect(document.documentElement.dataset.theme).toBe('dark');
  });

  it('treats a missing matchMedia as light', () => {
    const original = window.matchMedia;
    // @ts-expect-error simulating a browser without matchMedia
    delete window.matchMedia;
    try {
      expect(makeStore().getSnapshot().resolved).toBe('light');
    } finally {
      window.matchMedia = original;
    }
  });

  it('stops listening when destroyed', () => {
    const media = installFakeColorScheme(false);
    makeStore().destroy();
    expect(media.listenerCount()).toBe(0);
  });
});
