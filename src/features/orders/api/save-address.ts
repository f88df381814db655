import { useMutation, useQueryClient } from '@tanstack/react-query';
import { getSupabase } from '@/lib/supabase';
import type { Delivery, DeliveryProblems } from './delivery-schema.ts';
import { orderKeys } from './order-keys.ts';

/** The database refused the address (it has the last word): what is wrong, by field. */
export class AddressRefusedError extends Error {
  readonly problems: DeliveryProblems;
  constructor(message: string, problems: DeliveryProblems) {
    super(message);
    this.problems = problems;
  }
}

function problemsOf(details: string | undefined): DeliveryProblems {
  try {
    const parsed: unknown = JSON.parse(details ?? '{}');
    return typeof parsed === 'object' && parsed !== null ? (parsed as DeliveryProblems) : {};
  } catch {
    return {};
  }
}

export interface SaveAddressInput {
  /** The address changed; none for a new one. */
  id: number | null;
  address: Delivery;
}

/** Adds an address to the book or changes one; the database checks it again (a trigger). */
export async function saveAddress({ id, address }: SaveAddressInput): Promise<number> {
  const supabase = await getSupabase();
  const { data, error } =
    id === null
      ? await supabase.from('addresses').insert(address).select('id').single()
      : await supabase.from('addresses').update(address).eq('id', id).select('id').single();
  if (error) {
    if (error.code === '22023') throw new AddressRefusedError(error.message, problemsOf(error.details));
    // No row: the address was deleted elsewhere (another tab), or was never this user's.
    if (error.code === 'PGRST116') throw new Error('This address is no longer in your address book.');
    throw new Error('The address could not be saved. Please try again.');
  }
  return data.id;
}

export function useSaveAddress(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveAddress,
    onSettled: () => queryClient.invalidateQueries({ queryKey: orderKeys.addresses(userId) }),
  });
}
