import { useQuery } from '@tanstack/react-query';
import * as z from 'zod/mini';
import { getSupabase } from '@/lib/supabase';
import { ADMIN_STALE_TIME } from './admin-keys.ts';
import { adminKeys } from './admin-keys.ts';

/** One period's figures; its days are the shop's (store_profile.time_zone), both included. */
const PeriodSchema = z.object({
  from_date: z.string(),
  to_date: z.string(),
  /** Placed in the period, cancelled ones left out (they are counted in `cancelled`). */
  orders: z.number(),
  order_value_cents: z.number(),
  /** Null when there were no orders to average. */
  average_order_cents: z.nullable(z.number()),
  items_sold: z.number(),
  cancelled: z.number(),
  /** Refunds due for returns recorded in the period, whenever their orders were placed. */
  returned_cents: z.number(),
});

const OverviewSchema = z.object({
  time_zone: z.string(),
  today: z.string(),
  currency: z.string(),
  periods: z.object({ today: PeriodSchema, days_7: PeriodSchema, days_30: PeriodSchema }),
  open_orders: z.object({ placed: z.number(), confirmed: z.number(), packed: z.number(), shipped: z.number() }),
  /** The last 30 days' top five by quantity, net of returns; item_id is null once a variant was deleted. */
  best_sellers: z.array(
    z.object({ item_id: z.nullable(z.number()), product_id: z.nullable(z.number()), title: z.string(), quantity: z.number(), revenue_cents: z.number() }),
  ),
  /** Variants on sale at or under their own threshold: how many, and the ten lowest. */
  low_stock_count: z.number(),
  low_stock: z.array(z.object({ item_id: z.number(), product_id: z.number(), title: z.string(), stock: z.number(), threshold: z.number() })),
});

export type StoreOverview = z.infer<typeof OverviewSchema>;
export type OverviewPeriod = StoreOverview['periods']['today'];
export type PeriodName = keyof StoreOverview['periods'];

/** The admin's first page in one call (store_overview, staff only). */
export async function getStoreOverview(): Promise<StoreOverview> {
  const supabase = await getSupabase();
  const { data, error } = await supabase.rpc('store_overview');
  // Shown by LoadError, which says what could not be loaded: the cause only.
  if (error) throw new Error(error.message);
  const parsed = OverviewSchema.safeParse(data);
  if (!parsed.success) throw new Error('The server sent the figures in an unexpected shape.');
  return parsed.data;
}

/** Customers order while the page is open and no event says so: it asks again each minute. */
export const OVERVIEW_REFRESH_MS = 60_000;

export function useStoreOverview(userId: string) {
  return useQuery({
    queryKey: adminKeys.overview(userId),
    queryFn: getStoreOverview,
    staleTime: ADMIN_STALE_TIME,
    // The figures are sums over every order, so no single realtime change says how they moved; one
    // small call a minute (and on coming back to the tab) keeps a page left open honest. A hidden
    // tab does not poll (refetchIntervalInBackground stays off).
    refetchInterval: OVERVIEW_REFRESH_MS,
    refetchOnWindowFocus: true,
  });
}
