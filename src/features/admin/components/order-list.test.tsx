import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter, useLocation } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { getSupabase } from '@/lib/supabase';
import type { OrderPage, OrderRow } from '../api/search-orders.ts';
import { OrderList } from './order-list.tsx';

vi.mock('@/lib/supabase', () => ({ getSupabase: vi.fn() }));

type Client = Awaited<ReturnType<typeof getSupabase>>;
type Answer = { data: unknown; error: { message: string; code?: string } | null };

const CUSTOMER = '3f0c2a9e-5b1d-4c7a-9e2f-6a8b1c0d4e5f';

const order = (id: number, changes: Partial<OrderRow> = {}): OrderRow => ({
  id,
  reference: '7K3Q-9XPD',
  status: 'delivered',
  created_at: '2026-11-20T10:00:00Z',
  total_cents: 19600,
  currency: 'EUR',
  item_count: 2,
  refunded_cents: 0,
  customer: { id: CUSTOMER, email: 'ann@example.com', name: 'Ann Byrne', guest: false },
  ...changes,
});

let searches: Record<string, unknown>[];
let answerSearch: (args: Record<string, unknown>) => Answer;

/** supabase-js as far as the list uses it: rpc (awaited, with an abort signal) and the store profile. */
function client() {
  const rpc = (name: string, args: Record<string, unknown>) => {
    let answer: Answer;
    if (name === 'search_orders') {
      searches.push(args);
      answer = answerSearch(args);
    } else if (name === 'admin_customer') {
      answer = { data: { id: CUSTOMER, name: 'Ann Byrne', email: 'ann@example.com' }, error: null };
    } else {
      throw new Error(`unexpected rpc ${name}`);
    }
    const request = { abortSignal: () => request, then: (resolve: (value: Answer) => unknown) => Promise.resolve(answer).then(resolve) };
    return request;
  };
  const profile = { select: () => profile, eq: () => profile, maybeSingle: () => Promise.resolve({ data: { time_zone: 'Europe/Dublin' }, error: null }) };
  return { rpc, from: () => profile } as unknown as Client;
}

function Address() {
  const location = useLocation();
  return <output data-testid="address">{`${location.pathname}${location.search}`}</output>;
}

function show(address: string) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter initialEntries={[address]}>
        <OrderList userId="staff-1" />
        <Address />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

const page = (orders: OrderRow[], total = orders.length): Answer => ({ data: { total, page: 1, page_size: 25, orders } satisfies OrderPage, error: null });

beforeEach(() => {
  searches = [];
  answerSearch = () => page([order(12, { refunded_cents: 4900 }), order(11, { customer: { id: null, email: 'guest@example.com', name: null, guest: true } })]);
  vi.mocked(getSupabase).mockResolvedValue(client());
});

describe('OrderList', () => {
  it('asks for the address’s filters and shows each order with its links, status, total and refund', async () => {
    show(`/admin/orders?q=ann&status=delivered,returned&from=2026-11-01&to=2026-11-27&page=1`);
    const table = await screen.findByRole('table');
    expect(searches[0]).toEqual({ query: 'ann', statuses: ['delivered', 'returned'], from_date: '2026-11-01', to_date: '2026-11-27', customer: undefined, page: 1, page_size: 25 });
    expect(within(table).getByRole('link', { name: 'Order #12' }).getAttribute('href')).toBe('/admin/orders/12');
    expect(within(table).getByRole('link', { name: 'Ann Byrne' }).getAttribute('href')).toBe(`/admin/customers/${CUSTOMER}`);
    // An order without an account still names who placed it, without a link.
    expect(within(table).getByText('guest@example.com')).toBeDefined();
    expect(within(table).getAllByText('Delivered')).toHaveLength(2);
    expect(within(table).getAllByText('€196.00')).toHaveLength(2);
    expect(within(table).getByText('€49.00 refunded')).toBeDefined();
    expect(screen.getByText('2 orders match')).toBeDefined();
    expect(screen.getByRole('checkbox', { name: 'Delivered' })).toHaveProperty('checked', true);
    expect(screen.getByLabelText('Placed from')).toHaveProperty('value', '2026-11-01');
  });

  it('names what is wrong with the address, searches without it, and takes it out on request', async () => {
    show('/admin/orders?status=shipped,bogus&from=2026-13-01&customer=42');
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('“bogus” is not an order status');
    expect(alert.textContent).toContain('“2026-13-01” is not a date');
    expect(alert.textContent).toContain('“42” is not a customer id');
    await screen.findByRole('table');
    expect(searches[0]).toMatchObject({ statuses: ['shipped'], from_date: undefined, customer: undefined });
    fireEvent.click(within(alert).getByRole('button', { name: 'Remove them from the address' }));
    expect(screen.getByTestId('address').textContent).toBe('/admin/orders?status=shipped');
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('says which filters found nothing and clears them', async () => {
    answerSearch = (args) => (args.query === 'zzz' ? page([]) : page([order(12)]));
    show('/admin/orders?q=zzz&status=cancelled&page=1');
    expect(await screen.findByText('No orders match these filters: search “zzz”, status cancelled.')).toBeDefined();
    fireEvent.click(screen.getAllByRole('button', { name: 'Clear filters' })[0] as HTMLElement);
    expect(screen.getByTestId('address').textContent).toBe('/admin/orders');
    expect(await screen.findByRole('table')).toBeDefined();
    expect(screen.getByRole('searchbox', { name: 'Search orders' })).toHaveProperty('value', '');
  });

  it('searches once typing pauses, from the first page, and shows the customer a link narrows to', async () => {
    show(`/admin/orders?customer=${CUSTOMER}&page=3`);
    const narrowedTo = (await screen.findByText(/Orders of/)).closest('p') as HTMLElement;
    expect((await within(narrowedTo).findByRole('link', { name: 'Ann Byrne' })).getAttribute('href')).toBe(`/admin/customers/${CUSTOMER}`);
    const box = screen.getByRole('searchbox', { name: 'Search orders' });
    fireEvent.change(box, { target: { value: 'b' } });
    fireEvent.change(box, { target: { value: 'by' } });
    fireEvent.change(box, { target: { value: 'byrne ' } });
    await waitFor(() => expect(screen.getByTestId('address').textContent).toBe(`/admin/orders?customer=${CUSTOMER}&q=byrne`));
    expect(searches.map((args) => args.query)).toEqual(['', 'byrne']);
    expect(box).toHaveProperty('value', 'byrne ');
    fireEvent.click(screen.getByRole('button', { name: 'Clear the customer filter' }));
    expect(screen.getByTestId('address').textContent).toBe('/admin/orders?q=byrne');
  });

  it('shows a failed search with a way to try again', async () => {
    answerSearch = () => ({ data: null, error: { message: 'Only staff can search orders.', code: '42501' } });
    show('/admin/orders');
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('The orders could not be loaded. Your account may no longer be staff');
    answerSearch = () => page([order(12)]);
    fireEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('table')).toBeDefined();
  });
});
