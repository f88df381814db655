import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { getSupabase } from '@/lib/supabase';
import type { StoreOverview } from '../api/store-overview.ts';
import { OverviewPage } from './overview-page.tsx';

vi.mock('@/lib/supabase', () => ({ getSupabase: vi.fn() }));

const USER = 'staff-user';

const quietPeriod = (from: string) => ({
  from_date: from,
  to_date: '2026-11-27',
  orders: 0,
  order_value_cents: 0,
  average_order_cents: null,
  items_sold: 0,
  cancelled: 0,
  returned_cents: 0,
});

/** store_overview's answer as the database writes it. */
const overview: StoreOverview = {
  time_zone: 'Europe/Dublin',
  today: '2026-11-27',
  currency: 'EUR',
  periods: {
    today: { from_date: '2026-11-27', to_date: '2026-11-27', orders: 3, order_value_cents: 12_450, average_order_cents: 4150, items_sold: 5, cancelled: 1, returned_cents: 0 },
    days_7: { from_date: '2026-11-21', to_date: '2026-11-27', orders: 12, order_value_cents: 60_000, average_order_cents: 5000, items_sold: 20, cancelled: 0, returned_cents: 4500 },
    days_30: { from_date: '2026-10-29', to_date: '2026-11-27', orders: 40, order_value_cents: 250_075, average_order_cents: 6252, items_sold: 71, cancelled: 2, returned_cents: 9000 },
  },
  open_orders: { placed: 2, confirmed: 4, packed: 0, shipped: 1 },
  best_sellers: [
    { item_id: 11, product_id: 3, title: 'Linen cushion, rust', quantity: 9, revenue_cents: 35_100 },
    { item_id: null, product_id: null, title: 'Retired vase', quantity: 2, revenue_cents: 5000 },
  ],
  low_stock_count: 12,
  low_stock: [
    { item_id: 21, product_id: 8, title: 'Oak stool', stock: 0, threshold: 3 },
    { item_id: 22, product_id: 9, title: 'Brass lamp', stock: 2, threshold: 5 },
  ],
};

const quiet: StoreOverview = {
  ...overview,
  periods: { today: quietPeriod('2026-11-27'), days_7: quietPeriod('2026-11-21'), days_30: quietPeriod('2026-10-29') },
  open_orders: { placed: 0, confirmed: 0, packed: 0, shipped: 0 },
  best_sellers: [],
  low_stock_count: 0,
  low_stock: [],
};

const rpc = vi.fn();

beforeEach(() => {
  rpc.mockReset();
  vi.mocked(getSupabase).mockResolvedValue({ rpc } as unknown as Awaited<ReturnType<typeof getSupabase>>);
});

