import { User } from 'lucide-react';
import { useEffect } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { Button } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { useProfile } from '../api/get-profile.ts';
import { endPasswordRecovery } from '../session/session-store.ts';
import { signInHrefFor } from '../session/sign-in-href.ts';
import { useSession } from '../session/use-session.ts';
import { UserAvatar } from './user-avatar.tsx';

/**
 * The header's "Account" / "Sign in" control (DESIGN §3): the avatar or initials when signed in.
 * It is on every page, so it also sends a PASSWORD_RECOVERY session to the set-new-password form
 * wherever the recovery link landed.
 */
export function AccountControl({ showLabel = false }: { showLabel?: boolean }) {
  const session = useSession();
  const userId = session.status === 'signed-in' ? session.userId : null;
  const profile = useProfile(userId);
  const navigate = useNavigate();
  const location = useLocation();
  const { pathname } = location;

  const recovering = session.status === 'signed-in' && session.recovering;
  useEffect(() => {
    if (!recovering) return;
    // Once: a visitor who then browses away without a new password is not dragged back.
    endPasswordRecovery();
    if (pathname !== paths.resetPassword.path) void navigate(paths.resetPassword.getHref(), { replace: true });
  }, [recovering, pathname, navigate]);

  if (session.status !== 'signed-in') {
    return (
      <Button variant="ghost" size="compact" asChild>
        <Link to={signInHrefFor(location)} aria-busy={session.status === 'loading' || undefined}>
          <User aria-hidden="true" />
          Sign in
        </Link>
      </Button>
    );
  }
  return (
    <Button variant="ghost" size="tight" asChild>
      <Link to={paths.account.getHref()} aria-label={showLabel ? undefined : 'Account'} title={session.email}>
        <UserAvatar path={profile.data?.avatar_path} displayName={profile.data?.display_name} email={session.email} />
        <span className={showLabel ? undefined : 'sr-only'}>Account</span>
      </Link>
    </Button>
  );
}
