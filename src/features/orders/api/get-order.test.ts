import { beforeEach, describe, expect, it, vi } from 'vitest';
import { getSupabase } from '@/lib/supabase';
import { getOrder, getOrderByLink } from './get-order.ts';

vi.mock('@/lib/supabase', () => ({ getSupabase: vi.fn() }));

/** order_by_link's answer for a returned order, as the database writes it (returns' lines carry ids too). */
const linked = {
  reference: '7K3Q-9XPD',
  status: 'returned',
  currency: 'EUR',
  total_cents: 9000,
  item_count: 2,
  created_at: '2026-11-18T09:30:00+00:00',
  confirmed_at: '2026-11-18T09:30:05+00:00',
  cancelled_at: null,
  shipped_at: '2026-11-20T10:00:00+00:00',
  delivered_at: '2026-11-22T15:00:00+00:00',
  returned_at: '2026-11-25T10:00:00+00:00',
  delivery: { full_name: 'Ann Buyer', line1: '1 Main St', line2: null, postcode: 'D02 X285', city: 'Dublin', country: 'IE', phone: null },
  contact_email: 'ann@example.test',
  carrier: { code: 'dhl', name: 'DHL' },
  tracking_number: 'JD 0146 0000 12',
  tracking_url: 'https://www.dhl.com/global-en/home/tracking/tracking-parcel.html?submit=1&tracking-id=JD0146000012',
  order_items: [{ item_id: 3, title: 'Lamp', unit_price_cents: 4500, quantity: 2, returned_quantity: 2 }],
  order_returns: [
    {
      id: 4,
      created_at: '2026-11-25T10:00:00+00:00',
      refund_cents: 9000,
      lines: [{ order_item_id: 12, item_id: 3, title: 'Lamp', quantity: 2, unit_price_cents: 4500 }],
    },
  ],
};

/** The owner's read of an order from before shipping and returns were recorded. */
const older = {
  ...linked,
  id: 7,
  user_id: 'customer-1',
  status: 'delivered',
  returned_at: null,
  carrier: null,
  tracking_number: null,
  tracking_url: null,
  order_items: [{ item_id: null, title: 'Lamp', unit_price_cents: 4500, quantity: 2, returned_quantity: 0 }],
  order_returns: [],
};

function answer(data: unknown) {
  const selects: string[] = [];
  const orders: [string, unknown][] = [];
  const query = {
    select: (columns: string) => {
      selects.push(columns);
      return query;
    },
    eq: () => query,
    order: (column: string, options: unknown) => {
      orders.push([column, options]);
      return query;
    },
    maybeSingle: () => Promise.resolve({ data, error: null }),
  };
  const rpc = vi.fn(() => Promise.resolve({ data, error: null }));
  vi.mocked(getSupabase).mockResolvedValue({ from: () => query, rpc } as unknown as Awaited<ReturnType<typeof getSupabase>>);
  return { selects, orders, rpc };
}

beforeEach(() => {
  vi.mocked(getSupabase).mockReset();
});

describe('getOrderByLink', () => {
  it('reads shipping and returns as order_by_link sends them', async () => {
    const { rpc } = answer(linked);
    const order = await getOrderByLink('7K3Q-9XPD', 'key');
    expect(rpc).toHaveBeenCalledWith('order_by_link', { reference: '7K3Q-9XPD', access_key: 'key' });
    expect(order?.carrier).toEqual({ code: 'dhl', name: 'DHL' });
    expect(order?.order_items[0]?.returned_quantity).toBe(2);
    expect(order?.order_returns).toEqual([
      { id: 4, created_at: '2026-11-25T10:00:00+00:00', refund_cents: 9000, lines: [{ title: 'Lamp', quantity: 2, unit_price_cents: 4500 }] },
    ]);
  });

  it('refuses a tracking address that is not https: it would become a link', async () => {
    answer({ ...linked, tracking_url: 'javascript:alert(1)' });
    await expect(getOrderByLink('7K3Q-9XPD', 'key')).rejects.toThrow('The server sent the order in an unexpected shape.');
  });
});

describe('getOrder', () => {
  it('asks for the carrier’s code and name, the returned quantities and the returns oldest first', async () => {
    const { selects, orders } = answer(older);
    await getOrder('7K3Q-9XPD');
    expect(selects[0]).toContain('carrier:carriers(code, name), tracking_number, tracking_url');
    expect(selects[0]).toContain('order_items(item_id, title, unit_price_cents, quantity, returned_quantity)');
    expect(selects[0]).toContain('order_returns(id, created_at, refund_cents, lines)');
    expect(orders).toEqual([['id', { referencedTable: 'order_returns' }]]);
  });

  it('takes an order from before carriers and returns were recorded', async () => {
    answer(older);
    const order = await getOrder('7K3Q-9XPD');
    expect(order).toMatchObject({ status: 'delivered', carrier: null, tracking_number: null, tracking_url: null, order_returns: [] });
  });
});
