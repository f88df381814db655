import { queryOptions, useQuery } from '@tanstack/react-query';
import { getSupabase } from '@/lib/supabase';
import type { SavedAddress } from './delivery-schema.ts';
import { orderKeys } from './order-keys.ts';

/**
 * The buyer's addresses as checkout offers them: the default (chosen in the account's address
 * book) first, then the last used (place_order saves each one used; RLS shows only theirs).
 */
export async function listSavedAddresses(): Promise<SavedAddress[]> {
  const supabase = await getSupabase();
  const { data, error } = await supabase
    .from('addresses')
    .select('id, full_name, line1, line2, postcode, city, country, phone')
    .order('is_default', { ascending: false })
    .order('last_used_at', { ascending: false })
    .limit(5);
  if (error) throw new Error(error.message);
  return data;
}

export const savedAddressesQueryOptions = (userId: string) =>
  queryOptions({ queryKey: orderKeys.addresses(userId), queryFn: listSavedAddresses });

export function useSavedAddresses(userId: string) {
  return useQuery(savedAddressesQueryOptions(userId));
}
