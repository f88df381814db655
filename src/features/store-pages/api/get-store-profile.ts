import { queryOptions, useQuery } from '@tanstack/react-query';
import { getSupabase } from '@/lib/supabase';
import type { StoreProfile } from './store-page-schemas.ts';

/** The profile, with its phone and postal address as people read them. */
export interface StoreContact extends StoreProfile {
  readablePhone: string | null;
  postalLines: string[];
}

/**
 * The formatting (libphonenumber's plans, the country names) loads with the data rather than with
 * the page's code: the route's chunk then depends on nothing more, and the list of every route's
 * dependencies that the first page carries stays as short as it was.
 */
export async function getStoreProfile(): Promise<StoreContact> {
  const [supabase, contact] = await Promise.all([getSupabase(), import('../utils/store-contact.ts')]);
  const { data, error } = await supabase
    .from('store_profile')
    .select('name, legal_name, contact_email, phone, address_line1, postcode, city, country, company_number, vat_id')
    .single();
  if (error) throw new Error(error.message);
  return { ...data, readablePhone: data.phone && contact.readablePhone(data.phone), postalLines: contact.postalLines(data) };
}

export const getStoreProfileQueryOptions = () =>
  queryOptions({ queryKey: ['store-pages', 'profile'], queryFn: getStoreProfile, staleTime: 5 * 60_000 });

/** Asks nothing while `enabled` is false (pages that show none of the shop's details). */
export function useStoreProfile(enabled: boolean) {
  return useQuery({ ...getStoreProfileQueryOptions(), enabled });
}
