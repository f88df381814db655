import { Check, X } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { paths } from '@/config/paths';
import type { AddOutcome } from '../hooks/use-cart.ts';

const SHOWN_FOR_MS = 8000;

/** Says what an add did, without moving anything: a panel over the page with the ways on. */
export function AddedToCartNotice({ outcome, onClose }: { outcome: AddOutcome; onClose: () => void }) {
  // Focus or a pointer inside holds it open: someone reaching for View cart is not hurried away.
  const [held, setHeld] = useState(false);
  useEffect(() => {
    if (held) return;
    const timer = window.setTimeout(onClose, SHOWN_FOR_MS);
    return () => window.clearTimeout(timer);
  }, [outcome, onClose, held]);
  const { item, requested, added, total, limit } = outcome;
  return (
    <section
      aria-label="Added to your cart"
      data-testid="added-to-cart"
      onFocus={() => setHeld(true)}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget)) setHeld(false);
      }}
      onPointerEnter={() => setHeld(true)}
      onPointerLeave={() => setHeld(false)}
      className="fixed inset-x-4 top-20 z-30 flex flex-col gap-3 rounded-lg border border-border bg-surface p-4 shadow-lg md:left-auto md:w-96"
    >
      <div className="flex items-start gap-3">
        <Check aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-primary" />
        <div className="flex min-w-0 flex-1 flex-col gap-1 text-sm">
          <p className="font-medium">
            Added {added} × {item.title}
          </p>
          {added < requested ? (
            <p>
              Only {added} more {added === 1 ? 'was' : 'were'} available: you now have all {limit}.
            </p>
          ) : (
            <p className="text-muted-foreground">{total} in your cart.</p>
          )}
        </div>
        <Button variant="ghost" size="icon-xs" aria-label="Close" onClick={onClose}>
          <X aria-hidden="true" />
        </Button>
      </div>
      <div className="grid grid-cols-2 gap-2">
        <Button asChild variant="secondary">
          <Link to={paths.cart.getHref()} onClick={onClose}>
            View cart
          </Link>
        </Button>
        <Button asChild>
          <Link to={paths.checkout.getHref()} onClick={onClose}>
            Checkout
          </Link>
        </Button>
      </div>
    </section>
  );
}
