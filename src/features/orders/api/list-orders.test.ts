import { describe, expect, it, vi } from 'vitest';
import { getSupabase } from '@/lib/supabase';
import { listOrders } from './list-orders.ts';

vi.mock('@/lib/supabase', () => ({ getSupabase: vi.fn() }));

describe('listOrders', () => {
  it("asks only for the signed-in user's orders: RLS lets staff read everyone's", async () => {
    const filters: [string, unknown][] = [];
    const query = {
      select: () => query,
      eq: (column: string, value: unknown) => {
        filters.push([column, value]);
        return query;
      },
      order: () => query,
      limit: () => Promise.resolve({ data: [], error: null }),
    };
    vi.mocked(getSupabase).mockResolvedValue({ from: () => query } as unknown as Awaited<ReturnType<typeof getSupabase>>);
    await expect(listOrders('user-1')).resolves.toEqual([]);
    expect(filters).toEqual([['user_id', 'user-1']]);
  });
});
