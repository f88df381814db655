import { Button } from '@/components/ui/button';
import { fieldErrors } from '../api/account-schemas.ts';
import { authErrorField, authErrorMessage } from '../api/auth-error-message.ts';
import { SignUpInputSchema, useSignUp } from '../api/sign-up.ts';
import { useFormFields } from '../hooks/use-form-fields.ts';
import { FormAlert } from '@/components/ui/form-alert';
import { PasswordField } from './password-field.tsx';
import { TextField } from '@/components/ui/text-field';

/** Creates an account; with confirmations off (Lumen's default) the visitor is signed in at once. */
export function SignUpForm() {
  const signUp = useSignUp();
  const form = useFormFields({ email: '', password: '' }, (values) => fieldErrors(SignUpInputSchema, values));

  const onSubmit = form.handleSubmit((values) =>
    signUp.mutate(values, {
      onError: (error) => {
        const field = authErrorField(error);
        if (field === 'email' || field === 'password') form.setServerError(field, authErrorMessage(error));
      },
    }),
  );
  const formError = signUp.isError && !authErrorField(signUp.error) ? authErrorMessage(signUp.error) : null;

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
