import { useMutation, useQueryClient } from '@tanstack/react-query';
import { getSupabase } from '@/lib/supabase';
import { isNetworkFailure } from '@/utils/is-network-failure';
import type { Delivery, DeliveryProblems } from './delivery-schema.ts';
import { orderKeys } from './order-keys.ts';
import { PlaceOrderResultSchema, type PlaceOrderResult } from './order-schemas.ts';

/** The request may or may not have reached the server: the same attempt must be sent again to know. */
export class OrderOutcomeUnknownError extends Error {}

/** What the database can refuse at checkout, by field: the delivery details and a guest's e-mail. */
export type CheckoutProblems = DeliveryProblems & { email?: string };

/** The database refused the delivery details (it has the last word on them): what is wrong, by field. */
export class DeliveryRefusedError extends Error {
  readonly problems: CheckoutProblems;
  constructor(message: string, problems: CheckoutProblems) {
    super(message);
    this.problems = problems;
  }
}

function problemsOf(details: string | undefined): CheckoutProblems {
  try {
    const parsed: unknown = JSON.parse(details ?? '{}');
    return typeof parsed === 'object' && parsed !== null ? (parsed as CheckoutProblems) : {};
  } catch {
    return {};
  }
}

export interface PlaceOrderRequest {
  idempotencyKey: string;
  delivery: Delivery;
  /**
   * A guest's order (sent with the anonymous session): the receipt's address, and the cart kept in
   * the browser, which becomes the guest's cart in the same transaction.
   */
  guest?: { email: string; lines: readonly { item_id: number; quantity: number }[] };
}

/**
 * Places the signed-in user's cart as an order: place_order is one transaction that locks the
 * items, checks and takes the stock, snapshots prices, creates the order and clears the cart —
 * or, when stock ran short, orders nothing and reports which lines changed. The attempt's key
 * makes it idempotent: sent again, it answers with the order the first call placed.
 */
export async function placeOrder({ idempotencyKey, delivery, guest }: PlaceOrderRequest): Promise<PlaceOrderResult> {
  const supabase = await getSupabase();
  const { data, error } = await supabase.rpc('place_order', {
    idempotency_key: idempotencyKey,
    delivery,
    ...(guest ? { contact_email: guest.email, lines: guest.lines.map(({ item_id, quantity }) => ({ item_id, quantity })) } : {}),
  });
  if (error) {
    if (error.code === 'P0001') throw new Error(error.message);
    if (error.code === '22023' && error.message.startsWith('Check the delivery details')) {
      throw new DeliveryRefusedError(error.message, problemsOf(error.details));
    }
    if (isNetworkFailure(error.message)) {
      // The request may or may not have reached the server; the same attempt can safely be sent again.
      if (!navigator.onLine) {
        throw new OrderOutcomeUnknownError(
          'You seem to be offline, so your order could not be sent. Press Place order again once you are back online: it will never be placed twice.',
        );
      }
      throw new OrderOutcomeUnknownError(
        'Lumen could not be reached, so we cannot tell yet whether your order went through. Press Place order again: it will never be placed twice.',
      );
    }
    throw new Error('The order could not be placed. Nothing was ordered; please try again.');
  }
  const parsed = PlaceOrderResultSchema.safeParse(data);
  if (!parsed.success) throw new Error('The server answered in an unexpected shape. Check your orders before trying again.');
  return parsed.data;
}

/**
 * `ownerId`: whose orders to refresh afterwards. A guest has none until `startSession` (run just
 * before sending, with the receipt address) has made the anonymous session the order belongs to.
 */
export function usePlaceOrder(ownerId: string | null, startSession?: (email: string) => Promise<string>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (request: PlaceOrderRequest) => {
      if (startSession && request.guest) await startSession(request.guest.email);
      return placeOrder(request);
    },
    // Sending the same attempt again is safe (place_order is idempotent), so a lost answer is asked
    // for again at once; only when that fails too does the buyer see the message.
    retry: (failures, error) => error instanceof OrderOutcomeUnknownError && navigator.onLine && failures < 2,
    retryDelay: (failures) => 500 * 2 ** failures,
    onSettled: () => (ownerId ? queryClient.invalidateQueries({ queryKey: orderKeys.all(ownerId) }) : undefined),
  });
}
