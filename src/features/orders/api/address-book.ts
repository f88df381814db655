import { queryOptions, useQuery } from '@tanstack/react-query';
import { getSupabase } from '@/lib/supabase';
import type { SavedAddress } from './delivery-schema.ts';
import { orderKeys } from './order-keys.ts';

/** An address of the account's address book. */
export type AddressBookEntry = SavedAddress & { is_default: boolean };

/** Under orderKeys.addresses, so a change to the book also refreshes what checkout offers. */
export const addressBookKey = (userId: string) => [...orderKeys.addresses(userId), 'book'] as const;

/** The user's addresses (RLS shows only theirs), at most `limit`: the default first, then the last used. */
export async function listAddressBook(limit?: number): Promise<AddressBookEntry[]> {
  const supabase = await getSupabase();
  const query = supabase
    .from('addresses')
    .select('id, full_name, line1, line2, postcode, city, country, phone, is_default')
    .order('is_default', { ascending: false })
    .order('last_used_at', { ascending: false })
    .order('id', { ascending: false });
  const { data, error } = await (limit === undefined ? query : query.limit(limit));
  if (error) throw new Error(error.message);
  return data;
}

export const addressBookQueryOptions = (userId: string) => queryOptions({ queryKey: addressBookKey(userId), queryFn: () => listAddressBook() });

export function useAddressBook(userId: string) {
  return useQuery(addressBookQueryOptions(userId));
}
