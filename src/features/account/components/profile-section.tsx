import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { useProfile } from '../api/get-profile.ts';
import { AccountSection } from './account-section.tsx';
import { AvatarPicker } from './avatar-picker.tsx';
import { DisplayNameForm } from './display-name-form.tsx';
import { FormAlert } from '@/components/ui/form-alert';

export function ProfileSection({ userId, email }: { userId: string; email: string }) {
  const profile = useProfile(userId);
  return (
    <AccountSection id="profile" title="Profile" description="How you appear in Lumen.">
      {profile.isPending ? (
        <div role="status" aria-label="Loading profile" className="flex flex-col gap-4">
          <div className="flex items-center gap-4">
            <Skeleton circle className="size-20" />
            <Skeleton className="h-10 w-36" />
          </div>
          <Skeleton className="h-11 w-full" />
        </div>
      ) : profile.isError ? (
        <div className="flex flex-col items-start gap-3">
          <FormAlert tone="error">Your profile could not be loaded: {profile.error.message}</FormAlert>
          <Button type="button" variant="secondary" onClick={() => void profile.refetch()}>
            Try again
          </Button>
        </div>
      ) : (
        <>
          <AvatarPicker profile={profile.data} email={email} />
          <DisplayNameForm profile={profile.data} />
        </>
      )}
    </AccountSection>
  );
}
