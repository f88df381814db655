import { useId, type FormEvent, type Ref } from 'react';
import { Button } from '@/components/ui/button';
import type { PriceField, PriceRangeCheck } from '../utils/price-range.ts';

const fieldClass =
  'h-10 w-24 rounded-md border border-input bg-background px-3 text-sm focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring aria-invalid:border-danger';

/**
 * The min and max price fields. What is typed stays here until the form is submitted (Apply, Enter,
 * or the phone sheet's "Show items"), so typing "1" on the way to "120" does not refetch. A field
 * that is not a price is marked invalid and described by its own message, below the pair in field
 * order, and keeps what was typed for correcting.
 */
export function PriceRangeForm({
  min,
  max,
  onMinChange,
  onMaxChange,
  errors,
  onSubmit,
  withApply,
  minRef,
  maxRef,
}: {
  min: string;
  max: string;
  onMinChange: (text: string) => void;
  onMaxChange: (text: string) => void;
  errors: PriceRangeCheck['errors'];
  onSubmit: () => void;
  /** Its own Apply button; the phone sheet has none, its "Show items" applies the prices. */
  withApply: boolean;
  minRef?: Ref<HTMLInputElement>;
  maxRef?: Ref<HTMLInputElement>;
}) {
  const id = useId();
  const errorId = (field: PriceField) => `${id}-${field}-error`;
  const invalidProps = (field: PriceField) => (errors[field] ? { 'aria-invalid': true, 'aria-describedby': errorId(field) } : {});
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSubmit();
  };

  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-2" aria-label="Price range">
      <div className="flex items-end gap-2">
        <label className="flex flex-col gap-1 text-sm">
          <span className="text-muted-foreground">Min price (€)</span>
          <input ref={minRef} className={fieldClass} inputMode="decimal" value={min} onChange={(e) => onMinChange(e.target.value)} {...invalidProps('min')} />
        </label>
        <label className="flex flex-col gap-1 text-sm">
          <span className="text-muted-foreground">Max price (€)</span>
          <input ref={maxRef} className={fieldClass} inputMode="decimal" value={max} onChange={(e) => onMaxChange(e.target.value)} {...invalidProps('max')} />
        </label>
        {withApply ? (
          <Button type="submit" variant="secondary">
            Apply
          </Button>
        ) : null}
      </div>
      {errors.min || errors.max ? (
        <div role="alert" className="flex max-w-72 flex-col gap-1 text-sm text-danger">
          {errors.min ? <p id={errorId('min')}>{errors.min}</p> : null}
          {errors.max ? <p id={errorId('max')}>{errors.max}</p> : null}
        </div>
      ) : null}
    </form>
  );
}
