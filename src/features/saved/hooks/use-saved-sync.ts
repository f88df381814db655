import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { usePrivateTopicRefetch } from '@/hooks/use-private-topic-refetch';
import type { SavedOwner } from '../api/get-saved-items.ts';
import { GUEST_SAVED_KEY } from '../api/guest-saved-store.ts';
import { savedKeys } from '../api/saved-keys.ts';
import { SAVED_CHANGE_MUTATION_KEY } from './use-saved-items.ts';

/**
 * Keeps the saved items fresh across tabs and devices: signed in, through the user's private topic
 * `saved:<user id>`; a guest's list follows this browser's other tabs through the storage event.
 */
export function useSavedSync(owner: SavedOwner | null) {
  const queryClient = useQueryClient();
  const userId = owner?.kind === 'user' ? owner.userId : null;
  const isGuest = owner?.kind === 'guest';

  usePrivateTopicRefetch(userId ? `saved:${userId}` : null, savedKeys.user(userId ?? ''), SAVED_CHANGE_MUTATION_KEY);

  useEffect(() => {
    if (!isGuest) return;
    const onStorage = (event: StorageEvent) => {
      if (event.key === GUEST_SAVED_KEY || event.key === null) void queryClient.invalidateQueries({ queryKey: savedKeys.guest });
    };
    window.addEventListener('storage', onStorage);
    return () => window.removeEventListener('storage', onStorage);
  }, [isGuest, queryClient]);
}
