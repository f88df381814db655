import { Button } from '@/components/ui/button';
import { fieldErrors } from '../api/account-schemas.ts';
import { authErrorField, authErrorMessage } from '../api/auth-error-message.ts';
import { UpdatePasswordInputSchema, useUpdatePassword } from '../api/update-password.ts';
import { useFormFields } from '../hooks/use-form-fields.ts';
import { FormAlert } from './form-alert.tsx';
import { PasswordField } from './password-field.tsx';

/** New password + confirmation: the last step of a reset, and "Change password" on /account. */
export function NewPasswordForm({ label, submitLabel, onSaved }: { label: string; submitLabel: string; onSaved?: () => void }) {
  const update = useUpdatePassword();
  const form = useFormFields({ password: '', confirm: '' }, (values) => fieldErrors(UpdatePasswordInputSchema, values));

  const onSubmit = form.handleSubmit((values) =>
    update.mutate(values, {
      onSuccess: () => {
        form.reset();
        onSaved?.();
      },
      onError: (error) => {
        if (authErrorField(error) === 'password') form.setServerError('password', authErrorMessage(error));
      },
    }),
  );
  const formError = update.isError && !authErrorField(update.error) ? authErrorMessage(update.error) : null;

  return (
    <form id={form.formId} onSubmit={onSubmit} noValidate aria-label={label} className="flex flex-col gap-4">
      {formError ? <FormAlert tone="error">{formError}</FormAlert> : null}
      {update.isSuccess ? <FormAlert tone="success">Your new password is saved.</FormAlert> : null}
      <PasswordField label="New password" isNew {...form.field('password')} />
      <PasswordField label="Repeat new password" autoComplete="new-password" {...form.field('confirm')} />
      <Button type="submit" disabled={update.isPending} className="self-start">
        {update.isPending ? 'Saving…' : submitLabel}
      </Button>
    </form>
  );
}
