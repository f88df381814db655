import { describe, expect, it } from 'vitest';
import { describeChange } from './describe-change.ts';

const item = { id: 7, title: 'Lamp', price_cents: 1200, currency: 'EUR', stock: 3, featured: false, image_paths: ['lamp/1'], archived_at: null, updated_at: 'a' };

describe('describeChange', () => {
  it('names the fields an edit changed, with before and after, ignoring timestamps', () => {
    expect(
      describeChange({ action: 'update', entity: 'items', entity_id: '7', before: item, after: { ...item, price_cents: 1350, featured: true, image_paths: ['lamp/1', 'lamp/2'], description: 'x', updated_at: 'b' } }),
    ).toEqual({
      summary: 'Edited item “Lamp”',
      details: ['Price: €12.00 → €13.50', 'Featured: no → yes', 'Pictures: 1 → 2', 'Description changed'],
    });
  });

  it('says archived, back on sale, stock and creation in one line', () => {
    expect(describeChange({ action: 'update', entity: 'items', entity_id: '7', before: item, after: { ...item, archived_at: '2026-11-25T10:00:00Z' } }).summary).toBe('Archived “Lamp”');
    expect(describeChange({ action: 'update', entity: 'items', entity_id: '7', before: { ...item, archived_at: 'x' }, after: item }).summary).toBe('Put “Lamp” back on sale');
    expect(describeChange({ action: 'update', entity: 'items', entity_id: '7', before: item, after: { ...item, stock: 8, updated_at: 'b' } }).summary).toBe('Stock of “Lamp”: 3 → 8');
    expect(describeChange({ action: 'insert', entity: 'items', entity_id: '7', before: null, after: item }).summary).toBe('Created item “Lamp”');
    expect(describeChange({ action: 'insert', entity: 'categories', entity_id: '2', before: null, after: { name: 'Lighting' } }).summary).toBe('Created category “Lighting”');
  });

  it('names products as products, and says when one is published or made a draft again', () => {
    const product = { id: 3, title: 'Linden ash dining table', published_at: null };
    expect(describeChange({ action: 'insert', entity: 'products', entity_id: '3', before: null, after: product }).summary).toBe('Created product “Linden ash dining table”');
    expect(describeChange({ action: 'update', entity: 'products', entity_id: '3', before: product, after: { ...product, published_at: '2026-11-26T10:00:00Z' } }).summary).toBe(
      'Published “Linden ash dining table”',
    );
    expect(describeChange({ action: 'update', entity: 'products', entity_id: '3', before: { ...product, published_at: 'x' }, after: product }).summary).toBe(
      'Made “Linden ash dining table” a draft again',
    );
  });

  it('names a product’s specifications and a variant’s options in words', () => {
    const product = { id: 3, title: 'Linden table', width_cm: 180, materials: '' };
    expect(describeChange({ action: 'update', entity: 'products', entity_id: '3', before: product, after: { ...product, width_cm: 190, materials: 'Ash' } })).toEqual({
      summary: 'Edited product “Linden table”',
      details: ['Width (cm): 180 → 190', 'Materials:  → Ash'],
    });
    const item = { id: 9, title: 'Linden table, Oak', options: { colour: 'Oak' } };
    expect(describeChange({ action: 'update', entity: 'items', entity_id: '9', before: item, after: { ...item, options: { colour: 'Oak', material: 'Ash' } } }).details).toEqual([
      'Options: colour Oak → colour Oak, material Ash',
    ]);
  });

  it('shows an order move with the statuses customers see', () => {
    expect(describeChange({ action: 'update', entity: 'orders', entity_id: '12', before: { status: 'placed' }, after: { status: 'cancelled' } }).summary).toBe('Order #12: Placed → Cancelled');
    expect(describeChange({ action: 'update', entity: 'orders', entity_id: '12', before: { status: 'packed' }, after: { status: 'shipped' } }).summary).toBe('Order #12: Packed → Shipped');
  });
});
