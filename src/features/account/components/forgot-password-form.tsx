import { Button } from '@/components/ui/button';
import { fieldErrors } from '../api/account-schemas.ts';
import { authErrorMessage } from '../api/auth-error-message.ts';
import { PasswordResetInputSchema, useRequestPasswordReset } from '../api/request-password-reset.ts';
import { useFormFields } from '../hooks/use-form-fields.ts';
import { FormAlert } from '@/components/ui/form-alert';
import { TextField } from '@/components/ui/text-field';

/**
 * Asks for a reset link. The answer is the same whether or not an account exists, so the form
 * cannot be used to find out who has one.
 */
export function ForgotPasswordForm() {
  const request = useRequestPasswordReset();
  const form = useFormFields({ email: '' }, (values) => fieldErrors(PasswordResetInputSchema, values));
  const onSubmit = form.handleSubmit((values) => request.mutate(values));

  return (
    <form id={form.formId} onSubmit={onSubmit} noValidate aria-label="Reset password" className="flex flex-col gap-4">
      {request.isError ? <FormAlert tone="error">{authErrorMessage(request.error)}</FormAlert> : null}
      {request.isSuccess ? (
        <FormAlert tone="success">
          If an account uses <strong>{request.variables.email.trim()}</strong>, a link to set a new password is on its way. It works once.
        </FormAlert>
      ) : null}
      <TextField label="E-mail" type="email" autoComplete="email" inputMode="email" {...form.field('email')} />
      <Button type="submit" size="lg" disabled={request.isPending || !form.ready}>
        {request.isPending ? 'Sending…' : request.isSuccess ? 'Send again' : 'Send reset link'}
      </Button>
    </form>
  );
}
