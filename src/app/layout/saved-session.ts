import { useSession } from '@/features/account/session/use-session';
import type { SavedSession } from '@/features/saved/hooks/use-saved-owner';

/** Joins the account's session to saved items (features never import each other; the app composes them). */
export function useSavedSession(): SavedSession {
  const session = useSession();
  return session.status === 'signed-in' ? { status: 'signed-in', userId: session.userId } : { status: session.status };
}
