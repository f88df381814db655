import { useEffect, useRef } from 'react';
import { Button } from '@/components/ui/button';
import { usePlaceOrder } from '../api/place-order.ts';
import type { PlaceOrderResult } from '../api/order-schemas.ts';
import { OrderLinesTable } from './order-lines-table.tsx';

export interface ReviewLine {
  item_id: number;
  title: string;
  quantity: number;
  unit_price_cents: number;
  currency: string;
}

type StockChanges = Extract<PlaceOrderResult, { status: 'stock_changed' }>['changes'];

function describeChange({ title, requested, available }: StockChanges[number]): string {
  if (available === 0) return `${title} sold out and was removed from your cart.`;
  return `${title}: only ${available} left, so your cart now has ${available} instead of ${requested}.`;
}

/**
 * The review step: the order exactly as it will be placed, then one button. When stock ran out
 * meanwhile nothing is ordered: the changed lines are listed and the cart (already adjusted by
 * place_order) is refreshed, so the buyer reviews again before ordering.
 */
export function CheckoutPanel({
  userId,
  lines,
  email,
  onPlaced,
  onCartChanged,
}: {
  userId: string;
  lines: readonly ReviewLine[];
  email: string;
  onPlaced: (orderId: number) => void;
  onCartChanged: () => void;
}) {
  const place = usePlaceOrder(userId);
  const noticeRef = useRef<HTMLDivElement>(null);
  const result = place.data;
  const changes = result?.status === 'stock_changed' ? result.changes : null;
  const currency = lines[0]?.currency ?? 'EUR';
  const total = lines.reduce((sum, line) => sum + line.unit_price_cents * line.quantity, 0);

  useEffect(() => {
    if (changes || place.isError) noticeRef.current?.focus();
  }, [changes, place.isError]);

  const submit = () =>
    place.mutate(undefined, {
      onSuccess: (outcome) => {
        if (outcome.status === 'placed') onPlaced(outcome.order_id);
        else onCartChanged();
      },
    });

  return (
    <section aria-labelledby="review-heading" className="flex flex-col gap-5 rounded-lg border border-border bg-surface p-5 shadow-sm sm:p-6">
      <h2 id="review-heading" className="text-xl font-semibold">
        Review your order
      </h2>
      {changes ? (
        <div ref={noticeRef} tabIndex={-1} role="alert" className="flex flex-col gap-2 rounded-md border border-danger/50 bg-danger/10 p-4 text-sm focus:outline-2 focus:outline-ring">
          <p className="font-semibold">Nothing was ordered: some items changed while you were shopping.</p>
          <ul className="list-disc pl-5">
            {changes.map((change) => (
              <li key={change.item_id}>{describeChange(change)}</li>
            ))}
          </ul>
          <p>Check your order below and place it again.</p>
        </div>
      ) : null}
      {place.isError ? (
        <div ref={noticeRef} tabIndex={-1} role="alert" className="rounded-md border border-danger/50 bg-danger/10 p-4 text-sm focus:outline-2 focus:outline-ring">
          {place.error.message}
        </div>
      ) : null}
      {lines.length === 0 ? (
        <p className="text-muted-foreground">There is nothing to order.</p>
      ) : (
        <OrderLinesTable
          caption="What you are ordering"
          lines={lines.map((line) => ({ ...line, key: line.item_id }))}
          currency={currency}
          totalCents={total}
        />
      )}
      <p className="text-sm text-muted-foreground">
        No payment is taken now. Placing the order reserves the items and sends a confirmation to <strong className="text-foreground">{email}</strong>.
      </p>
      <Button size="lg" disabled={lines.length === 0 || place.isPending} onClick={submit}>
        {place.isPending ? 'Placing your order…' : 'Place order'}
      </Button>
    </section>
  );
}
