import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { getOrderQueryOptions, type ViewedOrder } from '../api/get-order.ts';
import { OrderView } from './order-view.tsx';

// The page's live updates need a realtime channel; here the order sits in the cache already.
vi.mock('../hooks/use-live-order.ts', () => ({ useLiveOrder: vi.fn() }));

const CUSTOMER = 'customer-1';
const STAFF = 'staff-1';
const order: ViewedOrder = {
  id: 7,
  reference: '7K3Q-9XPD',
  user_id: CUSTOMER,
  contact_email: null,
  status: 'confirmed',
  currency: 'EUR',
  total_cents: 4500,
  item_count: 1,
  created_at: new Date().toISOString(),
  confirmed_at: new Date().toISOString(),
  cancelled_at: null,
  shipped_at: null,
  delivered_at: null,
  returned_at: null,
  delivery: null,
  carrier: null,
  tracking_number: null,
  tracking_url: null,
  order_items: [{ item_id: 3, title: 'Lamp', unit_price_cents: 4500, quantity: 1, returned_quantity: 0 }],
  order_returns: [],
};

let queryClient: QueryClient;

function show(viewer: string, shown: ViewedOrder = order) {
  queryClient.setQueryData(getOrderQueryOptions(viewer, order.reference).queryKey, shown);
  render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter>
        <OrderView userId={viewer} reference={order.reference} linkKey={null} justPlaced={false} notFound={<p>Not found</p>} />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

beforeEach(() => {
  queryClient = new QueryClient({ defaultOptions: { queries: { staleTime: Infinity, retry: false } } });
});

describe('OrderView', () => {
  it('shows the owner their order with the way to cancel it', () => {
    show(CUSTOMER);
    expect(screen.getByRole('heading', { name: 'Order 7K3Q-9XPD' })).toBeTruthy();
    expect(screen.getByRole('table', { name: 'Order lines' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Cancel this order' })).toBeTruthy();
  });

  it('shows the owner a returned order: its status, what came back and the refund, and no way to cancel it', () => {
    show(CUSTOMER, {
      ...order,
      status: 'returned',
      shipped_at: '2026-11-20T10:00:00Z',
      delivered_at: '2026-11-22T10:00:00Z',
      returned_at: '2026-11-25T10:00:00Z',
      carrier: { code: 'an-post', name: 'An Post' },
      tracking_number: 'RR 1234 5678 IE',
      tracking_url: 'https://www.anpost.com/Post-Parcels/Track/History?item=RR12345678IE',
      order_items: [{ item_id: 3, title: 'Lamp', unit_price_cents: 4500, quantity: 1, returned_quantity: 1 }],
      order_returns: [
        { id: 4, created_at: '2026-11-25T10:00:00Z', refund_cents: 4500, lines: [{ title: 'Lamp', quantity: 1, unit_price_cents: 4500 }] },
      ],
    });
    expect(screen.getByTestId('order-status').textContent).toBe('Status: Returned');
    expect(screen.getByRole('list', { name: 'Returned items' }).textContent).toBe('Lamp1 of 1 returned');
    expect(screen.getByRole('list', { name: 'Returns recorded' }).textContent).toBe('Returned 25 Nov 2026Refund due €45.001 × Lamp');
    expect(screen.getByTestId('order-shipping').textContent).toBe('Shipped with An Post · Tracking number RR 1234 5678 IE');
    expect(screen.queryByRole('button', { name: 'Cancel this order' })).toBeNull();
  });

  it("points staff reading a customer's order to the admin, with no way to cancel it here", () => {
    show(STAFF);
    expect(screen.getByRole('heading', { name: 'Order 7K3Q-9XPD' })).toBeTruthy();
    expect(screen.getByText(/This order belongs to a customer/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'open it in the admin' }).getAttribute('href')).toBe('/admin/orders/7');
    expect(screen.queryByRole('button', { name: 'Cancel this order' })).toBeNull();
    expect(screen.queryByRole('table', { name: 'Order lines' })).toBeNull();
  });

  it('asks before cancelling with the safe answer first and focused, cancelling as the destructive choice', () => {
    show(CUSTOMER);
    fireEvent.click(screen.getByRole('button', { name: 'Cancel this order' }));
    const question = screen.getByRole('group', { name: 'Cancel order 7K3Q-9XPD? The items go back on sale.' });
    const answers = [...question.querySelectorAll('button')];
    expect(answers.map((button) => button.textContent)).toEqual(['Keep the order', 'Yes, cancel the order']);
    expect(document.activeElement).toBe(answers[0]);
    expect(answers[1]?.className).toContain('bg-danger');
    expect(answers[1]?.className).not.toContain('bg-primary');

    fireEvent.click(screen.getByRole('button', { name: 'Keep the order' }));
    expect(screen.queryByRole('group')).toBeNull();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Cancel this order' }));
  });
});
