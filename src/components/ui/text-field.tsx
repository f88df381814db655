import type { ComponentProps, ReactNode } from 'react';
import { FieldFrame } from './field-frame.tsx';

export const inputClass =
  'h-11 w-full rounded-md border border-input bg-background px-3 text-base text-foreground placeholder:text-muted-foreground focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring aria-invalid:border-danger disabled:opacity-60';

/** A labelled text input (FieldFrame); `children` sit over the input, a show-password button say. */
export function TextField({
  label,
  hint,
  error,
  className,
  children,
  ...props
}: Omit<ComponentProps<'input'>, 'id'> & { label: string; hint?: ReactNode; error?: string; children?: ReactNode }) {
  return (
    <FieldFrame label={label} hint={hint} error={error} className={className}>
      {({ id, describedBy, invalid }) => (
        <div className="relative">
          <input id={id} aria-invalid={invalid} aria-describedby={describedBy} className={inputClass} {...props} />
          {children}
        </div>
      )}
    </FieldFrame>
  );
}
