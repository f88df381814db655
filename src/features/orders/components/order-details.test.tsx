import { render, screen, within } from '@testing-library/react';
import type { ComponentProps } from 'react';
import { describe, expect, it } from 'vitest';
import { OrderDetails } from './order-details.tsx';

type ShownOrder = ComponentProps<typeof OrderDetails>['order'];

const delivered: ShownOrder = {
  status: 'delivered',
  created_at: '2026-11-18T09:30:00Z',
  currency: 'EUR',
  total_cents: 13_500,
  delivery: null,
  shipped_at: '2026-11-20T10:00:00Z',
  delivered_at: '2026-11-22T15:00:00Z',
  carrier: { code: 'dhl', name: 'DHL' },
  tracking_number: 'JD 0146 0000 12',
  tracking_url: 'https://www.dhl.com/global-en/home/tracking/tracking-parcel.html?submit=1&tracking-id=JD0146000012',
  order_items: [{ item_id: 3, title: 'Lamp', unit_price_cents: 4500, quantity: 3, returned_quantity: 0 }],
  order_returns: [],
};

const renderOrder = (order: ShownOrder) => render(<OrderDetails order={order} />);

describe('OrderDetails: shipping', () => {
  it('names the carrier and the tracking number, and links to the carrier’s page in a new tab', () => {
    renderOrder(delivered);
    const shipping = screen.getByRole('region', { name: 'Shipping' });
    expect(within(shipping).getByTestId('order-shipping').textContent).toBe('Shipped with DHL · Tracking number JD 0146 0000 12');
    expect(within(shipping).getByText('Shipped 20 Nov 2026, delivered 22 Nov 2026')).toBeTruthy();
    const track = within(shipping).getByRole('link', { name: 'Track your parcel on DHL’s site (opens in a new tab)' });
    expect(track.getAttribute('href')).toBe(delivered.tracking_url);
    expect(track.getAttribute('target')).toBe('_blank');
    expect(track.getAttribute('rel')).toBe('noopener noreferrer');
  });

  it('has no tracking link for a carrier without a tracking page, nor a number when none was given', () => {
    renderOrder({ ...delivered, status: 'shipped', delivered_at: null, carrier: { code: 'own-delivery', name: 'Our own delivery' }, tracking_number: null, tracking_url: null });
    expect(screen.getByTestId('order-shipping').textContent).toBe('We deliver it ourselves');
    expect(screen.getByText('Shipped 20 Nov 2026')).toBeTruthy();
    expect(screen.queryByRole('link')).toBeNull();
  });

  it('says only when an order shipped before carriers were recorded was shipped, and nothing before shipping', () => {
    const { unmount } = renderOrder({ ...delivered, carrier: null, tracking_number: null, tracking_url: null });
    expect(screen.queryByTestId('order-shipping')).toBeNull();
    expect(screen.getByText('Shipped 20 Nov 2026, delivered 22 Nov 2026')).toBeTruthy();
    unmount();

    renderOrder({ ...delivered, status: 'packed', shipped_at: null, delivered_at: null, carrier: null, tracking_number: null, tracking_url: null });
    expect(screen.queryByRole('region', { name: 'Shipping' })).toBeNull();
  });
});

describe('OrderDetails: returns', () => {
  it('shows each line’s returned share and each return with its date and refund due', () => {
    renderOrder({
      ...delivered,
      order_items: [
        { item_id: 3, title: 'Lamp', unit_price_cents: 4500, quantity: 3, returned_quantity: 2 },
        { item_id: 5, title: 'Cushion', unit_price_cents: 2000, quantity: 1, returned_quantity: 0 },
      ],
      order_returns: [
        { id: 1, created_at: '2026-11-24T11:00:00Z', refund_cents: 4500, lines: [{ title: 'Lamp', quantity: 1, unit_price_cents: 4500 }] },
        { id: 2, created_at: '2026-11-26T11:00:00Z', refund_cents: 4500, lines: [{ title: 'Lamp', quantity: 1, unit_price_cents: 4500 }] },
      ],
    });
    const returns = screen.getByRole('region', { name: 'Returns' });
    expect(within(returns).getByRole('list', { name: 'Returned items' }).textContent).toBe('Lamp2 of 3 returned');
    const recorded = within(within(returns).getByRole('list', { name: 'Returns recorded' })).getAllByRole('listitem');
    expect(recorded.map((row) => row.textContent)).toEqual(['Returned 24 Nov 2026Refund due €45.001 × Lamp', 'Returned 26 Nov 2026Refund due €45.001 × Lamp']);
    expect(within(returns).getByText('Refund due in all').nextElementSibling?.textContent).toBe('€90.00');
    // Still delivered: a partial return leaves the order's status as it was.
    expect(screen.getByTestId('order-status').textContent).toBe('Status: Delivered');
  });

  it('has no returns section until something came back', () => {
    renderOrder(delivered);
    expect(screen.queryByRole('region', { name: 'Returns' })).toBeNull();
  });
});
