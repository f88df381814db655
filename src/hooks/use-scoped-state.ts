import { useCallback, useState } from 'react';

/**
 * useState whose value belongs to a scope (a user id, say): once the scope changes the old value
 * is never returned again, not even for the one render an effect-based reset would take.
 */
export function useScopedState<T>(scope: string | null, initial: T): [T, (value: T) => void] {
  const [held, setHeld] = useState<{ scope: string | null; value: T }>({ scope, value: initial });
  const set = useCallback((value: T) => setHeld({ scope, value }), [scope]);
  return [held.scope === scope ? held.value : initial, set];
}
