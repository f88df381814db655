import { queryOptions, useQuery } from '@tanstack/react-query';
import { listAddressBook } from './address-book.ts';
import type { SavedAddress } from './delivery-schema.ts';
import { orderKeys } from './order-keys.ts';

/**
 * The buyer's addresses as checkout offers them: the address book's first five (the default, then
 * the last used), as delivery details without the book's own flag.
 */
export async function listSavedAddresses(): Promise<SavedAddress[]> {
  const book = await listAddressBook(5);
  return book.map(({ is_default: _isDefault, ...address }) => address);
}

export const savedAddressesQueryOptions = (userId: string) =>
  queryOptions({ queryKey: orderKeys.addresses(userId), queryFn: listSavedAddresses });

export function useSavedAddresses(userId: string) {
  return useQuery(savedAddressesQueryOptions(userId));
}
