import { useId } from 'react';

/** The guest's receipt address, above the delivery details; its problem shows next to it. */
export function GuestEmailField({ value, problem, onChange }: { value: string; problem: string | undefined; onChange: (value: string) => void }) {
  const id = useId();
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="text-sm font-medium">
        E-mail for your receipt
      </label>
      <input
        id={id}
        name="email"
        type="email"
        autoComplete="email"
        inputMode="email"
        value={value}
        onChange={(event) => onChange(event.target.value)}
        aria-invalid={problem ? true : undefined}
        aria-describedby={problem ? `${id}-problem` : `${id}-hint`}
        className="h-11 w-full rounded-md border border-input bg-background px-3 text-base focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring aria-invalid:border-danger"
      />
      {problem ? (
        <p id={`${id}-problem`} className="text-sm text-danger">
          {problem}
        </p>
      ) : (
        <p id={`${id}-hint`} className="text-sm text-muted-foreground">
          We send the confirmation and a link to follow your order here.
        </p>
      )}
    </div>
  );
}
