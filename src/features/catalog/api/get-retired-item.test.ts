import { beforeEach, describe, expect, it, vi } from 'vitest';
import { getSupabase } from '@/lib/supabase';
import { getRetiredItem } from './get-retired-item.ts';

vi.mock('@/lib/supabase', () => ({ getSupabase: vi.fn() }));

type Client = Awaited<ReturnType<typeof getSupabase>>;
const rpc = vi.fn();

beforeEach(() => {
  rpc.mockReset();
  vi.mocked(getSupabase).mockResolvedValue({ rpc } as unknown as Client);
});

describe('getRetiredItem', () => {
  it("asks retired_item for the address and gives the title and category of what the shop no longer sells", async () => {
    rpc.mockResolvedValue({ data: [{ title: 'Linden wine glass', category_id: 4, category_slug: 'tableware', category_name: 'Tableware' }], error: null });
    await expect(getRetiredItem('linden-wine-glass-amber')).resolves.toEqual({
      title: 'Linden wine glass',
      category: { id: 4, slug: 'tableware', name: 'Tableware' },
    });
    expect(rpc).toHaveBeenCalledWith('retired_item', { item_slug: 'linden-wine-glass-amber' });
  });

  it('is null when no row comes back: an unknown address or a draft', async () => {
    rpc.mockResolvedValue({ data: [], error: null });
    await expect(getRetiredItem('no-such-item')).resolves.toBeNull();
  });

  it('keeps the title when the item has no category', async () => {
    rpc.mockResolvedValue({ data: [{ title: 'Old lamp', category_id: null, category_slug: null, category_name: null }], error: null });
    await expect(getRetiredItem('old-lamp')).resolves.toEqual({ title: 'Old lamp', category: null });
  });

  it("throws the server's message, and refuses a shape it does not know", async () => {
    rpc.mockResolvedValue({ data: null, error: { message: 'permission denied for function retired_item' } });
    await expect(getRetiredItem('x')).rejects.toThrow('permission denied for function retired_item');
    rpc.mockResolvedValue({ data: [{ title: 7 }], error: null });
    await expect(getRetiredItem('x')).rejects.toThrow('The server sent the retired item in an unexpected shape.');
  });
});
