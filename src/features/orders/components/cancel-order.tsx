import { useEffect, useRef, useState } from 'react';
import { Button } from '@/components/ui/button';
import { useCancelOrder } from '../api/cancel-order.ts';

/** The owner's Cancel, asked once more with the safe answer first. */
export function CancelOrder({ userId, orderId, reference }: { userId: string; orderId: number; reference: string }) {
  const cancel = useCancelOrder(userId, orderId);
  const [asking, setAsking] = useState(false);
  const keepButton = useRef<HTMLButtonElement>(null);
  const askButton = useRef<HTMLButtonElement>(null);
  const wasAsking = useRef(false);
  useEffect(() => {
    // Opening the question focuses its safe answer; closing it returns focus to the button that asked.
    if (asking) keepButton.current?.focus();
    else if (wasAsking.current) askButton.current?.focus();
    wasAsking.current = asking;
  }, [asking]);
  if (!asking) {
    return (
      <Button ref={askButton} variant="secondary" className="self-start" onClick={() => setAsking(true)}>
        Cancel this order
      </Button>
    );
  }
  return (
    <div role="group" aria-labelledby="cancel-question" className="flex flex-col gap-3 rounded-md border border-border p-4">
      <p id="cancel-question" className="font-medium">
        Cancel order {reference}? The items go back on sale.
      </p>
      {/* The safe answer first and focused, so Enter keeps the order; cancelling is the destructive choice. */}
      <div className="flex flex-wrap gap-2">
        <Button ref={keepButton} variant="secondary" disabled={cancel.isPending} onClick={() => setAsking(false)}>
          Keep the order
        </Button>
        <Button variant="danger" disabled={cancel.isPending} onClick={() => cancel.mutate()}>
          {cancel.isPending ? 'Cancelling…' : 'Yes, cancel the order'}
        </Button>
      </div>
      {cancel.isError ? (
        <p role="alert" className="text-sm text-danger">
          {cancel.error.message}
        </p>
      ) : null}
    </div>
  );
}
