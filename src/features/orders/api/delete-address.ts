import { useMutation, useQueryClient } from '@tanstack/react-query';
import { getSupabase } from '@/lib/supabase';
import { orderKeys } from './order-keys.ts';

/** Removes an address from the book; orders keep their own copy of where they went. */
export async function deleteAddress(id: number): Promise<void> {
  const supabase = await getSupabase();
  const { error } = await supabase.from('addresses').delete().eq('id', id);
  if (error) throw new Error('The address could not be deleted. Please try again.');
}

export function useDeleteAddress(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteAddress,
    onSettled: () => queryClient.invalidateQueries({ queryKey: orderKeys.addresses(userId) }),
  });
}
