import { CardSection } from '@/components/ui/card-section';
import { LoadError } from '@/components/ui/load-error';
import { Skeleton } from '@/components/ui/skeleton';
import { useProfile } from '../api/get-profile.ts';
import { AvatarPicker } from './avatar-picker.tsx';
import { DisplayNameForm } from './display-name-form.tsx';

export function ProfileSection({ userId, email }: { userId: string; email: string }) {
  const profile = useProfile(userId);
  return (
    <CardSection id="profile" title="Profile" description="How you appear in Lumen.">
      {profile.isPending ? (
        <div role="status" aria-label="Loading profile" className="flex flex-col gap-4">
          <div className="flex items-center gap-4">
            <Skeleton circle className="size-20" />
            <Skeleton className="h-10 w-36" />
          </div>
          <Skeleton className="h-11 w-full" />
        </div>
      ) : profile.isError ? (
        <LoadError what="Your profile" message={profile.error.message} onRetry={() => void profile.refetch()} />
      ) : (
        <>
          <AvatarPicker profile={profile.data} email={email} />
          <DisplayNameForm profile={profile.data} />
        </>
      )}
    </CardSection>
  );
}
