import { CircleCheck, X } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { Button } from '@/components/ui/button';
import type { SessionEnding } from '../session/session-store.ts';

const MESSAGES: Record<SessionEnding, { title: string; detail: string }> = {
  'account-deletion': {
    title: 'Your account is deleted.',
    detail:
      'Your profile, avatar, cart and saved addresses are gone and every device is signed out. Past orders stay with the shop, no longer linked to you.',
  },
  'sign-out': { title: 'You are signed out.', detail: 'Your cart is kept with your account for when you sign in again.' },
};

function endingFrom(state: unknown): SessionEnding | null {
  if (typeof state !== 'object' || state === null || !('sessionEnded' in state)) return null;
  const ending = state.sessionEnded;
  return ending === 'account-deletion' || ending === 'sign-out' ? ending : null;
}

/**
 * Says why a page that needed the account sent this tab home (RequireSession passes the reason in
 * the history entry's state). The state is cleared at once, so a reload or Back does not say it again.
 */
export function SessionEndedNotice() {
  const location = useLocation();
  const navigate = useNavigate();
  const [ending, setEnding] = useState(() => endingFrom(location.state));
  useEffect(() => {
    if (endingFrom(location.state)) void navigate({ pathname: location.pathname, search: location.search, hash: location.hash }, { replace: true, state: null });
  }, [location, navigate]);
  if (!ending) return null;
  const { title, detail } = MESSAGES[ending];
  return (
    <div role="status" className="flex items-start gap-3 rounded-lg border border-border bg-surface p-4 text-sm">
      <CircleCheck aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-primary" />
      <div className="flex min-w-0 flex-1 flex-col gap-1">
        <p className="font-medium">{title}</p>
        <p className="text-muted-foreground">{detail}</p>
      </div>
      <Button variant="ghost" size="icon-xs" aria-label="Dismiss" onClick={() => setEnding(null)}>
        <X aria-hidden="true" />
      </Button>
    </div>
  );
}
