import { ImageUp, Trash2 } from 'lucide-react';
import { useId, useRef, useState, type ChangeEvent } from 'react';
import { Button } from '@/components/ui/button';
import { authErrorMessage } from '../api/auth-error-message.ts';
import type { Profile } from '../api/profile.ts';
import { useRemoveAvatar, useUploadAvatar } from '../api/upload-avatar.ts';
import { checkImageFile, ImageInputError } from '@/utils/resize-image';
import { FormAlert } from '@/components/ui/form-alert';
import { UserAvatar } from './user-avatar.tsx';

/** Picks, checks, resizes (≤ 512 px) and uploads an avatar; errors name the file and the problem. */
export function AvatarPicker({ profile, email }: { profile: Profile; email: string }) {
  const upload = useUploadAvatar();
  const remove = useRemoveAvatar();
  const inputRef = useRef<HTMLInputElement>(null);
  const inputId = useId();
  const [inputError, setInputError] = useState<string | null>(null);
  const busy = upload.isPending || remove.isPending;
  const mutationError = upload.error ?? remove.error;
  const error = inputError ?? (mutationError ? (mutationError instanceof ImageInputError ? mutationError.message : authErrorMessage(mutationError)) : null);

  const onPick = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    try {
      checkImageFile(file);
    } catch (problem) {
      setInputError(problem instanceof Error ? problem.message : String(problem));
      return;
    }
    setInputError(null);
    remove.reset();
    upload.mutate({ userId: profile.id, file, previousPath: profile.avatar_path });
  };

  return (
    <div className="flex flex-col gap-3">
      <div className="flex flex-wrap items-center gap-4">
        <UserAvatar path={profile.avatar_path} displayName={profile.display_name} email={email} size="lg" />
        <div className="flex flex-wrap gap-2">
          <input
            ref={inputRef}
            id={inputId}
            type="file"
            accept="image/jpeg,image/png,image/webp"
            className="sr-only"
            tabIndex={-1}
            aria-label="Avatar image file"
            onChange={onPick}
          />
          <Button type="button" variant="secondary" disabled={busy} onClick={() => inputRef.current?.click()}>
            <ImageUp aria-hidden="true" />
            {upload.isPending ? 'Uploading…' : profile.avatar_path ? 'Change avatar' : 'Upload avatar'}
          </Button>
          {profile.avatar_path ? (
            <Button
              type="button"
              variant="ghost"
              disabled={busy}
              onClick={() => {
                setInputError(null);
                upload.reset();
                remove.mutate({ userId: profile.id, previousPath: profile.avatar_path });
              }}
            >
              <Trash2 aria-hidden="true" />
              {remove.isPending ? 'Removing…' : 'Remove avatar'}
            </Button>
          ) : null}
        </div>
      </div>
      <p className="text-sm text-muted-foreground">JPEG, PNG or WebP up to 10 MB; we shrink it to 512 px.</p>
      <div aria-live="polite">
        {error ? <FormAlert tone="error">{error}</FormAlert> : null}
        {upload.isSuccess && !error ? <FormAlert tone="success">Your new avatar is saved.</FormAlert> : null}
      </div>
    </div>
  );
}
