import { useState } from 'react';
import { Link } from 'react-router';
import { PageTitle } from '@/components/layout/page-title';
import { RouteSkeleton } from '@/components/layout/route-skeleton';
import { Button } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { AuthCard } from '@/features/account/components/auth-card';
import { FormAlert } from '@/components/ui/form-alert';
import { NewPasswordForm } from '@/features/account/components/new-password-form';
import { isRecoverySession } from '@/features/account/session/recovery-session';
import { endPasswordRecovery } from '@/features/account/session/session-store';
import { useSession } from '@/features/account/session/use-session';

/** GoTrue puts a failed link's reason in the fragment (#error=…&error_description=…). */
function linkErrorFromHash(): string | null {
  const params = new URLSearchParams(window.location.hash.slice(1));
  const description = params.get('error_description');
  if (!params.get('error') && !description) return null;
  return description ?? 'This link cannot be used.';
}

/**
 * The recovery link lands here with a session in the URL fragment (supabase-js signs the
 * visitor in and emits PASSWORD_RECOVERY); the visitor then chooses a new password.
 */
export function ResetPasswordRoute() {
  const session = useSession();
  const [linkError] = useState(linkErrorFromHash);
  const [saved, setSaved] = useState(false);

  if (session.status === 'loading') return <RouteSkeleton />;

  return (
    <>
      <PageTitle title="Set a new password" />
      <AuthCard title="Set a new password" description={session.status === 'signed-in' ? `For ${session.email}.` : undefined}>
        {saved ? (
          <div className="flex flex-col gap-4">
            <FormAlert tone="success">Your new password is saved, and you are signed in.</FormAlert>
            <Button asChild className="self-start">
              <Link to={paths.account.getHref()}>Go to your account</Link>
            </Button>
          </div>
        ) : linkError || session.status === 'signed-out' ? (
          // A used or expired link says so even to someone still signed in from before: the form
          // would otherwise suggest the link worked.
          <div className="flex flex-col gap-4">
            <FormAlert tone="error">
              {linkError ? `${linkError}.`.replace(/\.\.$/, '.') : 'Open this page from the link in your password reset e-mail.'} Reset links work
              once and expire after an hour.
            </FormAlert>
            {session.status === 'signed-in' ? (
              <p className="text-sm text-muted-foreground">
                You are still signed in as {session.email}: you can{' '}
                <Link to={`${paths.account.getHref()}#security`} className="font-medium text-primary underline-offset-4 hover:underline">
                  change your password in your account
                </Link>
                .
              </p>
            ) : null}
            <Button asChild className="self-start">
              <Link to={paths.forgotPassword.getHref()}>Send a new link</Link>
            </Button>
          </div>
        ) : (
          <NewPasswordForm
            label="Set a new password"
            submitLabel="Save new password"
            askCurrent={!isRecoverySession(session.session)}
            onSaved={() => {
              endPasswordRecovery();
              setSaved(true);
            }}
          />
        )}
      </AuthCard>
    </>
  );
}
