import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { OrderStatus } from '@/config/order-statuses';
import { getSupabase } from '@/lib/supabase';
import type { OrderFilters } from '../utils/order-search.ts';
import { adminErrorMessage } from './admin-errors.ts';
import { ADMIN_STALE_TIME, adminKeys } from './admin-keys.ts';

export const ORDERS_PAGE_SIZE = 25;

/** Who placed an order, as staff see them (private.order_customer): the account's or the guest's e-mail. */
export interface OrderCustomer {
  /** Null for an order whose account was deleted. */
  id: string | null;
  email: string | null;
  name: string | null;
  guest: boolean;
}

/** A row of search_orders (supabase/migrations/20261203000100_back_office.sql). */
export interface OrderRow {
  id: number;
  reference: string;
  status: OrderStatus;
  created_at: string;
  total_cents: number;
  currency: string;
  item_count: number;
  refunded_cents: number;
  customer: OrderCustomer;
}

export interface OrderPage {
  total: number;
  page: number;
  page_size: number;
  orders: OrderRow[];
}

/** One page of every order, newest first, searched and filtered (the database checks the caller is staff). */
export async function searchOrders(filters: OrderFilters, signal?: AbortSignal): Promise<OrderPage> {
  const supabase = await getSupabase();
  // An argument left out takes its SQL default: null, no filter.
  let request = supabase.rpc('search_orders', {
    query: filters.q,
    statuses: filters.statuses.length > 0 ? filters.statuses : undefined,
    from_date: filters.from ?? undefined,
    to_date: filters.to ?? undefined,
    customer: filters.customer ?? undefined,
    page: filters.page,
    page_size: ORDERS_PAGE_SIZE,
  });
  if (signal) request = request.abortSignal(signal);
  const { data, error } = await request;
  // Shown by LoadError, which says what could not be loaded: the cause, in words for people.
  if (error) throw new Error(adminErrorMessage(error, 'the search'));
  return data as unknown as OrderPage;
}

export function useSearchOrders(userId: string, filters: OrderFilters) {
  return useQuery({
    queryKey: adminKeys.orderSearch(userId, filters),
    queryFn: ({ signal }) => searchOrders(filters, signal),
    staleTime: ADMIN_STALE_TIME,
    // A new search or page keeps the last one on screen instead of flashing a skeleton.
    placeholderData: keepPreviousData,
  });
}
