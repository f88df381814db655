import { CircleAlert, CircleCheck } from 'lucide-react';
import type { ReactNode } from 'react';
import { cn } from '@/utils/cn';

/**
 * A message for the whole form. Errors use role="alert" so they are announced at once; success
 * uses role="status" so it waits for the screen reader to finish.
 */
export function FormAlert({ tone, children, className }: { tone: 'error' | 'success'; children: ReactNode; className?: string }) {
  const Icon = tone === 'error' ? CircleAlert : CircleCheck;
  return (
    <div
      role={tone === 'error' ? 'alert' : 'status'}
      className={cn(
        'flex items-start gap-2 rounded-md border px-3 py-2.5 text-sm [&_svg]:mt-0.5 [&_svg]:size-4 [&_svg]:shrink-0',
        tone === 'error' ? 'border-danger/40 bg-danger/10 text-foreground' : 'border-success/40 bg-success/10 text-foreground',
        className,
      )}
    >
      <Icon aria-hidden="true" className={tone === 'error' ? 'text-danger' : 'text-success'} />
      <div>{children}</div>
    </div>
  );
}
