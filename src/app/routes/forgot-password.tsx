import { Link } from 'react-router';
import { PageTitle } from '@/components/layout/page-title';
import { paths } from '@/config/paths';
import { AuthCard } from '@/features/account/components/auth-card';
import { ForgotPasswordForm } from '@/features/account/components/forgot-password-form';

export function ForgotPasswordRoute() {
  return (
    <>
      <PageTitle title="Forgot password" />
      <AuthCard
        title="Forgot your password?"
        description="Enter your account's e-mail and we will send you a link to set a new password."
        footer={
          <p>
            Remembered it?{' '}
            <Link to={paths.signIn.getHref()} className="font-medium text-primary underline-offset-4 hover:underline">
              Sign in
            </Link>
          </p>
        }
      >
        <ForgotPasswordForm />
      </AuthCard>
    </>
  );
}
