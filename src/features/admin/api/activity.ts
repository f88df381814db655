import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { getSupabase } from '@/lib/supabase';
import { ADMIN_STALE_TIME, adminKeys } from './admin-keys.ts';

export const ACTIVITY_PAGE_SIZE = 25;

/** The audit log, newest first: what staff changed, by whom, before and after. */
async function listActivity(page: number) {
  const supabase = await getSupabase();
  const from = (page - 1) * ACTIVITY_PAGE_SIZE;
  const { data, error, count } = await supabase
    .from('audit_log')
    .select('id, at, actor_email, action, entity, entity_id, before, after, context', { count: 'estimated' })
    .order('id', { ascending: false })
    .range(from, from + ACTIVITY_PAGE_SIZE - 1);
  // Shown by LoadError, which says what could not be loaded: the cause only.
  if (error) throw new Error(error.message);
  return { entries: data, total: count ?? data.length };
}

export type ActivityEntry = Awaited<ReturnType<typeof listActivity>>['entries'][number];

export function useActivity(userId: string, page: number) {
  return useQuery({ queryKey: adminKeys.activity(userId, page), queryFn: () => listActivity(page), placeholderData: keepPreviousData, staleTime: ADMIN_STALE_TIME });
}
