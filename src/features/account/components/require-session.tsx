import { Fragment, useEffect, type ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { RouteSkeleton } from '@/components/layout/route-skeleton';
import { paths } from '@/config/paths';
import { finishGuestHandover } from '../api/guest-handover.ts';
import { useSession } from '../session/use-session.ts';
import type { SessionState } from '../session/session-store.ts';

type SignedIn = Extract<SessionState, { status: 'signed-in' }>;

/**
 * Guards a page that needs an account: guests go to /sign-in?next=<this page> and come back
 * after signing in. Signing out in another tab lands here too, since the session follows.
 * The page is keyed by the user, so no state of one account's page survives into another's.
 */
export function RequireSession({ children }: { children: (session: SignedIn) => ReactNode }) {
  const session = useSession();
  const location = useLocation();
  const signedInAs = session.status === 'signed-in' ? session.userId : null;
  // A guest's orders that did not reach the account at sign-in (the page closed, the network failed)
  // are taken when the account's pages next open; nothing happens when none are waiting.
  useEffect(() => {
    if (signedInAs) void finishGuestHandover().catch(() => undefined);
  }, [signedInAs]);
  if (session.status === 'loading') return <RouteSkeleton />;
  if (session.status === 'signed-out') {
    if (session.endedHere) return <Navigate to={paths.home.getHref()} replace state={{ sessionEnded: session.endedHere }} />;
    const next = `${location.pathname}${location.search}${location.hash}`;
    return <Navigate to={paths.signIn.getHref(next)} replace />;
  }
  return <Fragment key={session.userId}>{children(session)}</Fragment>;
}
