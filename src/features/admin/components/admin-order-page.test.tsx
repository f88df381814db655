import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { getSupabase } from '@/lib/supabase';
import type { AdminOrder } from '../api/admin-order.ts';
import { AdminOrderPage } from './admin-order-page.tsx';

vi.mock('@/lib/supabase', () => ({ getSupabase: vi.fn() }));
// The page listens for moves by other staff; the realtime channel is not what is tested here.
vi.mock('@/lib/private-topics', () => ({ listenToPrivateTopic: () => () => undefined }));

type Client = Awaited<ReturnType<typeof getSupabase>>;
type Answer = { data: unknown; error: { message: string; code?: string } | null };

const CUSTOMER = '3f0c2a9e-5b1d-4c7a-9e2f-6a8b1c0d4e5f';
const STAFF = { id: '9b1e2d3c-4f5a-4b6c-8d7e-0f1a2b3c4d5e', name: 'Demo Staff', email: 'staff@lumen.test' };

function deliveredOrder(): AdminOrder {
  return {
    id: 12,
    reference: '7K3Q-9XPD',
    status: 'delivered',
    currency: 'EUR',
    total_cents: 19600,
    item_count: 4,
    created_at: '2026-11-20T10:00:00Z',
    delivery: { full_name: 'Ann Byrne', line1: '1 Harbour Road', line2: null, postcode: 'D02 X285', city: 'Dublin', country: 'IE', phone: null },
    carrier: { code: 'dhl', name: 'DHL' },
    tracking_number: 'JD0001 42',
    tracking_url: 'https://www.dhl.com/track?tracking-id=JD000142',
    customer: {
      id: CUSTOMER,
      email: 'ann@example.com',
      name: 'Ann Byrne',
      guest: false,
      order_count: 2,
      other_orders: [{ id: 5, reference: 'AB12-CD34', status: 'cancelled', created_at: '2026-10-02T09:00:00Z', total_cents: 4900, currency: 'EUR' }],
    },
    lines: [
      { id: 1, item_id: 101, title: 'Brass lamp', unit_price_cents: 4900, quantity: 3, returned_quantity: 2, product_id: 201 },
      { id: 2, item_id: 102, title: 'Dune bowl', unit_price_cents: 4900, quantity: 1, returned_quantity: 0, product_id: null },
    ],
    returns: [
      {
        id: 7,
        created_at: '2026-11-25T12:00:00Z',
        restock: true,
        note: 'Unopened',
        refund_cents: 9800,
        lines: [{ order_item_id: 1, item_id: 101, title: 'Brass lamp', quantity: 2, unit_price_cents: 4900 }],
      },
    ],
    history: [
      { at: '2026-11-20T10:00:00Z', event: 'placed', from_status: null, to_status: 'placed', actor: null, details: null },
      { at: '2026-11-20T10:00:05Z', event: 'confirmed', from_status: 'placed', to_status: 'confirmed', actor: null, details: null },
      { at: '2026-11-21T09:00:00Z', event: 'status', from_status: 'confirmed', to_status: 'packed', actor: STAFF, details: null },
      {
        at: '2026-11-21T15:00:00Z',
        event: 'status',
        from_status: 'packed',
        to_status: 'shipped',
        actor: STAFF,
        details: { carrier: 'DHL', tracking_number: 'JD0001 42', tracking_url: 'https://www.dhl.com/track?tracking-id=JD000142' },
      },
      { at: '2026-11-23T11:00:00Z', event: 'status', from_status: 'shipped', to_status: 'delivered', actor: STAFF, details: null },
      { at: '2026-11-25T12:00:00Z', event: 'return', from_status: null, to_status: null, actor: STAFF, details: { return_id: 7, refund_cents: 9800, restock: true, quantity: 2 } },
    ],
    mails: [
      { kind: 'receipt', state: 'sent', sent_at: '2026-11-20T10:00:05Z', attempts: 1 },
      { kind: 'shipped', state: 'sent', sent_at: '2026-11-21T15:00:03Z', attempts: 1 },
      { kind: 'return', state: 'pending', sent_at: null, attempts: 2 },
    ],
  };
}

let answers: Record<string, (args: Record<string, unknown>) => Answer>;
const rpc = vi.fn((name: string, args: Record<string, unknown>) => Promise.resolve(answers[name]?.(args) ?? { data: null, error: { message: `no ${name}` } }));

function show(path: string) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route path="/admin/orders/:id" element={<AdminOrderPage userId="staff-user" notFound={<p>Page not found</p>} />} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

beforeEach(() => {
  rpc.mockClear();
  answers = { admin_order: () => ({ data: deliveredOrder(), error: null }) };
  vi.mocked(getSupabase).mockResolvedValue({ rpc } as unknown as Client);
});

