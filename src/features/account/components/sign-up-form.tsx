import { Button } from '@/components/ui/button';
import { useSignUpForm } from '../hooks/use-sign-up-form.ts';
import { FormAlert } from '@/components/ui/form-alert';
import { PasswordField } from './password-field.tsx';
import { TextField } from '@/components/ui/text-field';

/** Creates an account; with confirmations off (Lumen's default) the visitor is signed in at once. */
export function SignUpForm() {
  const { signUp, form, onSubmit, formError } = useSignUpForm();

  if (signUp.data === 'confirm-email') {
    return (
      <FormAlert tone="success">
        Almost there: we sent a confirmation link to <strong>{form.values.email}</strong>. Follow it to finish signing up.
      </FormAlert>
    );
  }

  return (
    <form id={form.formId} onSubmit={onSubmit} noValidate aria-label="Create account" className="flex flex-col gap-4">
      {formError ? <FormAlert tone="error">{formError}</FormAlert> : null}
      <TextField label="E-mail" type="email" autoComplete="email" inputMode="email" {...form.field('email')} />
      <PasswordField label="Password" isNew {...form.field('password')} />
      <Button type="submit" size="lg" disabled={signUp.isPending || !form.ready}>
        {signUp.isPending ? 'Creating your account…' : 'Create account'}
      </Button>
    </form>
  );
}
