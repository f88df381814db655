import { useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { CardSection } from '@/components/ui/card-section';
import { FormAlert } from '@/components/ui/form-alert';
import { TextField } from '@/components/ui/text-field';
import { cn } from '@/utils/cn';
import type { AdminItem } from '../api/admin-items.ts';
import { MOVEMENT_LABELS, STOCK_REASONS, useAdjustStock, useStockMovements, type StockReason } from '../api/stock.ts';
import { SelectField } from './form-controls.tsx';

const dateFormat = new Intl.DateTimeFormat('en-IE', { dateStyle: 'medium', timeStyle: 'short' });

/** "+5", "−2": the sign people write, read back from what was typed ("-2", "−2", "+5", "5"). */
function parseDelta(text: string): number | null {
  const match = /^([+\-−]?)\s*(\d{1,6})$/.exec(text.trim());
  if (!match) return null;
  const size = Number(match[2]);
  return match[1] === '-' || match[1] === '−' ? -size : size;
}

/** adjust_stock's rule, said before asking it: a restock or return adds, damage takes away. */
function directionProblem(reason: StockReason, delta: number): string | null {
  if ((reason === 'restock' || reason === 'return') && delta < 0) return `A ${reason} adds stock: enter a positive number, or choose another reason.`;
  if (reason === 'damage' && delta > 0) return 'Damage takes stock away: enter a negative number, like -2.';
  return null;
}

const signed = (delta: number) => (delta > 0 ? `+${delta}` : `−${-delta}`);

/**
 * Stock changes only with a reason (adjust_stock), and the last changes are listed with theirs:
 * sales and cancellations come from orders, the rest from staff. The database never lets stock
 * go below zero and says how many there are when it refuses.
 */
export function StockPanel({ userId, item }: { userId: string; item: AdminItem }) {
  const adjust = useAdjustStock(userId);
  const movements = useStockMovements(userId, item.id);
  const [delta, setDelta] = useState('');
  const [reason, setReason] = useState<StockReason>('restock');
  const [note, setNote] = useState('');
  const [deltaError, setDeltaError] = useState<string | undefined>();
  const [done, setDone] = useState<string | null>(null);

  // Only the current answer is shown: the server's last refusal goes as soon as what it refused is
  // edited, and when a new try starts (its own check may fail before the server is asked).
  const forgetRefusal = () => {
    if (adjust.isError) adjust.reset();
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (adjust.isPending) return;
    forgetRefusal();
    setDone(null);
    const parsed = parseDelta(delta);
    if (parsed === null || parsed === 0) {
      setDeltaError('Enter how many to add, like 5, or to take away, like -2.');
      event.currentTarget.querySelector<HTMLElement>('[name="delta"]')?.focus();
      return;
    }
    const mismatch = directionProblem(reason, parsed);
    if (mismatch) {
      setDeltaError(mismatch);
      event.currentTarget.querySelector<HTMLElement>('[name="delta"]')?.focus();
      return;
    }
    setDeltaError(undefined);
    adjust.mutate(
      { itemId: item.id, delta: parsed, reason, note },
      {
        onSuccess: (stock) => {
          setDelta('');
          setNote('');
          setDone(`Stock is now ${stock}.`);
        },
      },
    );
  };

  return (
    <CardSection title="Stock" description="Every change is recorded with who made it and why.">
      <p className="text-sm text-muted-foreground">
        In stock: <span className={cn('text-2xl font-semibold', item.stock === 0 ? 'text-danger' : 'text-foreground')}>{item.stock}</span>
      </p>
      <form noValidate onSubmit={submit} className="flex flex-col gap-3">
        <div className="grid gap-3 sm:grid-cols-2">
          <TextField
            label="Add or take away"
            name="delta"
            inputMode="text"
            placeholder="5 or -2"
            value={delta}
            error={deltaError}
            onChange={(event) => {
              setDelta(event.target.value);
              setDeltaError(undefined);
              forgetRefusal();
            }}
          />
          <SelectField
            label="Reason"
            name="reason"
            value={reason}
            onChange={(event) => {
              setReason(event.target.value as StockReason);
              forgetRefusal();
            }}
          >
            {Object.entries(STOCK_REASONS).map(([value, label]) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
          </SelectField>
        </div>
        <TextField
          label="Note (optional)"
          name="note"
          value={note}
          maxLength={500}
          onChange={(event) => {
            setNote(event.target.value);
            forgetRefusal();
          }}
        />
        {adjust.isError ? <FormAlert tone="error">{adjust.error.message}</FormAlert> : null}
        {done ? <FormAlert tone="success">{done}</FormAlert> : null}
        <div>
          <Button type="submit" variant="secondary" aria-disabled={adjust.isPending || undefined}>
            {adjust.isPending ? 'Updating…' : 'Update stock'}
          </Button>
        </div>
      </form>
      <div className="flex flex-col gap-2">
        <h3 className="text-sm font-semibold">Recent changes</h3>
        {movements.isPending ? (
          <p className="text-sm text-muted-foreground">Loading…</p>
        ) : movements.isError ? (
          <p className="text-sm text-danger">{movements.error.message}</p>
        ) : movements.data.length === 0 ? (
          <p className="text-sm text-muted-foreground">No changes yet.</p>
        ) : (
          <ul className="flex flex-col divide-y divide-border text-sm">
            {movements.data.map((movement) => (
              <li key={movement.id} className="flex items-baseline justify-between gap-3 py-2">
                <span className="min-w-0">
                  {MOVEMENT_LABELS[movement.reason] ?? movement.reason}
                  {movement.order_id ? ` · order #${movement.order_id}` : ''}
                  {movement.note ? <span className="block text-muted-foreground [overflow-wrap:anywhere]">{movement.note}</span> : null}
                  <span className="block text-xs text-muted-foreground">
                    <time dateTime={movement.created_at}>{dateFormat.format(new Date(movement.created_at))}</time>
                    {movement.actor_email ? ` · ${movement.actor_email}` : ''}
                  </span>
                </span>
                <span className={cn('font-medium tabular-nums', movement.delta < 0 ? 'text-danger' : 'text-success')}>{signed(movement.delta)}</span>
              </li>
            ))}
          </ul>
        )}
      </div>
    </CardSection>
  );
}
