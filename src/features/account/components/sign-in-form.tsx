import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { fieldErrors } from '../api/account-schemas.ts';
import { authErrorMessage } from '../api/auth-error-message.ts';
import { SignInInputSchema, useSignIn } from '../api/sign-in.ts';
import { useFormFields } from '../hooks/use-form-fields.ts';
import { FormAlert } from '@/components/ui/form-alert';
import { PasswordField } from './password-field.tsx';
import { TextField } from '@/components/ui/text-field';

/** Email + password sign-in. On success the route redirects (it watches the session). */
export function SignInForm({ initialEmail = '' }: { initialEmail?: string }) {
  const signIn = useSignIn();
  const form = useFormFields({ email: initialEmail, password: '' }, (values) => fieldErrors(SignInInputSchema, values));

  const onSubmit = form.handleSubmit((values) => signIn.mutate(values));

  return (
    <form id={form.formId} onSubmit={onSubmit} noValidate aria-label="Sign in" className="flex flex-col gap-4">
      {signIn.isError ? <FormAlert tone="error">{authErrorMessage(signIn.error)}</FormAlert> : null}
      <TextField label="E-mail" type="email" autoComplete="email" inputMode="email" {...form.field('email')} />
      <PasswordField label="Password" {...form.field('password')} />
      <div className="-mt-1 text-sm">
        <Link to={paths.forgotPassword.getHref()} className="text-primary underline-offset-4 hover:underline">
          Forgot your password?
        </Link>
      </div>
      <Button type="submit" size="lg" disabled={signIn.isPending || !form.ready}>
        {signIn.isPending ? 'Signing in…' : 'Sign in'}
      </Button>
    </form>
  );
}
