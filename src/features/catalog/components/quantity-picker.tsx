import { Minus, Plus } from 'lucide-react';
import { useId, useState } from 'react';
import { Button } from '@/components/ui/button';

/** A quantity between 1 and `max` (the stock, and never more than 99); asking for more says why not. */
export function QuantityPicker({
  value,
  max,
  onChange,
  disabled = false,
}: {
  value: number;
  max: number;
  onChange: (value: number) => void;
  disabled?: boolean;
}) {
  const id = useId();
  const limit = Math.max(1, Math.min(99, max));
  const clamp = (next: number) => Math.min(limit, Math.max(1, Math.round(next) || 1));
  const noteId = useId();
  // Typed above what can be had: the quantity becomes the most there is, and the picker says so.
  const [capped, setCapped] = useState(false);
  const choose = (next: number) => {
    setCapped(next > limit);
    onChange(clamp(next));
  };
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="text-sm text-muted-foreground">
        Quantity
      </label>
      <div className="flex items-center gap-1">
        <Button
          variant="secondary"
          size="icon"
          aria-label="One fewer"
          disabled={disabled || value <= 1}
          onClick={() => choose(value - 1)}
        >
          <Minus aria-hidden="true" />
        </Button>
        <input
          id={id}
          type="number"
          inputMode="numeric"
          min={1}
          max={limit}
          value={value}
          disabled={disabled}
          onChange={(event) => choose(Number(event.target.value))}
          aria-describedby={capped ? noteId : undefined}
          className="h-10 w-16 rounded-md border border-input bg-background text-center focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
        />
        <Button
          variant="secondary"
          size="icon"
          aria-label="One more"
          disabled={disabled || value >= limit}
          onClick={() => choose(value + 1)}
        >
          <Plus aria-hidden="true" />
        </Button>
      </div>
      {capped ? (
        <p id={noteId} role="status" className="text-sm font-medium">
          {max >= 99 ? 'At most 99 at a time.' : `Only ${max} available.`}
        </p>
      ) : null}
    </div>
  );
}
