import { useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { CardSection } from '@/components/ui/card-section';
import { FormAlert } from '@/components/ui/form-alert';
import { LoadError } from '@/components/ui/load-error';
import { Skeleton } from '@/components/ui/skeleton';
import { TextField } from '@/components/ui/text-field';
import type { AdminItem } from '../api/admin-items.ts';
import { MAX_THRESHOLD, parseThreshold, useLowStockThreshold, useSaveThreshold } from '../api/low-stock-threshold.ts';

type ThresholdItem = Pick<AdminItem, 'id' | 'stock' | 'on_sale'>;

/**
 * A variant's own low-stock level: at or under it, the variant is listed as running low (the
 * overview, the product list's filter) and staff who manage stock are mailed once each time it
 * drops there. Beside the stock panel on the variant's page.
 */
export function LowStockThreshold({ userId, item }: { userId: string; item: ThresholdItem }) {
  const threshold = useLowStockThreshold(userId, item.id);
  return (
    <CardSection
      title="Low-stock warning"
      description="Staff who manage stock get one e-mail each time stock drops to this level, and the variant is listed as running low until it is restocked above it."
    >
      {threshold.isPending ? (
        <>
          <p role="status" className="sr-only">
            Loading the warning level…
          </p>
          <Skeleton className="h-20 max-w-xs" />
        </>
      ) : threshold.isError ? (
        <LoadError what="The warning level" message={threshold.error.message} onRetry={() => void threshold.refetch()} />
      ) : threshold.data === null ? (
        <p className="text-sm text-muted-foreground">This variant no longer exists.</p>
      ) : (
        <ThresholdForm userId={userId} item={item} saved={threshold.data} />
      )}
    </CardSection>
  );
}

function ThresholdForm({ userId, item, saved }: { userId: string; item: ThresholdItem; saved: number }) {
  const save = useSaveThreshold(userId);
  const [text, setText] = useState(String(saved));
  const [problem, setProblem] = useState<string | undefined>();
  const [done, setDone] = useState<string | null>(null);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (save.isPending) return;
    setDone(null);
    const parsed = parseThreshold(text);
    if ('problem' in parsed) {
      setProblem(parsed.problem);
      event.currentTarget.querySelector<HTMLElement>('[name="low_stock_threshold"]')?.focus();
      return;
    }
    setProblem(undefined);
    save.mutate(
      { itemId: item.id, threshold: parsed.threshold },
      {
        onSuccess: (threshold) => {
          setText(String(threshold));
          setDone(`Saved: you are warned when stock is at or below ${threshold}.`);
        },
      },
    );
  };

  const low = item.on_sale && item.stock <= saved;
  return (
    <form noValidate onSubmit={submit} className="flex flex-col gap-3">
      <TextField
        label="Warn when stock is at or below"
        name="low_stock_threshold"
        inputMode="numeric"
        autoComplete="off"
        className="max-w-xs"
        hint={`A whole number from 0 to ${MAX_THRESHOLD}; 0 warns only when it sells out.`}
        value={text}
        error={problem}
        onChange={(event) => {
          setText(event.target.value);
          // What was said about the last value no longer applies to this one.
          setProblem(undefined);
          setDone(null);
          save.reset();
        }}
      />
      <p className="text-sm text-muted-foreground">
        {low ? (
          <span className="font-medium text-danger">Running low now: {item.stock} in stock.</span>
        ) : item.on_sale ? (
          `${item.stock} in stock, above the warning level.`
        ) : (
          'Not on sale, so it is not listed as running low.'
        )}
      </p>
      {save.isError ? <FormAlert tone="error">{save.error.message}</FormAlert> : null}
      {done ? <FormAlert tone="success">{done}</FormAlert> : null}
      <div>
        <Button type="submit" variant="secondary" aria-disabled={save.isPending || undefined}>
          {save.isPending ? 'Saving…' : 'Save'} <span className="sr-only">the warning level</span>
        </Button>
      </div>
    </form>
  );
}
