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

/** A loading list: `count` placeholder rows, and the words a screen reader hears instead. */
function SkeletonList({ label, count, rowClassName }: { label: string; count: number; rowClassName: string }) {
  return (
    <div className="flex flex-col gap-2">
      <p role="status" className="sr-only">
        {label}
      </p>
      {Array.from({ length: count }, (_, index) => (
        <Skeleton key={index} className={rowClassName} />
      ))}
    </div>
  );
}

export { Skeleton, SkeletonList };
