import { useId, type ComponentProps, type ReactNode } from 'react';
import { cn } from '@/utils/cn';

export const inputClass =
  'h-11 w-full rounded-md border border-input bg-background px-3 text-base text-foreground placeholder:text-muted-foreground focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring aria-invalid:border-danger disabled:opacity-60';

/**
 * A labelled input whose hint and error are tied to it with aria-describedby; the error also sets
 * aria-invalid, so screen readers announce both when the field gets focus.
 */
export function TextField({
  label,
  hint,
  error,
  className,
  children,
  ...props
}: Omit<ComponentProps<'input'>, 'id'> & { label: string; hint?: ReactNode; error?: string; children?: ReactNode }) {
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = [hint ? hintId : null, error ? errorId : null].filter(Boolean).join(' ') || undefined;
  return (
    <div className={cn('flex flex-col gap-1.5', className)}>
      <label htmlFor={id} className="text-sm font-medium">
        {label}
      </label>
      <div className="relative">
        <input id={id} aria-invalid={error ? true : undefined} aria-describedby={describedBy} className={inputClass} {...props} />
        {children}
      </div>
      {hint ? (
        <div id={hintId} className="text-sm text-muted-foreground">
          {hint}
        </div>
      ) : null}
      {error ? (
        <p id={errorId} className="text-sm font-medium text-danger">
          {error}
        </p>
      ) : null}
    </div>
  );
}
