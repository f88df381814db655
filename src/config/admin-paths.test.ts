import { describe, expect, it } from 'vitest';
import { adminPaths } from './admin-paths.ts';

describe('adminPaths.orders', () => {
  it('writes a filtered list’s address as the list reads it, commas left readable', () => {
    expect(adminPaths.orders.getHref()).toBe('/admin/orders');
    expect(adminPaths.orders.getHref({ status: [] })).toBe('/admin/orders');
    expect(adminPaths.orders.getHref({ q: 'ann & co', status: ['delivered', 'returned'], from: '2026-11-01', to: '2026-11-27' })).toBe(
      '/admin/orders?q=ann+%26+co&status=delivered,returned&from=2026-11-01&to=2026-11-27',
    );
    expect(adminPaths.orders.getHref({ customer: '3f0c2a9e-5b1d-4c7a-9e2f-6a8b1c0d4e5f' })).toBe('/admin/orders?customer=3f0c2a9e-5b1d-4c7a-9e2f-6a8b1c0d4e5f');
  });

  it('addresses one order and one customer', () => {
    expect(adminPaths.order.getHref(12)).toBe('/admin/orders/12');
    expect(adminPaths.customer.getHref('3f0c2a9e-5b1d-4c7a-9e2f-6a8b1c0d4e5f')).toBe('/admin/customers/3f0c2a9e-5b1d-4c7a-9e2f-6a8b1c0d4e5f');
  });
});
