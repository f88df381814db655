import { beforeEach, describe, expect, it, vi } from 'vitest';
import { getSupabase } from '@/lib/supabase';
import { getRetiredItem, retiredItemHeading } from './get-retired-item.ts';
import type { ItemSummary } from './item-schemas.ts';

vi.mock('@/lib/supabase', () => ({ getSupabase: vi.fn() }));

type Client = Awaited<ReturnType<typeof getSupabase>>;
const rpc = vi.fn();

const TABLEWARE = { title: 'Linden wine glass', category_id: 4, category_slug: 'tableware', category_name: 'Tableware' };

function summary(slug: string, productId: number, productTitle: string, options: Record<string, string>): ItemSummary {
  return {
    id: productId * 10,
    slug,
    title: `${productTitle}, ${slug}`,
    price_cents: 1900,
    currency: 'EUR',
    stock: 3,
    image_paths: [],
    created_at: '2026-11-01T00:00:00Z',
    category_slug: 'tableware',
    category_name: 'Tableware',
    options,
    product_id: productId,
    product_title: productTitle,
    variant_count: 2,
  };
}

/** retired_item answers `row`; search_items answers `items`. */
function answers(rows: unknown[], items: ItemSummary[] = []) {
  rpc.mockImplementation((name: string) =>
    Promise.resolve(name === 'retired_item' ? { data: rows, error: null } : { data: { total: items.length, items }, error: null }),
  );
}

beforeEach(() => {
  rpc.mockReset();
  vi.mocked(getSupabase).mockResolvedValue({ rpc } as unknown as Client);
});

describe('getRetiredItem', () => {
  it('gives the product name and category of what the shop no longer sells, and no other version when none is on sale', async () => {
    answers([TABLEWARE], [summary('linden-tumbler', 8, 'Linden tumbler', { colour: 'Clear' })]);
    const item = await getRetiredItem('linden-wine-glass-amber');
    expect(item).toEqual({ title: 'Linden wine glass', category: { id: 4, slug: 'tableware', name: 'Tableware' }, stillSold: null });
    expect(rpc).toHaveBeenCalledWith('retired_item', { item_slug: 'linden-wine-glass-amber' });
    // Its other versions are looked for by name, in its category.
    expect(rpc).toHaveBeenCalledWith('search_items', expect.objectContaining({ query: 'Linden wine glass', category: 'tableware' }));
    expect(item && retiredItemHeading(item)).toBe('Linden wine glass is no longer available');
  });

  it('finds another version of the product still on sale, and says what tells them apart', async () => {
    answers([TABLEWARE], [summary('linden-tumbler', 8, 'Linden tumbler', { colour: 'Clear' }), summary('linden-wine-glass-sage', 3, 'Linden wine glass', { colour: 'Sage' })]);
    const item = await getRetiredItem('linden-wine-glass-amber');
    expect(item?.stillSold).toEqual({ slug: 'linden-wine-glass-sage', productId: 3, noun: 'colour' });
    expect(item && retiredItemHeading(item)).toBe('This colour of Linden wine glass is no longer available');

    answers([TABLEWARE], [summary('linden-wine-glass-oak', 3, 'Linden wine glass', { material: 'Oak' })]);
    expect((await getRetiredItem('linden-wine-glass-ash'))?.stillSold?.noun).toBe('material');
    answers([TABLEWARE], [summary('linden-wine-glass-large', 3, 'Linden wine glass', { size: 'Large' })]);
    expect((await getRetiredItem('linden-wine-glass-small'))?.stillSold?.noun).toBe('version');
  });

  it('is null when no row comes back (an unknown address or a draft), and then searches nothing', async () => {
    answers([]);
    await expect(getRetiredItem('no-such-item')).resolves.toBeNull();
    expect(rpc).toHaveBeenCalledTimes(1);
  });

  it('keeps the title when the item has no category', async () => {
    answers([{ title: 'Old lamp', category_id: null, category_slug: null, category_name: null }]);
    await expect(getRetiredItem('old-lamp')).resolves.toEqual({ title: 'Old lamp', category: null, stillSold: null });
  });

  it("throws the server's message, and refuses a shape it does not know", async () => {
    rpc.mockResolvedValue({ data: null, error: { message: 'permission denied for function retired_item' } });
    await expect(getRetiredItem('x')).rejects.toThrow('permission denied for function retired_item');
    rpc.mockResolvedValue({ data: [{ title: 7 }], error: null });
    await expect(getRetiredItem('x')).rejects.toThrow('The server sent the retired item in an unexpected shape.');
  });
});
