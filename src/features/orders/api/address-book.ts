import { queryOptions, useQuery } from '@tanstack/react-query';
import { getSupabase } from '@/lib/supabase';
import type { SavedAddress } from './delivery-schema.ts';
import { orderKeys } from './order-keys.ts';

/** An address of the account's address book. */
export type AddressBookEntry = SavedAddress & { is_default: boolean };

/** Under orderKeys.addresses, so a change to the book also refreshes what checkout offers. */
export const addressBookKey = (userId: string) => [...orderKeys.addresses(userId), 'book'] as const;

/** Every address of the user (RLS shows only theirs): the default first, then the last used. */
export async function listAddressBook(): Promise<AddressBookEntry[]> {
  const supabase = await getSupabase();
  const { data, error } = await supabase
    .from('addresses')
    .select('id, full_name, line1, line2, postcode, city, country, phone, is_default')
    .order('is_default', { ascending: false })
    .order('last_used_at', { ascending: false })
    .order('id', { ascending: false });
  if (error) throw new Error(error.message);
  return data;
}

export const addressBookQueryOptions = (userId: string) => queryOptions({ queryKey: addressBookKey(userId), queryFn: listAddressBook });

export function useAddressBook(userId: string) {
  return useQuery(addressBookQueryOptions(userId));
}
