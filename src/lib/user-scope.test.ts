import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { createUserScopeGuard, ownerOf, userScope } from './user-scope.ts';

const A = '00000000-0000-4000-8000-00000000000a';
const B = '00000000-0000-4000-8000-00000000000b';

function setup() {
  const queryClient = new QueryClient();
  const guard = createUserScopeGuard(queryClient);
  const keys = () =>
    queryClient
      .getQueryCache()
      .getAll()
      .map((query) => query.queryKey);
  return { queryClient, guard, keys };
}

const flushMicrotasks = () => new Promise<void>((resolve) => queueMicrotask(resolve));

describe('ownerOf', () => {
  it('reads the user from the scope part of a key and nothing else', () => {
    expect(ownerOf(['orders', userScope(A), 'list'])).toBe(A);
    expect(ownerOf(['cart', 'guest'])).toBeNull();
    expect(ownerOf(['catalog', 'items', { page: 1 }])).toBeNull();
    expect(ownerOf([])).toBeNull();
  });
});

describe('createUserScopeGuard', () => {
  it('drops every other user’s queries and keeps public data when the session changes', () => {
    const { queryClient, guard, keys } = setup();
    guard.track(A);
    queryClient.setQueryData(['orders', userScope(A), 'list'], [{ id: 1 }]);
    queryClient.setQueryData(['account', userScope(A), 'profile'], { display_name: 'Demo' });
    queryClient.setQueryData(['catalog', 'categories'], []);
    queryClient.setQueryData(['cart', 'guest'], []);

    guard.track(B);
    expect(keys()).toEqual([
      ['catalog', 'categories'],
      ['cart', 'guest'],
    ]);

    queryClient.setQueryData(['orders', userScope(B), 'list'], []);
    guard.track(null);
    expect(keys().map((key) => ownerOf(key))).toEqual([null, null]);
  });

  it('removes data of the previous user that a late response or a settling mutation adds afterwards', async () => {
    const { queryClient, guard, keys } = setup();
    guard.track(A);
    guard.track(null);
    queryClient.setQueryData(['orders', userScope(A), 'detail', 3], { id: 3 });
    await flushMicrotasks();
    expect(keys()).toEqual([]);

    guard.track(B);
    queryClient.setQueryData(['orders', userScope(B), 'detail', 4], { id: 4 });
    await flushMicrotasks();
    expect(keys()).toEqual([['orders', userScope(B), 'detail', 4]]);
  });

  it('forgets settled mutations (their results hold the previous account’s data)', async () => {
    const { queryClient, guard } = setup();
    guard.track(A);
    const mutation = queryClient.getMutationCache().build(queryClient, { mutationFn: async () => ({ display_name: 'Demo' }) });
    await mutation.execute(undefined);
    expect(queryClient.getMutationCache().getAll()).toHaveLength(1);
    guard.track(B);
    expect(queryClient.getMutationCache().getAll()).toHaveLength(0);
  });
});
