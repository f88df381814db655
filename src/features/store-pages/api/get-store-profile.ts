import { queryOptions, useQuery } from '@tanstack/react-query';
import { getSupabase } from '@/lib/supabase';
import type { StoreProfile } from './store-page-schemas.ts';

export async function getStoreProfile(): Promise<StoreProfile> {
  const supabase = await getSupabase();
  const { data, error } = await supabase
    .from('store_profile')
    .select('name, legal_name, contact_email, phone, address_line1, postcode, city, country, company_number, vat_id')
    .single();
  if (error) throw new Error(error.message);
  return data;
}

export const getStoreProfileQueryOptions = () =>
  queryOptions({ queryKey: ['store-pages', 'profile'], queryFn: getStoreProfile, staleTime: 5 * 60_000 });

/** Asks nothing while `enabled` is false (pages that show none of the shop's details). */
export function useStoreProfile(enabled: boolean) {
  return useQuery({ ...getStoreProfileQueryOptions(), enabled });
}
