import { useMutation, useQueryClient } from '@tanstack/react-query';
import { getSupabase } from '@/lib/supabase';
import { orderKeys } from './order-keys.ts';

/** Makes the address the one checkout offers first (and the previous default not), at once. */
export async function makeDefaultAddress(id: number): Promise<void> {
  const supabase = await getSupabase();
  const { error } = await supabase.rpc('set_default_address', { address_id: id });
  if (error) {
    if (error.code === 'P0002') throw new Error('This address is no longer in your address book.');
    throw new Error('The default address could not be changed. Please try again.');
  }
}

export function useMakeDefaultAddress(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: makeDefaultAddress,
    onSettled: () => queryClient.invalidateQueries({ queryKey: orderKeys.addresses(userId) }),
  });
}
