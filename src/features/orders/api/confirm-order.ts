import { getSupabase } from '@/lib/supabase';
import { isNetworkFailure } from '@/utils/is-network-failure';

/**
 * Asks the order-confirmation edge function to send the receipt and mark the order confirmed.
 * Safe to repeat: an order that is no longer `placed` is left as it is.
 */
export async function confirmOrder(orderId: number): Promise<void> {
  const supabase = await getSupabase();
  const { error } = await supabase.functions.invoke('order-confirmation', { body: { order_id: orderId } });
  if (!error) return;
  if (isNetworkFailure(error.message) || error.name === 'FunctionsFetchError') {
    throw new Error('Lumen could not be reached to send your receipt.');
  }
  let reason = '';
  if (error.context instanceof Response) {
    const body: unknown = await error.context.json().catch(() => null);
    if (body && typeof body === 'object' && 'error' in body && typeof body.error === 'string') reason = body.error;
  }
  throw new Error(reason || 'The confirmation service did not answer as expected.');
}
