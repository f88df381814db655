import { useRef, useState } from 'react';
import { Button } from '@/components/ui/button';
import { FormAlert } from '@/components/ui/form-alert';
import { cleanDelivery, deliveryProblems, type DeliveryDraft, type DeliveryProblems } from '../api/delivery-schema.ts';
import { AddressRefusedError, useSaveAddress } from '../api/save-address.ts';
import { DeliveryFields } from './delivery-form.tsx';

/**
 * Adds an address or changes one, with checkout's own fields and rules: every problem shown at once
 * beside its field (the database's verdict too, should it differ), focus on the first, and nothing
 * typed lost.
 */
export function AddressEditor({
  userId,
  id,
  initial,
  label,
  onDone,
  onCancel,
}: {
  userId: string;
  /** The address changed; null for a new one. */
  id: number | null;
  initial: DeliveryDraft;
  /** The form's accessible name ("Edit Ada Lovelace, …" or "New address"). */
  label: string;
  onDone: (saved: number) => void;
  onCancel: () => void;
}) {
  const [draft, setDraft] = useState(initial);
  const [problems, setProblems] = useState<DeliveryProblems>({});
  const save = useSaveAddress(userId);
  const formRef = useRef<HTMLFormElement>(null);

  const focusFirstProblem = () =>
    requestAnimationFrame(() => formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus());

  return (
    <form
      ref={formRef}
      noValidate
      aria-label={label}
      className="flex flex-col gap-4"
      onSubmit={(event) => {
        event.preventDefault();
        const found = deliveryProblems(draft);
        setProblems(found);
        if (Object.keys(found).length > 0) {
          focusFirstProblem();
          return;
        }
        save.mutate(
          { id, address: cleanDelivery(draft) },
          {
            onSuccess: onDone,
            onError: (error) => {
              if (error instanceof AddressRefusedError) {
                setProblems(error.problems);
                focusFirstProblem();
              }
            },
          },
        );
      }}
    >
      {save.isError && !(save.error instanceof AddressRefusedError) ? <FormAlert tone="error">{save.error.message}</FormAlert> : null}
      <DeliveryFields
        draft={draft}
        problems={problems}
        onChange={(next) => {
          setDraft(next);
          // A field's message goes once that field changes; the others stay until the next try.
          setProblems((current) =>
            Object.fromEntries(Object.entries(current).filter(([field]) => next[field as keyof DeliveryDraft] === draft[field as keyof DeliveryDraft])),
          );
        }}
      />
      <div className="flex flex-wrap gap-2">
        <Button type="submit" disabled={save.isPending}>
          {save.isPending ? 'Saving…' : 'Save address'}
        </Button>
        <Button type="button" variant="secondary" onClick={onCancel} disabled={save.isPending}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
