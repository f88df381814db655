import type { StoredLine } from './cart-schemas.ts';
import { withGuestLines, writeGuestLines } from './guest-cart-store.ts';
import { remainingAfterMerge } from './merge-guest-cart.ts';

/** What a guest checkout did: these lines became an order, or these ran short. */
export type GuestCheckoutOutcome = { ordered: readonly StoredLine[] } | { lowered: readonly { item_id: number; available: number }[] };

// Loaded by the checkout only, not with every page's cart.
/**
 * A guest checkout's outcome, applied to the browser's cart. `ordered`: the lines that became an
 * order leave it (anything added meanwhile in another tab stays). `lowered`: stock ran short, so
 * each named line takes what is left (none: the line goes), as place_order did to the order it sent.
 */
export function settleGuestCheckout(outcome: GuestCheckoutOutcome): Promise<void> {
  return withGuestLines((now) => {
    if ('ordered' in outcome) {
      writeGuestLines(remainingAfterMerge(outcome.ordered, now));
      return;
    }
    writeGuestLines(
      now.flatMap((line) => {
        const change = outcome.lowered.find((candidate) => candidate.item_id === line.item_id);
        if (!change) return [line];
        return change.available > 0 ? [{ item_id: line.item_id, quantity: Math.min(line.quantity, change.available) }] : [];
      }),
    );
  });
}