function renderPage() {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter>
        <OverviewPage userId={USER} />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

const hrefOf = (name: string | RegExp) => screen.getByRole('link', { name }).getAttribute('href');

describe('OverviewPage', () => {
  it('shows each period’s figures, linking to its orders by the shop’s days', async () => {
    rpc.mockResolvedValue({ data: overview, error: null });
    renderPage();
    const today = await screen.findByRole('region', { name: 'Today' });
    expect(rpc).toHaveBeenCalledWith('store_overview');
    expect(screen.getByRole('heading', { level: 1, name: 'Overview' })).toBeTruthy();
    expect(document.title).toBe('Overview · Store admin · Lumen');
    expect(screen.getByText(/Friday 27 November 2026 in the shop \(Europe\/Dublin\)/)).toBeTruthy();

    const figure = (region: HTMLElement, label: string) => within(region).getByText(label, { selector: 'dt' }).nextElementSibling?.textContent;
    expect(figure(today, 'Order value')).toBe('€124.50');
    expect(figure(today, 'Orders')).toBe('3');
    expect(figure(today, 'Average order')).toBe('€41.50');
    expect(figure(today, 'Items sold')).toBe('5');
    expect(figure(today, 'Returned')).toBe('€0.00');
    expect(figure(today, 'Cancelled')).toBe('Cancelled today: 1');
    const month = screen.getByRole('region', { name: 'Last 30 days' });
    expect(figure(month, 'Order value')).toBe('€2,500.75');
    expect(figure(month, 'Returned')).toBe('€90.00');
    expect(within(screen.getByRole('region', { name: 'Last 7 days' })).getByText('21–27 Nov')).toBeTruthy();

    // The count leaves cancelled orders out, and so does the list it opens.
    const counted = 'status=placed,confirmed,packed,shipped,delivered,returned';
    expect(hrefOf('Orders today: 3')).toBe(`/admin/orders?${counted}&from=2026-11-27&to=2026-11-27`);
    expect(hrefOf('Orders in the last 7 days: 12')).toBe(`/admin/orders?${counted}&from=2026-11-21&to=2026-11-27`);
    expect(hrefOf('Orders in the last 30 days: 40')).toBe(`/admin/orders?${counted}&from=2026-10-29&to=2026-11-27`);
    expect(hrefOf('Cancelled today: 1')).toBe('/admin/orders?status=cancelled&from=2026-11-27&to=2026-11-27');
    // Nothing cancelled in the last 7 days: no link to an empty list.
    expect(screen.queryByRole('link', { name: /Cancelled in the last 7 days/ })).toBeNull();
  });

  it('counts the open orders by what they need next, each linking to its list, and offers the board', async () => {
    rpc.mockResolvedValue({ data: overview, error: null });
    renderPage();
    const open = await screen.findByRole('region', { name: 'Open orders' });
    expect(within(open).getByText('7 orders still need the shop.')).toBeTruthy();
    expect(hrefOf('To confirm: 2')).toBe('/admin/orders?status=placed');
    expect(hrefOf('To pack: 4')).toBe('/admin/orders?status=confirmed');
    expect(hrefOf('To ship: 0')).toBe('/admin/orders?status=packed');
    expect(hrefOf('On the way: 1')).toBe('/admin/orders?status=shipped');
    expect(hrefOf('Open the board')).toBe('/admin/board');
  });

  it('lists the best sellers and the variants running low, each linking to its variant', async () => {
    rpc.mockResolvedValue({ data: overview, error: null });
    renderPage();
    const sellers = await screen.findByRole('region', { name: 'Best sellers' });
    const rows = within(sellers).getAllByRole('listitem');
    expect(rows.map((row) => row.textContent)).toEqual(['1Linen cushion, rust9 sold€351.00', '2Retired vase2 sold€50.00']);
    expect(hrefOf('Linen cushion, rust')).toBe('/admin/items/11');
    // A variant deleted since it sold has no page to open.
    expect(within(sellers).queryByRole('link', { name: 'Retired vase' })).toBeNull();

    const low = screen.getByRole('region', { name: 'Low stock' });
    expect(within(low).getByRole('link', { name: '12 variants running low' }).getAttribute('href')).toBe('/admin/items?status=low-stock');
    expect(within(low).getAllByRole('listitem').map((row) => row.textContent)).toEqual(['Oak stoolSold outwarns at 3', 'Brass lamp2 in stockwarns at 5']);
    expect(hrefOf('Brass lamp')).toBe('/admin/items/22');
    expect(within(low).getByText('The 2 lowest of 12 are shown.')).toBeTruthy();
  });

  it('says so when nothing happened yet, with no links to empty lists', async () => {
    rpc.mockResolvedValue({ data: quiet, error: null });
    renderPage();
    expect(await screen.findByText('No orders today yet.')).toBeTruthy();
    expect(screen.getByText('No orders in the last 7 days.')).toBeTruthy();
    expect(screen.getByText('No orders in the last 30 days.')).toBeTruthy();
    expect(screen.getByText('Nothing waiting: every order is delivered or cancelled.')).toBeTruthy();
    expect(screen.getByText('Nothing sold in the last 30 days yet.')).toBeTruthy();
    expect(screen.getByText('No variant is running low.')).toBeTruthy();
    expect(screen.queryByRole('link', { name: /^Orders / })).toBeNull();
    expect(screen.queryByRole('link', { name: /running low/ })).toBeNull();
  });

  it('says what failed and loads again on Try again', async () => {
    rpc.mockResolvedValueOnce({ data: null, error: { code: '42501', message: 'Only staff can see the overview.' } });
    renderPage();
    expect(screen.getByRole('status').textContent).toBe('Loading the overview…');
    expect((await screen.findByRole('alert')).textContent).toContain('The overview could not be loaded. Only staff can see the overview.');

    rpc.mockResolvedValueOnce({ data: overview, error: null });
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('link', { name: 'Orders today: 3' })).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('refuses figures in a shape it does not know', async () => {
    rpc.mockResolvedValue({ data: { ...overview, periods: { today: overview.periods.today } }, error: null });
    renderPage();
    expect((await screen.findByRole('alert')).textContent).toContain('The server sent the figures in an unexpected shape.');
  });
});
