import { useGuestSavedMerge } from '../hooks/use-guest-saved-merge.ts';
import { useSavedOwner, type SavedSession } from '../hooks/use-saved-owner.ts';
import { useSavedSync } from '../hooks/use-saved-sync.ts';
import { SavedNotice } from './saved-notice.tsx';

/**
 * What saved items need once per page, whatever it shows: the guest list merged at sign-in, the
 * list kept in step with other tabs and devices, and the place their messages appear.
 */
export function SavedRuntime({ session }: { session: SavedSession }) {
  useGuestSavedMerge(session);
  useSavedSync(useSavedOwner(session));
  return <SavedNotice scope={session.status === 'signed-in' ? session.userId : null} />;
}
