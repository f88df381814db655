import { describe, expect, it } from 'vitest';
import { describeChange } from './describe-change.ts';

const item = { id: 7, title: 'Lamp', price_cents: 1200, currency: 'EUR', stock: 3, featured: false, image_paths: ['lamp/1'], archived_at: null, updated_at: 'a' };

describe('describeChange', () => {
  it('names the fields an edit changed, with before and after, ignoring timestamps', () => {
    expect(
      describeChange({ action: 'update', entity: 'items', entity_id: '7', before: item, after: { ...item, price_cents: 1350, featured: true, image_paths: ['lamp/1', 'lamp/2'], description: 'x', updated_at: 'b' } }),
    ).toEqual({
      summary: 'Edited item “Lamp”',
      details: ['Price: €12.00 → €13.50', 'Featured: no → yes', 'Added a picture', 'Description changed'],
    });
  });

  it('says archived, back on sale, stock and creation in one line', () => {
    expect(describeChange({ action: 'update', entity: 'items', entity_id: '7', before: item, after: { ...item, archived_at: '2026-11-25T10:00:00Z' } }).summary).toBe('Archived “Lamp”');
    expect(describeChange({ action: 'update', entity: 'items', entity_id: '7', before: { ...item, archived_at: 'x' }, after: item }).summary).toBe('Put “Lamp” back on sale');
    expect(describeChange({ action: 'update', entity: 'items', entity_id: '7', before: item, after: { ...item, stock: 8, updated_at: 'b' } }).summary).toBe('Stock of “Lamp”: 3 → 8 (+5)');
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

  it('says what happened to the pictures in words, not as counts', () => {
    const lamp = { ...item, image_paths: ['lamp/1', 'lamp/2', 'lamp/3'] };
    const pictures = (image_paths: string[]) => describeChange({ action: 'update', entity: 'items', entity_id: '7', before: lamp, after: { ...lamp, image_paths, updated_at: 'b' } });
    expect(pictures(['lamp/3', 'lamp/1', 'lamp/2'])).toEqual({ summary: 'Reordered the pictures of “Lamp”', details: [] });
    expect(pictures([...lamp.image_paths, 'lamp/4']).summary).toBe('Added a picture to “Lamp”');
    expect(pictures([...lamp.image_paths, 'lamp/4', 'lamp/5']).summary).toBe('Added 2 pictures to “Lamp”');
    expect(pictures(['lamp/2']).summary).toBe('Removed 2 pictures from “Lamp”');
    expect(pictures(['lamp/1', 'lamp/2']).summary).toBe('Removed a picture from “Lamp”');
    expect(pictures(['lamp/1', 'lamp/2', 'lamp/9']).summary).toBe('Changed the pictures of “Lamp”: 1 added, 1 removed');
    // Beside other fields, the same words as a detail line.
    expect(describeChange({ action: 'update', entity: 'items', entity_id: '7', before: lamp, after: { ...lamp, title: 'Desk lamp', image_paths: ['lamp/2', 'lamp/1', 'lamp/3'] } })).toEqual({
      summary: 'Edited item “Desk lamp”',
      details: ['Name: Lamp → Desk lamp', 'Reordered the pictures'],
    });
  });

  it('says why stock changed, by how much, and the note, from the entry’s context', () => {
    const stock = (from: number, to: number, context?: unknown) =>
      describeChange({ action: 'update', entity: 'items', entity_id: '7', before: { ...item, stock: from }, after: { ...item, stock: to, low_stock: to <= 5, updated_at: 'b' }, context }).summary;
    expect(stock(4, 9, { stock_reason: 'restock', stock_note: 'supplier delivery' })).toBe('Restocked “Lamp”: 4 → 9 (+5) — note: supplier delivery');
    expect(stock(4, 9, { stock_reason: 'restock' })).toBe('Restocked “Lamp”: 4 → 9 (+5)');
    expect(stock(9, 7, { stock_reason: 'correction', stock_note: 'counted twice' })).toBe('Corrected the stock of “Lamp”: 9 → 7 (−2) — note: counted twice');
    expect(stock(9, 8, { stock_reason: 'damage', stock_note: 'dropped' })).toBe('Wrote off damaged or lost “Lamp”: 9 → 8 (−1) — note: dropped');
    expect(stock(4, 6, { stock_reason: 'return' })).toBe('Took “Lamp” back from a return: 4 → 6 (+2)');
    expect(stock(6, 5, { stock_reason: 'sale' })).toBe('Sold “Lamp”: 6 → 5 (−1)');
    expect(stock(5, 6, { stock_reason: 'cancellation' })).toBe('Put “Lamp” back in stock from a cancelled order: 5 → 6 (+1)');
    expect(stock(5, 6, { stock_reason: 'stock_take' })).toBe('Changed the stock of “Lamp” (stock take): 5 → 6 (+1)');
    // Rows from before the context column, or with an empty one, still read as a stock change.
    expect(stock(3, 8)).toBe('Stock of “Lamp”: 3 → 8 (+5)');
    expect(stock(3, 8, null)).toBe('Stock of “Lamp”: 3 → 8 (+5)');
    expect(stock(3, 8, { stock_note: '  ' })).toBe('Stock of “Lamp”: 3 → 8 (+5)');
    expect(stock(3, 8, 'not an object')).toBe('Stock of “Lamp”: 3 → 8 (+5)');
  });

  it('names a recorded return with its order, how many items, its lines, where they went and the note', () => {
    const lines = [
      { order_item_id: 31, item_id: 7, title: 'Lamp', quantity: 1, unit_price_cents: 1200 },
      { order_item_id: 32, item_id: 8, title: 'Linen cushion, Sand', quantity: 2, unit_price_cents: 2500 },
    ];
    expect(describeChange({ action: 'insert', entity: 'order_returns', entity_id: '4', before: null, after: { id: 4, order_id: 12, lines, restock: true, note: 'Wrong colour', refund_cents: 6200 } })).toEqual({
      summary: 'Order #12: recorded a return of 3 items',
      details: ['1 × Lamp', '2 × Linen cushion, Sand', 'Put back into stock', 'Note: Wrong colour'],
    });
    expect(describeChange({ action: 'insert', entity: 'order_returns', entity_id: '5', before: null, after: { id: 5, order_id: 12, lines: [lines[0]], restock: false, note: null } })).toEqual({
      summary: 'Order #12: recorded a return of 1 item',
      details: ['1 × Lamp', 'Written off: not put back into stock'],
    });
  });

  it('names the carrier and tracking number of a shipped order, by the carrier’s name when the page knows it', () => {
    const shipped = { action: 'update', entity: 'orders', entity_id: '12', before: { status: 'packed', carrier: null, tracking_number: null }, after: { status: 'shipped', carrier: 'dhl', tracking_number: '123' } };
    expect(describeChange(shipped, { carrierNames: new Map([['dhl', 'DHL']]) }).summary).toBe('Order #12: Packed → Shipped (DHL, tracking 123)');
    expect(describeChange(shipped).summary).toBe('Order #12: Packed → Shipped (dhl, tracking 123)');
    expect(describeChange({ ...shipped, after: { status: 'shipped', carrier: 'own-delivery', tracking_number: null } }, { carrierNames: new Map([['own-delivery', 'Our own delivery']]) }).summary).toBe(
      'Order #12: Packed → Shipped (Our own delivery)',
    );
    // Shipped on the board, without a parcel.
    expect(describeChange({ ...shipped, after: { status: 'shipped' } }).summary).toBe('Order #12: Packed → Shipped');
  });

  it('labels a returned order, and an order status it does not know, in words', () => {
    expect(describeChange({ action: 'update', entity: 'orders', entity_id: '12', before: { status: 'delivered' }, after: { status: 'returned' } }).summary).toBe('Order #12: Delivered → Returned');
    expect(describeChange({ action: 'update', entity: 'orders', entity_id: '12', before: { status: 'delivered' }, after: { status: 'on_hold' } }).summary).toBe('Order #12: Delivered → On hold');
    expect(describeChange({ action: 'update', entity: 'orders', entity_id: '12', before: { status: 'shipped' }, after: { status: 'shipped', tracking_number: '9' } }).summary).toBe('Order #12 (Shipped) updated');
  });

  it('leaves out the low-stock flag that follows stock, and names the low-stock threshold staff set', () => {
    expect(describeChange({ action: 'update', entity: 'items', entity_id: '7', before: { ...item, low_stock: true, low_stock_threshold: 5 }, after: { ...item, low_stock: false, low_stock_threshold: 2 } })).toEqual({
      summary: 'Edited item “Lamp”',
      details: ['Low-stock alert at: 5 → 2'],
    });
  });
});
