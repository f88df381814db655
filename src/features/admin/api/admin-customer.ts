import { useQuery } from '@tanstack/react-query';
import { getSupabase } from '@/lib/supabase';
import { adminErrorMessage } from './admin-errors.ts';
import { ADMIN_STALE_TIME, adminKeys } from './admin-keys.ts';

/** admin_customer (supabase/migrations/20261203000100_back_office.sql): who, since when, what they ordered. */
export interface AdminCustomer {
  id: string;
  email: string | null;
  name: string | null;
  /** A guest checkout's anonymous session, not an account. */
  guest: boolean;
  /** When the account (or guest session) was made; null when it has been deleted. */
  since: string | null;
  order_count: number;
  /** Every order but the cancelled ones, before refunds. */
  order_value_cents: number;
  refunded_cents: number;
  currency: string;
  first_order_at: string | null;
  last_order_at: string | null;
}

/** A customer as staff see them; null when no account and no order has this id. */
export async function getAdminCustomer(customerId: string): Promise<AdminCustomer | null> {
  const supabase = await getSupabase();
  const { data, error } = await supabase.rpc('admin_customer', { customer: customerId });
  if (error) throw new Error(adminErrorMessage(error, 'the look-up'));
  return data as unknown as AdminCustomer | null;
}

export function useAdminCustomer(userId: string, customerId: string | null) {
  return useQuery({
    queryKey: adminKeys.customer(userId, customerId ?? ''),
    queryFn: () => getAdminCustomer(customerId ?? ''),
    staleTime: ADMIN_STALE_TIME,
    enabled: customerId !== null,
  });
}
