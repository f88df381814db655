import { useState } from 'react';
import { cn } from '@/utils/cn';
import { avatarUrl } from '../api/get-profile.ts';
import { initialsOf } from '../utils/initials.ts';

/** The avatar picture, or initials on a tinted disc when there is none (or it fails to load). Decorative: callers label. */
export function UserAvatar({
  path,
  displayName,
  email,
  size = 'sm',
}: {
  path: string | null | undefined;
  displayName: string | null | undefined;
  email: string;
  /** sm: the header's; lg: the profile's. */
  size?: 'sm' | 'lg';
}) {
  const [failedPath, setFailedPath] = useState<string | null>(null);
  const showImage = path && failedPath !== path;
  return (
    <span
      aria-hidden="true"
      data-slot="user-avatar"
      className={cn(
        'inline-flex shrink-0 items-center justify-center overflow-hidden rounded-full bg-primary-soft font-semibold text-primary select-none',
        size === 'lg' ? 'size-20 text-2xl' : 'size-8 text-xs',
      )}
    >
      {showImage ? (
        <img src={avatarUrl(path)} alt="" className="size-full object-cover" onError={() => setFailedPath(path)} />
      ) : (
        initialsOf(displayName, email)
      )}
    </span>
  );
}
