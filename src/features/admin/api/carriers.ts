import { useQuery } from '@tanstack/react-query';
import { getSupabase } from '@/lib/supabase';
import { adminKeys } from './admin-keys.ts';

/** Who may carry a parcel, in the shop's order (the carriers table, public read). */
async function listCarriers() {
  const supabase = await getSupabase();
  const { data, error } = await supabase.from('carriers').select('code, name').order('sort_order').order('code');
  if (error) throw new Error(`The carriers could not be loaded: ${error.message}`);
  return data;
}

export type Carrier = Awaited<ReturnType<typeof listCarriers>>[number];

/** Changed by a migration, not by staff: read once a session is plenty. */
export function useCarriers(userId: string) {
  return useQuery({ queryKey: adminKeys.carriers(userId), queryFn: listCarriers, staleTime: 30 * 60_000 });
}
