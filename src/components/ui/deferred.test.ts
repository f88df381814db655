import { afterEach, describe, expect, it, vi } from 'vitest';
import { deferred } from './deferred.ts';

const Widget = () => null;

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('deferred', () => {
  it('tries a failed import again once the browser is back online, and only then', async () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    const importer = vi.fn<() => Promise<typeof Widget>>().mockRejectedValueOnce(new TypeError('Failed to fetch dynamically imported module')).mockResolvedValue(Widget);
    const widget = deferred(importer);
    let loaded = false;
    void widget.load().then(() => (loaded = true));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(importer).toHaveBeenCalledTimes(1);
    expect(loaded).toBe(false);
    window.dispatchEvent(new Event('online'));
    await vi.waitFor(() => expect(loaded).toBe(true));
    expect(importer).toHaveBeenCalledTimes(2);
  });

  it('online, tries again after a pause that grows', async () => {
    vi.useFakeTimers();
    const importer = vi.fn<() => Promise<typeof Widget>>().mockRejectedValueOnce(new Error('502')).mockRejectedValueOnce(new Error('502')).mockResolvedValue(Widget);
    const widget = deferred(importer);
    const loading = widget.load();
    await vi.advanceTimersByTimeAsync(999);
    expect(importer).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(importer).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(1999);
    expect(importer).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(1);
    await expect(loading).resolves.toBe(Widget);
    expect(importer).toHaveBeenCalledTimes(3);
  });
});
