import { Link, Navigate, useSearchParams } from 'react-router';
import { PageTitle } from '@/components/layout/page-title';
import { paths } from '@/config/paths';
import { AuthCard } from '@/features/account/components/auth-card';
import { SignInForm } from '@/features/account/components/sign-in-form';
import { safeNextPath } from '@/features/account/session/safe-next-path';
import { useSession } from '@/features/account/session/use-session';

export function SignInRoute() {
  const session = useSession();
  const [params] = useSearchParams();
  const rawNext = params.get('next');
  const next = safeNextPath(rawNext);

  // Signing in here (or in another tab) moves on to where the visitor was going.
  // The form shows while the session is still being read (and in prerendered HTML); a visitor who
  // turns out to be signed in moves on.
  if (session.status === 'signed-in') return <Navigate to={next} replace />;

  return (
    <>
      <PageTitle title="Sign in" />
      <AuthCard
        title="Sign in"
        description={rawNext ? 'Sign in to continue where you were.' : 'Welcome back to Lumen.'}
        footer={
          <p>
            New to Lumen?{' '}
            <Link to={paths.signUp.getHref(rawNext ? next : undefined)} className="font-medium text-primary underline-offset-4 hover:underline">
              Create an account
            </Link>
          </p>
        }
      >
        <SignInForm />
      </AuthCard>
    </>
  );
}
