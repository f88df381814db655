import { useId, type ReactNode } from 'react';
import { cn } from '@/utils/cn';

export interface FieldFrameProps {
  label: string;
  hint?: ReactNode;
  error?: string | undefined;
  className?: string;
  children: (control: { id: string; describedBy: string | undefined; invalid: true | undefined }) => ReactNode;
}

/**
 * A label, a hint and an error around one control, tied to it with aria-describedby; the error
 * also sets aria-invalid, so screen readers announce both when the control gets focus.
 */
export function FieldFrame({ label, hint, error, className, children }: FieldFrameProps) {
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = [hint ? hintId : null, error ? errorId : null].filter(Boolean).join(' ') || undefined;
  return (
    <div className={cn('flex flex-col gap-1.5', className)}>
      <label htmlFor={id} className="text-sm font-medium">
        {label}
      </label>
      {children({ id, describedBy, invalid: error ? true : undefined })}
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
