import { describe, expect, it } from 'vitest';
import { anonClient, type CatalogItem, ITEM_COLUMNS } from './support.ts';

interface Category {
  id: number;
  slug: string;
  name: string;
  sort_order: number;
}

/** (price, id) order, the order the queries below ask for. */
function byPriceThenId(a: CatalogItem, b: CatalogItem): number {
  return a.price_cents - b.price_cents || a.id - b.id;
}

async function categoryWithItems(): Promise<{ category: Category; total: number }> {
  const { data } = await anonClient().from('categories').select('id, slug, name, sort_order').order('sort_order').order('id');
  for (const category of (data ?? []) as Category[]) {
    const { count } = await anonClient().from('items').select('id', { count: 'exact', head: true }).eq('category_id', category.id);
    if ((count ?? 0) >= 2) return { category, total: count ?? 0 };
  }
  throw new Error('No category has two items: seed the catalog (npm run seed).');
}

describe('REST (PostgREST) on the catalog', () => {
  it('lists categories in order with an exact count', async () => {
    const { data, error, count } = await anonClient()
      .from('categories')
      .select('id, slug, name, sort_order', { count: 'exact' })
      .order('sort_order')
      .order('id');
    expect(error).toBeNull();
    const rows = (data ?? []) as Category[];
    expect(rows.length).toBeGreaterThan(0);
    expect(count).toBe(rows.length);
    for (const row of rows) expect(row.slug).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
    const orders = rows.map((row) => row.sort_order);
    expect(orders).toEqual([...orders].sort((a, b) => a - b));
  });

  it('filters, orders and pages items with a count that matches a head request', async () => {
    const { category, total } = await categoryWithItems();
    const pageSize = Math.max(1, Math.floor(total / 2));
    const page = (from: number) =>
      anonClient()
        .from('items')
        .select(ITEM_COLUMNS, { count: 'exact' })
        .eq('category_id', category.id)
        .gte('price_cents', 0)
        .order('price_cents')
        .order('id')
        .range(from, from + pageSize - 1);

    const first = await page(0);
    const second = await page(pageSize);
    expect(first.error).toBeNull();
    expect(second.error).toBeNull();
    expect(first.count).toBe(total);
    const firstRows = (first.data ?? []) as CatalogItem[];
    const secondRows = (second.data ?? []) as CatalogItem[];
    expect(firstRows).toHaveLength(pageSize);
    expect(secondRows.length).toBeGreaterThan(0);
    const both = [...firstRows, ...secondRows];
    for (const item of both) expect(item.category_id).toBe(category.id);
    expect(both).toEqual([...both].sort(byPriceThenId));
    expect(new Set(both.map((item) => item.id)).size).toBe(both.length);
  });

  it('supports in, ilike and embedding the category, as the cart and item pages do', async () => {
    const { category } = await categoryWithItems();
    const { data: some } = await anonClient().from('items').select('id, title').eq('category_id', category.id).order('id').limit(2);
    const picked = (some ?? []) as { id: number; title: string }[];
    const { data, error } = await anonClient()
      .from('items')
      .select('id, title, category:categories(slug, name)')
      .in(
        'id',
        picked.map((item) => item.id),
      )
      .order('id');
    expect(error).toBeNull();
    expect(data).toEqual(picked.map((item) => ({ id: item.id, title: item.title, category: { slug: category.slug, name: category.name } })));

    const word = picked[0]?.title.split(' ')[0] ?? '';
    const { data: matches } = await anonClient().from('items').select('id, title').ilike('title', `%${word}%`).limit(50);
    expect(((matches ?? []) as { title: string }[]).every((item) => item.title.toLowerCase().includes(word.toLowerCase()))).toBe(true);
    expect((matches ?? []).length).toBeGreaterThan(0);
  });

  it('answers a missing slug with no row and no error (the not-found page)', async () => {
    const { data, error } = await anonClient().from('items').select('id').eq('slug', 'no-such-item-conformance').maybeSingle();
    expect(error).toBeNull();
    expect(data).toBeNull();
  });

  it('keeps the catalog read-only for the browser key', async () => {
    const insert = await anonClient().from('categories').insert({ slug: 'conformance-intruder', name: 'Intruder' });
    expect(insert.error?.code).toBe('42501');
    const { data: first } = await anonClient().from('items').select('id, price_cents').order('id').limit(1).single();
    const row = first as { id: number; price_cents: number };
    const update = await anonClient().from('items').update({ price_cents: 1 }).eq('id', row.id);
    expect(update.error?.code).toBe('42501');
    const { data: after } = await anonClient().from('items').select('price_cents').eq('id', row.id).single();
    expect(after).toEqual({ price_cents: row.price_cents });
  });
});
