import { useState } from 'react';
import * as z from 'zod/mini';
import { Button } from '@/components/ui/button';
import { EmailSchema, fieldErrors } from '../api/account-schemas.ts';
import { authErrorField, authErrorMessage } from '../api/auth-error-message.ts';
import { useChangeEmail } from '../api/change-email.ts';
import { useFormFields } from '../hooks/use-form-fields.ts';
import { FormAlert } from '@/components/ui/form-alert';
import { TextField } from '@/components/ui/text-field';

/** Following the first of the two confirmation links lands on /account with GoTrue's note in the fragment. */
function confirmationNoteFromHash(): string | null {
  return new URLSearchParams(window.location.hash.slice(1)).get('message');
}

export function ChangeEmailForm({ currentEmail, pendingEmail }: { currentEmail: string; pendingEmail: string | null }) {
  const change = useChangeEmail();
  const [note] = useState(confirmationNoteFromHash);
  const schema = z.object({
    email: EmailSchema.check(
      z.refine((value) => value.trim().toLowerCase() !== currentEmail.toLowerCase(), 'This is already your e-mail address.'),
    ),
  });
  const form = useFormFields({ email: '' }, (values) => fieldErrors(schema, values));
  const onSubmit = form.handleSubmit((values) =>
    change.mutate(values, {
      onError: (error) => {
        if (authErrorField(error) === 'email') form.setServerError('email', authErrorMessage(error));
      },
    }),
  );
  const formError = change.isError && !authErrorField(change.error) ? authErrorMessage(change.error) : null;
  const pending = change.data?.pending ?? pendingEmail;

  return (
    <form id={form.formId} onSubmit={onSubmit} noValidate aria-label="Change e-mail" className="flex flex-col gap-3">
      <p className="text-sm">
        Signed in as <strong className="break-all">{currentEmail}</strong>
      </p>
      {formError ? <FormAlert tone="error">{formError}</FormAlert> : null}
      {note && pending ? <FormAlert tone="success">{note}</FormAlert> : null}
      {pending && !note ? (
        <FormAlert tone="success">
          Confirm the change to <strong className="break-all">{pending}</strong>: we sent a link to it and one to {currentEmail}. Follow
          both, and the new address takes over.
        </FormAlert>
      ) : null}
      <TextField label="New e-mail" type="email" autoComplete="email" inputMode="email" {...form.field('email')} />
      <Button type="submit" disabled={change.isPending} className="self-start">
        {change.isPending ? 'Sending links…' : 'Change e-mail'}
      </Button>
    </form>
  );
}
