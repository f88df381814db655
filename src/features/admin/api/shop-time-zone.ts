import { useQuery } from '@tanstack/react-query';
import { getSupabase } from '@/lib/supabase';
import { adminKeys } from './admin-keys.ts';

/** Where the shop's days start when store_profile has no row (the database says the same). */
export const FALLBACK_TIME_ZONE = 'UTC';

/** The shop's time zone (an IANA name): its days are the ones date filters and the export mean. */
async function getShopTimeZone(): Promise<string> {
  const supabase = await getSupabase();
  const { data, error } = await supabase.from('store_profile').select('time_zone').eq('id', 1).maybeSingle();
  if (error) throw new Error(error.message);
  return data?.time_zone ?? FALLBACK_TIME_ZONE;
}

export function useShopTimeZone(userId: string) {
  // Changed by hand in the database, if ever: read once a visit.
  return useQuery({ queryKey: adminKeys.timeZone(userId), queryFn: getShopTimeZone, staleTime: Infinity });
}
