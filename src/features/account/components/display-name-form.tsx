import { Button } from '@/components/ui/button';
import { MAX_DISPLAY_NAME_LENGTH } from '../api/account-schemas.ts';
import { authErrorMessage } from '../api/auth-error-message.ts';
import type { Profile } from '../api/profile.ts';
import { useUpdateDisplayName } from '../api/update-profile.ts';
import { useFormFields } from '../hooks/use-form-fields.ts';
import { FormAlert } from '@/components/ui/form-alert';
import { TextField } from '@/components/ui/text-field';

/** Says how long the name is, so a pasted one can be shortened rather than silently cut. */
function validateDisplayName({ displayName }: { displayName: string }) {
  const length = [...displayName.trim()].length;
  return length > MAX_DISPLAY_NAME_LENGTH
    ? { displayName: `Use at most ${MAX_DISPLAY_NAME_LENGTH} characters: this name has ${length}.` }
    : {};
}

export function DisplayNameForm({ profile }: { profile: Profile }) {
  const update = useUpdateDisplayName();
  const form = useFormFields({ displayName: profile.display_name ?? '' }, validateDisplayName);
  const onSubmit = form.handleSubmit((values) => update.mutate({ userId: profile.id, displayName: values.displayName }));
  const unchanged = form.values.displayName.trim() === (profile.display_name ?? '');
  const field = form.field('displayName');

  return (
    <form id={form.formId} onSubmit={onSubmit} noValidate aria-label="Display name" className="flex flex-col gap-3">
      {update.isError ? <FormAlert tone="error">{authErrorMessage(update.error)}</FormAlert> : null}
      {update.isSuccess && unchanged ? <FormAlert tone="success">Your name is saved.</FormAlert> : null}
      <TextField
        label="Display name"
        autoComplete="name"
        hint={`Up to ${MAX_DISPLAY_NAME_LENGTH} characters, shown on your account and in the header. Leave empty to use your initials.`}
        {...field}
        onChange={(event) => {
          // "Saved" is about what was saved: an edit after it takes the message away.
          if (!update.isPending) update.reset();
          field.onChange(event);
        }}
      />
      <Button type="submit" disabled={update.isPending || unchanged} className="self-start">
        {update.isPending ? 'Saving…' : 'Save name'}
      </Button>
    </form>
  );
}
