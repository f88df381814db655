import type { ComponentProps } from 'react';
import { cn } from '@/utils/cn';

/** `circle`: for round things (an avatar); otherwise the corners of a card. */
function Skeleton({ className, circle = false, ...props }: ComponentProps<'div'> & { circle?: boolean }) {
  return (
    <div
      data-slot="skeleton"
      aria-hidden="true"
      className={cn(circle ? 'rounded-full' : 'rounded-md', 'bg-muted motion-safe:animate-pulse', className)}
      {...props}
    />
  );
}

export { Skeleton };
