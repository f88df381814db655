import { afterEach, describe, expect, it, vi } from 'vitest';
import { onEarlyPress, takeOverEarlyPresses } from './early-presses.ts';

afterEach(() => {
  window.lumenEarlyPresses = undefined;
});

describe('presses made before the app was live', () => {
  it('reach a widget registered before the take-over, keyboard winning over pointer', () => {
    const open = vi.fn();
    const unregister = onEarlyPress('theme', open);
    window.lumenEarlyPresses = ['theme', 'theme:key'];
    takeOverEarlyPresses();
    expect(open).toHaveBeenCalledExactlyOnceWith('keyboard');
    expect(window.lumenEarlyPresses).toBeNull();
    unregister();
  });

  it('wait for a widget that registers after the take-over (hydrated in a later commit), once', () => {
    window.lumenEarlyPresses = ['cart'];
    takeOverEarlyPresses();
    const open = vi.fn();
    const unregister = onEarlyPress('cart', open);
    expect(open).toHaveBeenCalledExactlyOnceWith('pointer');
    unregister();
    const again = vi.fn();
    onEarlyPress('cart', again)();
    expect(again).not.toHaveBeenCalled();
  });

  it('open nothing that was not pressed', () => {
    const open = vi.fn();
    const unregister = onEarlyPress('search', open);
    window.lumenEarlyPresses = ['menu'];
    takeOverEarlyPresses();
    expect(open).not.toHaveBeenCalled();
    unregister();
  });
});
