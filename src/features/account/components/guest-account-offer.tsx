import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { FormAlert } from '@/components/ui/form-alert';
import { TextField } from '@/components/ui/text-field';
import { paths } from '@/config/paths';
import { useSignUpForm } from '../hooks/use-sign-up-form.ts';
import { PasswordField } from './password-field.tsx';

/**
 * Beside a guest's order: create an account from the guest session (the order stays, since the
 * user id does), or sign in to an existing one (the order is handed over). `returnTo` is this page.
 */
export function GuestAccountOffer({ email, returnTo }: { email: string | null; returnTo: string }) {
  const { signUp, form, onSubmit, formError } = useSignUpForm(email ?? '');

  return (
    <section aria-labelledby="guest-account-heading" className="flex w-full flex-col gap-4 rounded-lg border border-border bg-surface p-5 shadow-sm lg:max-w-sm">
      <div className="flex flex-col gap-1">
        <h2 id="guest-account-heading" className="text-lg font-semibold">
          Keep this order in an account
        </h2>
        <p className="text-sm text-muted-foreground">Follow your orders on any device and check out faster next time.</p>
      </div>
      {signUp.data === 'confirm-email' ? (
        <FormAlert tone="success">
          Almost there: we sent a confirmation link to <strong>{form.values.email}</strong>. Follow it and this order is in your account.
        </FormAlert>
      ) : (
        <form id={form.formId} onSubmit={onSubmit} noValidate aria-label="Create an account for this order" className="flex flex-col gap-4">
          {formError ? <FormAlert tone="error">{formError}</FormAlert> : null}
          <TextField label="E-mail" type="email" autoComplete="email" inputMode="email" {...form.field('email')} />
          <PasswordField label="Password" isNew {...form.field('password')} />
          <Button type="submit" disabled={signUp.isPending || !form.ready}>
            {signUp.isPending ? 'Creating your account…' : 'Create account'}
          </Button>
        </form>
      )}
      <p className="text-sm text-muted-foreground">
        Have an account?{' '}
        <Link to={paths.signIn.getHref(returnTo)} className="font-medium text-primary underline-offset-4 hover:underline">
          Sign in
        </Link>{' '}
        and this order moves into it.
      </p>
    </section>
  );
}
