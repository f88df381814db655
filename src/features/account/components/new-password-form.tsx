import { Button } from '@/components/ui/button';
import { fieldErrors } from '../api/account-schemas.ts';
import { authErrorField, authErrorMessage } from '../api/auth-error-message.ts';
import { updatePasswordInputSchema, useUpdatePassword } from '../api/update-password.ts';
import { useFormFields } from '../hooks/use-form-fields.ts';
import { FormAlert } from '@/components/ui/form-alert';
import { PasswordField } from './password-field.tsx';

/**
 * Current password (unless `askCurrent` is false: a recovery link's session), new password and its
 * confirmation: the last step of a reset, and "Change password" on /account.
 */
export function NewPasswordForm({
  label,
  submitLabel,
  askCurrent,
  onSaved,
}: {
  label: string;
  submitLabel: string;
  askCurrent: boolean;
  onSaved?: () => void;
}) {
  const update = useUpdatePassword();
  const schema = updatePasswordInputSchema({ askCurrent });
  const form = useFormFields({ current: '', password: '', confirm: '' }, (values) => fieldErrors(schema, values));

  const onSubmit = form.handleSubmit((values) =>
    update.mutate(askCurrent ? values : { ...values, current: '' }, {
      onSuccess: () => {
        form.reset();
        onSaved?.();
      },
      onError: (error) => {
        const field = authErrorField(error);
        if (field === 'password' || field === 'current') form.setServerError(field, authErrorMessage(error));
      },
    }),
  );
  const formError = update.isError && !authErrorField(update.error) ? authErrorMessage(update.error) : null;

  return (
    <form id={form.formId} onSubmit={onSubmit} noValidate aria-label={label} className="flex flex-col gap-4">
      {formError ? <FormAlert tone="error">{formError}</FormAlert> : null}
      {update.isSuccess ? <FormAlert tone="success">Your new password is saved.</FormAlert> : null}
      {askCurrent ? <PasswordField label="Current password" {...form.field('current')} /> : null}
      <PasswordField label="New password" isNew {...form.field('password')} />
      <PasswordField label="Repeat new password" autoComplete="new-password" {...form.field('confirm')} />
      <Button type="submit" disabled={update.isPending} className="self-start">
        {update.isPending ? 'Saving…' : submitLabel}
      </Button>
    </form>
  );
}
