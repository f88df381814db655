import * as z from 'zod/mini';
import { ORDER_STATUSES, STATUS_LABELS, type OrderStatus } from '@/config/order-statuses';

/** What search_orders takes, as the all-orders list's address carries it. */
export interface OrderFilters {
  /** An order number ("12" or "#12"), a reference, or part of an e-mail or name. */
  q: string;
  statuses: OrderStatus[];
  /** The shop's days, YYYY-MM-DD, both included. */
  from: string | null;
  to: string | null;
  customer: string | null;
  page: number;
}

/** search_orders refuses longer text, and page numbers past this. */
export const MAX_QUERY_LENGTH = 200;
export const MAX_PAGE = 10000;

/** A day as `<input type="date">` and the database write it, and one that exists (no 31 April). */
const DaySchema = z.string().check(
  z.regex(/^\d{4}-\d{2}-\d{2}$/),
  z.refine((text) => {
    const date = new Date(`${text}T00:00:00Z`);
    return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(text);
  }),
);
const StatusSchema = z.enum(ORDER_STATUSES);
const CustomerSchema = z.guid();
const PageSchema = z.string().check(z.regex(/^[1-9][0-9]{0,4}$/), z.refine((text) => Number(text) <= MAX_PAGE));

/** A customer's id (an auth user's uuid), as `/admin/customers/<id>` and `?customer=` carry it. */
export function isCustomerId(text: string): boolean {
  return CustomerSchema.safeParse(text).success;
}

/**
 * The filters in the list's address, and a sentence for each one that cannot be used (a
 * mistyped date or status in a shared link, say). A bad value is left out rather than guessed
 * at, and the page says so: the list then shows what its controls show.
 */
export function readOrderFilters(params: URLSearchParams): { filters: OrderFilters; problems: string[] } {
  const problems: string[] = [];
  let q = (params.get('q') ?? '').trim();
  if (q.length > MAX_QUERY_LENGTH) {
    problems.push(`The search text is longer than ${MAX_QUERY_LENGTH} characters, so it is left out.`);
    q = '';
  }

  const statuses: OrderStatus[] = [];
  for (const word of (params.get('status') ?? '').split(',')) {
    const text = word.trim().toLowerCase();
    if (!text) continue;
    const status = StatusSchema.safeParse(text);
    if (!status.success) problems.push(`“${word.trim()}” is not an order status, so it is left out. The statuses are ${ORDER_STATUSES.join(', ')}.`);
    else if (!statuses.includes(status.data)) statuses.push(status.data);
  }

  const day = (name: 'from' | 'to', label: string) => {
    const text = params.get(name)?.trim();
    if (!text) return null;
    if (DaySchema.safeParse(text).success) return text;
    problems.push(`“${text}” is not a date (${label} should read like 2026-11-27), so it is left out.`);
    return null;
  };
  let from = day('from', 'From');
  let to = day('to', 'To');
  if (from !== null && to !== null && from > to) {
    problems.push(`The dates run backwards (from ${from} to ${to}), so they are left out.`);
    from = null;
    to = null;
  }

  const customerText = params.get('customer')?.trim();
  let customer: string | null = null;
  if (customerText) {
    if (CustomerSchema.safeParse(customerText).success) customer = customerText.toLowerCase();
    else problems.push(`“${customerText}” is not a customer id, so it is left out.`);
  }

  const pageText = params.get('page');
  let page = 1;
  if (pageText !== null) {
    const parsed = PageSchema.safeParse(pageText);
    if (parsed.success) page = Number(parsed.data);
    else problems.push(`“${pageText}” is not a page number, so the first page is shown.`);
  }

  return { filters: { q, statuses, from, to, customer, page }, problems };
}

/** The names a filter gives statuses: the customer's label for placed says more than staff need. */
export const STATUS_FILTER_LABELS: Record<OrderStatus, string> = { ...STATUS_LABELS, placed: 'Placed' };

/** Whether any filter narrows the list (paging aside). */
export function isFiltered(filters: OrderFilters): boolean {
  return filters.q !== '' || filters.statuses.length > 0 || filters.from !== null || filters.to !== null || filters.customer !== null;
}

/** The filters in words, for "No orders match these filters: …". */
export function describeFilters(filters: OrderFilters, customerName?: string | null): string {
  const parts: string[] = [];
  if (filters.q) parts.push(`search “${filters.q}”`);
  if (filters.statuses.length > 0) parts.push(`status ${filters.statuses.map((status) => STATUS_FILTER_LABELS[status].toLowerCase()).join(' or ')}`);
  if (filters.from && filters.to) parts.push(filters.from === filters.to ? `placed on ${filters.from}` : `placed ${filters.from} to ${filters.to}`);
  else if (filters.from) parts.push(`placed from ${filters.from}`);
  else if (filters.to) parts.push(`placed up to ${filters.to}`);
  if (filters.customer) parts.push(customerName ? `customer ${customerName}` : 'the chosen customer');
  return parts.join(', ');
}
