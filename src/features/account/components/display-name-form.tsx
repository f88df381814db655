import * as z from 'zod/mini';
import { Button } from '@/components/ui/button';
import { fieldErrors, MAX_DISPLAY_NAME_LENGTH } from '../api/account-schemas.ts';
import { authErrorMessage } from '../api/auth-error-message.ts';
import type { Profile } from '../api/profile-schema.ts';
import { useUpdateDisplayName } from '../api/update-profile.ts';
import { useFormFields } from '../hooks/use-form-fields.ts';
import { FormAlert } from './form-alert.tsx';
import { TextField } from './text-field.tsx';

const DisplayNameFormSchema = z.object({
  displayName: z.string().check(z.trim(), z.maxLength(MAX_DISPLAY_NAME_LENGTH, `Use at most ${MAX_DISPLAY_NAME_LENGTH} characters.`)),
});

export function DisplayNameForm({ profile }: { profile: Profile }) {
  const update = useUpdateDisplayName();
  const form = useFormFields({ displayName: profile.display_name ?? '' }, (values) => fieldErrors(DisplayNameFormSchema, values));
  const onSubmit = form.handleSubmit((values) => update.mutate({ userId: profile.id, displayName: values.displayName }));
  const unchanged = form.values.displayName.trim() === (profile.display_name ?? '');

  return (
    <form id={form.formId} onSubmit={onSubmit} noValidate aria-label="Display name" className="flex flex-col gap-3">
      {update.isError ? <FormAlert tone="error">{authErrorMessage(update.error)}</FormAlert> : null}
      {update.isSuccess && unchanged ? <FormAlert tone="success">Your name is saved.</FormAlert> : null}
      <TextField
        label="Display name"
        autoComplete="name"
        maxLength={MAX_DISPLAY_NAME_LENGTH + 20}
        hint="Shown on your account and in the header. Leave empty to use your initials."
        {...form.field('displayName')}
      />
      <Button type="submit" disabled={update.isPending || unchanged} className="self-start">
        {update.isPending ? 'Saving…' : 'Save name'}
      </Button>
    </form>
  );
}
