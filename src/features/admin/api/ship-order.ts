import { useMutation, useQueryClient } from '@tanstack/react-query';
import { getSupabase } from '@/lib/supabase';
import { adminErrorMessage } from './admin-errors.ts';
import { refreshOrderReads } from './admin-order.ts';

/** A tracking number as ship_order keeps it: trimmed, inner spaces single, upper case. */
export function normalizeTrackingNumber(text: string): string {
  return text.trim().replace(/\s+/g, ' ').toUpperCase();
}

/**
 * ship_order's rule for a tracking number, said before asking it (null: fine; an empty field is
 * fine too, the number is optional): 3 to 40 letters, digits, spaces or dashes, starting and
 * ending with a letter or digit, as carriers print them.
 */
export function trackingNumberProblem(text: string): string | null {
  const number = normalizeTrackingNumber(text);
  if (number === '' || /^[A-Z0-9][A-Z0-9 -]{1,38}[A-Z0-9]$/.test(number)) return null;
  if (number.length >= 3 && number.length <= 40 && /^[A-Z0-9 -]+$/.test(number)) return 'A tracking number starts and ends with a letter or digit.';
  return 'A tracking number is 3 to 40 letters, digits, spaces or dashes.';
}

export interface Shipment {
  orderId: number;
  carrier: string;
  /** As typed; sent normalized, and not at all when empty. */
  trackingNumber: string;
}

/** Packed → shipped with who carries it; the database refuses an order someone else moved first. */
export async function shipOrder({ orderId, carrier, trackingNumber }: Shipment): Promise<void> {
  const supabase = await getSupabase();
  const number = normalizeTrackingNumber(trackingNumber);
  const { error } = await supabase.rpc('ship_order', { order_id: orderId, carrier, tracking_number: number || undefined });
  if (error) throw new Error(adminErrorMessage(error, `order ${orderId} was not shipped`));
}

export function useShipOrder(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: shipOrder,
    // Refetched whether it worked or not: a refusal usually means someone else moved it first.
    onSettled: () => refreshOrderReads(queryClient, userId),
  });
}
