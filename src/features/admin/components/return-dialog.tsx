import { Minus, Plus } from 'lucide-react';
import { useId, useRef, useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { DialogClose } from '@/components/ui/dialog';
import { FormAlert } from '@/components/ui/form-alert';
import { inputClass } from '@/components/ui/text-field';
import { formatPrice, pluralize } from '@/utils/format';
import type { AdminOrderLine } from '../api/admin-order.ts';
import { RETURN_NOTE_MAX, refundFor, returnableQuantity, useRecordReturn, type ReturnResult } from '../api/record-return.ts';
import { ActionDialog } from './action-dialog.tsx';
import { CheckboxField, TextAreaField } from './form-controls.tsx';

/** The part of an order the return dialog works on. */
export interface ReturnableOrder {
  id: number;
  currency: string;
  lines: readonly AdminOrderLine[];
}

/** What was recorded, for the page to announce. */
export interface RecordedReturn extends ReturnResult {
  quantity: number;
}

interface ReturnDialogProps {
  userId: string;
  /** The delivered order; null: closed. */
  order: ReturnableOrder | null;
  onClose: () => void;
  /** Closed without recording: where focus goes back (see ActionDialog). */
  returnFocus: () => void;
  /** Recorded: the dialog has closed and the caller announces it and moves focus. */
  onRecorded: (recorded: RecordedReturn) => void;
}

/**
 * What came back of a delivered order (record_return): how many of each line, whether they go
 * back into stock or are written off as damaged, and a note. The refund due is shown as the
 * quantities change; the database checks every quantity again, so two members of staff recording
 * the same parcel cannot return more than was sent.
 */
export function ReturnDialog({ userId, order, onClose, returnFocus, onRecorded }: ReturnDialogProps) {
  return (
    <ActionDialog
      open={order !== null}
      title={`Record a return of order #${order?.id ?? ''}`}
      description="Say how many of each item came back. The customer gets an e-mail with the return and the refund due."
      onClose={onClose}
      returnFocus={returnFocus}
    >
      {(done) =>
        order !== null ? (
          <ReturnForm
            key={order.id}
            userId={userId}
            order={order}
            onRecorded={(result) => {
              done();
              onRecorded(result);
            }}
          />
        ) : null
      }
    </ActionDialog>
  );
}

/** The input look, narrow enough for a few digits between the two buttons (which replace the browser's own arrows). */
const quantityClass = `${inputClass.replace('w-full', 'w-20')} text-center tabular-nums [appearance:textfield] [&::-webkit-inner-spin-button]:appearance-none [&::-webkit-outer-spin-button]:appearance-none`;

/** A whole number of items, as typed; null for anything else. */
function parseQuantity(text: string): number | null {
  return /^\s*\d{1,6}\s*$/.test(text) ? Number(text) : null;
}

function ReturnForm({ userId, order, onRecorded }: { userId: string; order: ReturnableOrder; onRecorded: (recorded: RecordedReturn) => void }) {
  const record = useRecordReturn(userId);
  const open = order.lines.filter((line) => returnableQuantity(line) > 0);
  // As typed, by line; every line starts with all that is left of it: a whole parcel back is the usual case.
  const [typed, setTyped] = useState(() => new Map(open.map((line) => [line.id, String(returnableQuantity(line))])));
  const [restock, setRestock] = useState(true);
  const [note, setNote] = useState('');
  const [nothingChosen, setNothingChosen] = useState(false);
  const [showErrors, setShowErrors] = useState(false);
  const sending = useRef(false);

  const problemOf = (line: AdminOrderLine): string | undefined => {
    const quantity = parseQuantity(typed.get(line.id) ?? '');
    const left = returnableQuantity(line);
    return quantity === null || quantity > left ? `Enter a number from 0 to ${left}.` : undefined;
  };
  // What the figures below count: the quantities that are valid as typed.
  const chosen = new Map<number, number>();
  for (const line of open) {
    const quantity = parseQuantity(typed.get(line.id) ?? '');
    if (quantity !== null && quantity > 0 && quantity <= returnableQuantity(line)) chosen.set(line.id, quantity);
  }
  const count = [...chosen.values()].reduce((sum, quantity) => sum + quantity, 0);
  const refund = refundFor(open, chosen);

  const setQuantity = (lineId: number, text: string) => {
    setTyped((current) => new Map(current).set(lineId, text));
    setNothingChosen(false);
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (sending.current) return;
    const form = event.currentTarget;
    setShowErrors(true);
    const invalid = open.find((line) => problemOf(line) !== undefined);
    if (invalid) {
      form.querySelector<HTMLElement>(`[data-line="${invalid.id}"]`)?.focus();
      return;
    }
    if (chosen.size === 0) {
      setNothingChosen(true);
      form.querySelector<HTMLElement>('[data-line]')?.focus();
      return;
    }
    sending.current = true;
    try {
      const result = await record.mutateAsync({
        orderId: order.id,
        lines: [...chosen].map(([orderItemId, quantity]) => ({ orderItemId, quantity })),
        restock,
        note,
      });
      onRecorded({ ...result, quantity: count });
    } catch {
      // Shown below (record.error): the database says what it refused, an over-return say.
    } finally {
      sending.current = false;
    }
  };

  if (open.length === 0) {
    return <p>Every item of this order has been returned already.</p>;
  }

  return (
    <form noValidate onSubmit={(event) => void submit(event)} className="flex flex-col gap-5">
      <fieldset className="flex flex-col gap-3">
        <legend className="mb-2 text-sm font-medium">Items that came back</legend>
        <ul className="flex flex-col divide-y divide-border rounded-md border border-border">
          {order.lines.map((line) => (
            <li key={line.id} className="p-3">
              {returnableQuantity(line) > 0 ? (
                <ReturnLineField
                  line={line}
                  currency={order.currency}
                  value={typed.get(line.id) ?? ''}
                  // Out of range says so at once; an empty field only once staff try to record it.
                  error={showErrors || typed.get(line.id) !== '' ? problemOf(line) : undefined}
                  onChange={(text) => setQuantity(line.id, text)}
                />
              ) : (
                <p className="flex flex-wrap justify-between gap-x-3 text-sm">
                  <span className="font-medium [overflow-wrap:anywhere]">{line.title}</span>
                  <span className="text-muted-foreground">All {line.quantity} returned already</span>
                </p>
              )}
            </li>
          ))}
        </ul>
      </fieldset>
      <CheckboxField
        label="Put the items back into stock"
        hint="Untick for damaged items: they are written off, not sold again."
        checked={restock}
        onChange={(event) => setRestock(event.target.checked)}
      />
      <TextAreaField
        label="Note (optional)"
        name="note"
        rows={3}
        maxLength={RETURN_NOTE_MAX}
        hint={`For staff: why it came back, what state it is in. At most ${RETURN_NOTE_MAX} characters.`}
        value={note}
        onChange={(event) => setNote(event.target.value)}
      />
      <p aria-live="polite" aria-atomic="true" className="flex flex-wrap items-baseline justify-between gap-x-3 rounded-md bg-muted px-3 py-2 text-sm">
        <span>Refund due{count > 0 ? ` for ${pluralize(count, 'item')}` : ''}</span>
        <span className="text-base font-semibold tabular-nums" data-testid="refund-due">
          {formatPrice(refund, order.currency)}
        </span>
      </p>
      {nothingChosen ? <FormAlert tone="error">Choose at least one item to return: set its quantity above 0.</FormAlert> : null}
      {record.isError ? <FormAlert tone="error">{record.error.message}</FormAlert> : null}
      <div className="flex flex-wrap justify-end gap-2">
        <DialogClose asChild>
          <Button type="button" variant="secondary">
            Close
          </Button>
        </DialogClose>
        <Button type="submit" aria-disabled={record.isPending || undefined}>
          {record.isPending ? 'Recording…' : 'Record return'}
        </Button>
      </div>
    </form>
  );
}

interface ReturnLineFieldProps {
  line: AdminOrderLine;
  currency: string;
  value: string;
  error: string | undefined;
  onChange: (text: string) => void;
}

/** One line's quantity: a number field between a one-fewer and a one-more button (for touch). */
function ReturnLineField({ line, currency, value, error, onChange }: ReturnLineFieldProps) {
  const id = useId();
  const left = returnableQuantity(line);
  const current = parseQuantity(value);
  const describedBy = [`${id}-hint`, error ? `${id}-error` : null].filter(Boolean).join(' ');
  const step = (by: number) => onChange(String(Math.min(left, Math.max(0, (current ?? 0) + by))));
  return (
    <div className="flex flex-col gap-2 sm:flex-row sm:items-center sm:justify-between">
      <div className="flex min-w-0 flex-col">
        <label htmlFor={id} className="text-sm font-medium [overflow-wrap:anywhere]">
          {line.title}
        </label>
        <span id={`${id}-hint`} className="text-sm text-muted-foreground">
          {formatPrice(line.unit_price_cents, currency)} each · {left} of {line.quantity} can come back
        </span>
        {error ? (
          <span id={`${id}-error`} className="text-sm font-medium text-danger">
            {error}
          </span>
        ) : null}
      </div>
      <div className="flex items-center gap-1">
        <Button type="button" variant="secondary" size="icon" aria-label={`One fewer ${line.title}`} disabled={current !== null && current <= 0} onClick={() => step(-1)}>
          <Minus aria-hidden="true" />
        </Button>
        <input
          id={id}
          data-line={line.id}
          type="number"
          inputMode="numeric"
          min={0}
          max={left}
          step={1}
          value={value}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
          className={quantityClass}
          onChange={(event) => onChange(event.target.value)}
        />
        <Button type="button" variant="secondary" size="icon" aria-label={`One more ${line.title}`} disabled={current !== null && current >= left} onClick={() => step(1)}>
          <Plus aria-hidden="true" />
        </Button>
      </div>
    </div>
  );
}