describe('AdminOrderPage', () => {
  it('shows the order, its customer, parcel, history in words and mails', async () => {
    show('/admin/orders/12');
    expect(await screen.findByRole('heading', { level: 1, name: 'Order #12' })).toBeTruthy();
    expect(rpc).toHaveBeenCalledWith('admin_order', { order_id: 12 });
    const history = screen.getByRole('list', { name: 'History' });
    const events = within(history)
      .getAllByRole('listitem')
      .map((item) => item.firstElementChild?.nextElementSibling?.textContent);
    expect(events).toEqual([
      'Placed',
      'Confirmed — receipt sent',
      'Packed by Demo Staff',
      'Shipped by Demo Staff with DHL, tracking JD0001 42',
      'Marked delivered by Demo Staff',
      'Return of 2 items recorded by Demo Staff, €98.00, back in stock',
    ]);
    expect(within(history).getAllByRole('listitem')[0]?.querySelector('time')?.getAttribute('dateTime')).toBe('2026-11-20T10:00:00Z');

    const track = screen.getByRole('link', { name: "Track parcel, opens the carrier's site" });
    expect(track.getAttribute('href')).toBe('https://www.dhl.com/track?tracking-id=JD000142');
    expect(track.getAttribute('target')).toBe('_blank');
    expect(track.getAttribute('rel')).toContain('noopener');

    expect(screen.getByRole('link', { name: 'Ann Byrne' }).getAttribute('href')).toBe(`/admin/customers/${CUSTOMER}`);
    expect(screen.getByRole('link', { name: 'Order #5' }).getAttribute('href')).toBe('/admin/orders/5');
    expect(screen.getByRole('link', { name: 'Brass lamp' }).getAttribute('href')).toBe('/admin/products/201');
    const items = screen.getByRole('region', { name: 'Items' });
    expect(items.textContent).toContain('Refunded€98.00');
    expect(screen.getByRole('region', { name: 'E-mails' }).textContent).toContain('Returnwaiting (2 attempts)');
    // Delivered: only a return is left to do.
    const actions = screen.getByRole('group', { name: 'Actions' });
    expect(within(actions).getAllByRole('button').map((button) => button.textContent)).toEqual(['Record a return…']);
  });

  it('records a return from the page, announces it and shows the order as it is now', async () => {
    show('/admin/orders/12');
    fireEvent.click(await screen.findByRole('button', { name: 'Record a return…' }));
    const dialog = screen.getByRole('dialog', { name: 'Record a return of order #12' });
    expect(within(dialog).getByRole('spinbutton', { name: 'Brass lamp' })).toHaveProperty('value', '1');
    answers.record_return = () => ({ data: { return_id: 8, order_id: 12, status: 'returned', refund_cents: 9800 }, error: null });
    answers.admin_order = () => {
      const order = deliveredOrder();
      return { data: { ...order, status: 'returned', lines: order.lines.map((line) => ({ ...line, returned_quantity: line.quantity })) }, error: null };
    };
    await act(async () => fireEvent.click(within(dialog).getByRole('button', { name: 'Record return' })));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.getByRole('status').textContent).toBe('Return recorded: 2 items, €98.00 refund due.');
    await waitFor(() => expect(screen.getByText('Returned', { selector: '[data-status]' })).toBeTruthy());
    expect(screen.queryByRole('group', { name: 'Actions' })).toBeNull();
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('heading', { level: 1 })));
  });

  it('offers the steps of each status', async () => {
    answers.admin_order = () => ({ data: { ...deliveredOrder(), status: 'packed', carrier: null, tracking_number: null, tracking_url: null }, error: null });
    show('/admin/orders/12');
    const actions = await screen.findByRole('group', { name: 'Actions' });
    expect(within(actions).getAllByRole('button').map((button) => button.textContent)).toEqual(['Ship…', 'Cancel order']);
    expect(screen.queryByRole('link', { name: /Track parcel/ })).toBeNull();
  });

  it('is the not-found page for an unknown order and for an address that is no order number', async () => {
    answers.admin_order = () => ({ data: null, error: null });
    show('/admin/orders/99');
    expect(await screen.findByText('Page not found')).toBeTruthy();
    cleanup();
    rpc.mockClear();
    show('/admin/orders/twelve');
    expect(screen.getByText('Page not found')).toBeTruthy();
    expect(rpc).not.toHaveBeenCalled();
  });

  it('says what failed and tries again', async () => {
    answers.admin_order = () => ({ data: null, error: { message: 'Failed to fetch' } });
    show('/admin/orders/12');
    expect((await screen.findByRole('alert')).textContent).toContain('Order #12 could not be loaded. Failed to fetch');
    answers.admin_order = () => ({ data: deliveredOrder(), error: null });
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Order #12' })).toBeTruthy();
  });
});
