import { RotateCw } from 'lucide-react';
import { Button } from './button.tsx';
import { cn } from '@/utils/cn';

/**
 * What a page or panel shows when its data could not be read: what failed, why, and a way to try
 * again without reloading the page (and losing what else is on it). Announced at once.
 */
export function LoadError({ what, message, onRetry, className }: { what: string; message: string; onRetry: () => void; className?: string }) {
  return (
    <div role="alert" className={cn('flex flex-col items-start gap-3', className)}>
      <p>
        {what} could not be loaded. {message}
      </p>
      <Button type="button" variant="secondary" onClick={onRetry}>
        <RotateCw aria-hidden="true" />
        Try again
      </Button>
    </div>
  );
}
