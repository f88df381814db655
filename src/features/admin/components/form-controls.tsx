import { useId, type ComponentProps, type ReactNode } from 'react';
import { FieldFrame } from '@/components/ui/field-frame';
import { inputClass } from '@/components/ui/text-field';
import { cn } from '@/utils/cn';

/** The input look (TextField's) for several lines: its own height and padding rather than the input's. */
const textAreaClass = inputClass.replace('h-11 ', 'min-h-32 py-2 ');

type LabelledProps = { label: string; hint?: ReactNode; error?: string | undefined };

export function TextAreaField({ label, hint, error, className, ...props }: Omit<ComponentProps<'textarea'>, 'id'> & LabelledProps) {
  return (
    <FieldFrame label={label} hint={hint} error={error} className={className}>
      {({ id, describedBy, invalid }) => (
        <textarea id={id} aria-describedby={describedBy} aria-invalid={invalid} className={textAreaClass} {...props} />
      )}
    </FieldFrame>
  );
}

export function SelectField({ label, hint, error, className, children, ...props }: Omit<ComponentProps<'select'>, 'id'> & LabelledProps) {
  return (
    <FieldFrame label={label} hint={hint} error={error} className={className}>
      {({ id, describedBy, invalid }) => (
        <select id={id} aria-describedby={describedBy} aria-invalid={invalid} className={cn(inputClass, 'pr-8')} {...props}>
          {children}
        </select>
      )}
    </FieldFrame>
  );
}

export function CheckboxField({ label, hint, ...props }: Omit<ComponentProps<'input'>, 'id' | 'type'> & { label: string; hint?: string }) {
  const id = useId();
  return (
    <div className="flex items-start gap-3">
      <input id={id} type="checkbox" aria-describedby={hint ? `${id}-hint` : undefined} className="mt-0.5 size-5 accent-primary" {...props} />
      <div className="flex flex-col gap-0.5">
        <label htmlFor={id} className="text-sm font-medium">
          {label}
        </label>
        {hint ? (
          <p id={`${id}-hint`} className="text-sm text-muted-foreground">
            {hint}
          </p>
        ) : null}
      </div>
    </div>
  );
}

