import { act, renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useScopedState } from './use-scoped-state.ts';

describe('useScopedState', () => {
  it('keeps a value within its scope and never returns it for another', () => {
    const { result, rerender } = renderHook(({ scope }) => useScopedState<string | null>(scope, null), { initialProps: { scope: 'user-a' as string | null } });
    act(() => result.current[1]('Only 2 of Lamp left.'));
    expect(result.current[0]).toBe('Only 2 of Lamp left.');

    rerender({ scope: 'user-b' });
    expect(result.current[0]).toBeNull();
    rerender({ scope: null });
    expect(result.current[0]).toBeNull();

    act(() => result.current[1]('guest message'));
    expect(result.current[0]).toBe('guest message');
  });
});
