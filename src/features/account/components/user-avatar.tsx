import { useState } from 'react';
import { cn } from '@/utils/cn';
import { avatarUrl } from '../api/get-profile.ts';
import { initialsOf } from '../utils/initials.ts';

/** The avatar picture, or initials on a tinted disc when there is none (or it fails to load). Decorative: callers label. */
export function UserAvatar({
  path,
  displayName,
  email,
  className,
}: {
  path: string | null | undefined;
  displayName: string | null | undefined;
  email: string;
  className?: string;
}) {
  const [failedPath, setFailedPath] = useState<string | null>(null);
  const showImage = path && failedPath !== path;
  return (
    <span
      aria-hidden="true"
      data-slot="user-avatar"
      className={cn(
        'inline-flex size-8 shrink-0 items-center justify-center overflow-hidden rounded-full bg-primary-soft text-xs font-semibold text-primary select-none',
        className,
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
