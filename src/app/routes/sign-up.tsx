import { Link, Navigate, useSearchParams } from 'react-router';
import { PageTitle } from '@/components/layout/page-title';
import { paths } from '@/config/paths';
import { AuthCard } from '@/features/account/components/auth-card';
import { SignUpForm } from '@/features/account/components/sign-up-form';
import { safeNextPath } from '@/features/account/session/safe-next-path';
import { useSession } from '@/features/account/session/use-session';

export function SignUpRoute() {
  const session = useSession();
  const [params] = useSearchParams();
  const rawNext = params.get('next');
  const next = safeNextPath(rawNext);

  // The form shows while the session is still being read (and in prerendered HTML); a visitor who
  // turns out to be signed in moves on.
  if (session.status === 'signed-in') return <Navigate to={next} replace />;

  return (
    <>
      <PageTitle title="Create account" />
      <AuthCard
        title="Create your account"
        description="Keep your cart on every device, place order requests and follow them."
        footer={
          <p>
            Already have an account?{' '}
            <Link to={paths.signIn.getHref(rawNext ? next : undefined)} className="font-medium text-primary underline-offset-4 hover:underline">
              Sign in
            </Link>
          </p>
        }
      >
        <SignUpForm />
      </AuthCard>
    </>
  );
}
