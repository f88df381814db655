import { STATUS_LABELS } from '@/config/order-statuses';
import { formatPrice, pluralize } from '@/utils/format';

type Row = Record<string, unknown> | null;

/** One audit log row (public.audit_log). `context` is missing on rows read before the column existed. */
export interface AuditEntry {
  action: string;
  entity: string;
  entity_id: string;
  before: unknown;
  after: unknown;
  /** Why, where the row does not say: a stock change's `stock_reason` and `stock_note`. */
  context?: unknown;
}

/** What the log names by code and the page knows by name: the carriers (code → name). */
export interface DescribeLookups {
  carrierNames?: ReadonlyMap<string, string>;
}

export interface ChangeDescription {
  summary: string;
  /** One line per field that changed, "Price: €12.00 → €13.50". */
  details: string[];
}

/** Columns that change with every edit, follow another one (on_sale) or say nothing a person would look for. */
const IGNORED = new Set(['updated_at', 'created_at', 'search_vector', 'on_sale', 'low_stock', 'id']);

const FIELD_NAMES: Record<string, string> = {
  title: 'Name',
  description: 'Description',
  price_cents: 'Price',
  category_id: 'Category',
  featured: 'Featured',
  stock: 'Stock',
  low_stock_threshold: 'Low-stock alert at',
  image_paths: 'Pictures',
  name: 'Name',
  slug: 'Web address',
  sort_order: 'Position',
  options: 'Options',
  width_cm: 'Width (cm)',
  depth_cm: 'Depth (cm)',
  height_cm: 'Height (cm)',
  weight_kg: 'Weight (kg)',
  materials: 'Materials',
  care: 'Care',
  assembly: 'Assembly',
};

function show(field: string, value: unknown, row: Row): string {
  if (value === null || value === undefined) return '—';
  if (field === 'price_cents' && typeof value === 'number') return formatPrice(value, typeof row?.currency === 'string' ? row.currency : 'EUR');
  if (field === 'featured' && typeof value === 'boolean') return value ? 'yes' : 'no';
  if (field === 'options' && typeof value === 'object' && !Array.isArray(value)) {
    const entries = Object.entries(value as Record<string, unknown>);
    return entries.length === 0 ? 'none' : entries.map(([name, option]) => `${name} ${String(option)}`).join(', ');
  }
  if (typeof value === 'string') return value.length > 60 ? `${value.slice(0, 57)}…` : value;
  return JSON.stringify(value);
}

function sameValue(a: unknown, b: unknown): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
const text = (value: unknown): string | null => (typeof value === 'string' && value.trim() !== '' ? value.trim() : null);
const count = (value: unknown): number => (typeof value === 'number' && Number.isFinite(value) ? value : 0);

/** "on_hold" → "On hold": a status or reason this code does not know yet still reads as a word. */
function capitalise(code: string): string {
  const words = code.replace(/[_-]+/g, ' ').trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

function statusLabel(status: unknown): string {
  if (typeof status !== 'string' || status === '') return '—';
  const known = (STATUS_LABELS as Partial<Record<string, string>>)[status];
  return known ? known.replace(' — confirming…', '') : capitalise(status);
}

/** "+5", "−2" (a minus sign, as the stock panel writes it). */
const signed = (delta: number) => (delta > 0 ? `+${delta}` : `−${-delta}`);

/** How each stock reason (public.stock_movements.reason) starts the sentence about the item. */
const STOCK_SENTENCES: Record<string, (name: string) => string> = {
  restock: (name) => `Restocked “${name}”`,
  return: (name) => `Took “${name}” back from a return`,
  correction: (name) => `Corrected the stock of “${name}”`,
  damage: (name) => `Wrote off damaged or lost “${name}”`,
  sale: (name) => `Sold “${name}”`,
  cancellation: (name) => `Put “${name}” back in stock from a cancelled order`,
};

/** "Restocked “Lamp”: 4 → 9 (+5) — note: supplier delivery"; without a reason (older rows), "Stock of “Lamp”: …". */
function describeStock(name: string, before: Row, after: Row, context: unknown): string {
  const from = before?.stock;
  const to = after?.stock;
  const why = isRecord(context) ? context : {};
  const reason = text(why.stock_reason);
  const note = text(why.stock_note);
  const opening = reason ? (STOCK_SENTENCES[reason]?.(name) ?? `Changed the stock of “${name}” (${capitalise(reason).toLowerCase()})`) : `Stock of “${name}”`;
  const delta = typeof from === 'number' && typeof to === 'number' && from !== to ? ` (${signed(to - from)})` : '';
  return `${opening}: ${show('stock', from, before)} → ${show('stock', to, after)}${delta}${note ? ` — note: ${note}` : ''}`;
}

/**
 * What happened to the pictures, by their paths: the same ones in another order, some added, some
 * removed. `name` gives the whole sentence ("Added a picture to “Lamp”"); without it, a detail line.
 */
function describePictures(beforePaths: unknown, afterPaths: unknown, name?: string): string {
  const from = Array.isArray(beforePaths) ? beforePaths.map(String) : [];
  const to = Array.isArray(afterPaths) ? afterPaths.map(String) : [];
  const added = to.filter((path) => !from.includes(path)).length;
  const removed = from.filter((path) => !to.includes(path)).length;
  const pictures = (n: number) => (n === 1 ? 'a picture' : pluralize(n, 'picture'));
  if (added === 0 && removed === 0) return name ? `Reordered the pictures of “${name}”` : 'Reordered the pictures';
  if (removed === 0) return name ? `Added ${pictures(added)} to “${name}”` : `Added ${pictures(added)}`;
  if (added === 0) return name ? `Removed ${pictures(removed)} from “${name}”` : `Removed ${pictures(removed)}`;
  return `${name ? `Changed the pictures of “${name}”` : 'Pictures'}: ${added} added, ${removed} removed`;
}

/** "Order #12: recorded a return of 2 items", with the lines, whether they went back into stock and the note. */
function describeReturn(entityId: string, after: Row): ChangeDescription {
  const lines = Array.isArray(after?.lines) ? after.lines.filter(isRecord) : [];
  const items = lines.reduce((sum, line) => sum + count(line.quantity), 0);
  const order = after?.order_id ?? '?';
  const note = text(after?.note);
  return {
    summary: `Order #${String(order)}: recorded a return of ${pluralize(items, 'item')}`,
    details: [
      ...lines.map((line) => `${count(line.quantity)} × ${text(line.title) ?? `line #${String(line.order_item_id ?? entityId)}`}`),
      after?.restock === false ? 'Written off: not put back into stock' : 'Put back into stock',
      ...(note ? [`Note: ${note}`] : []),
    ],
  };
}

/** "Order #12: Packed → Shipped (DHL, tracking 123)": the parcel, when the order was shipped with one. */
function describeOrder(entityId: string, before: Row, after: Row, lookups: DescribeLookups): ChangeDescription {
  if (before?.status === after?.status) return { summary: `Order #${entityId} (${statusLabel(after?.status)}) updated`, details: [] };
  const move = `Order #${entityId}: ${statusLabel(before?.status)} → ${statusLabel(after?.status)}`;
  const carrier = text(after?.carrier);
  if (after?.status !== 'shipped' || !carrier) return { summary: move, details: [] };
  const tracking = text(after.tracking_number);
  const parcel = [lookups.carrierNames?.get(carrier) ?? carrier, ...(tracking ? [`tracking ${tracking}`] : [])].join(', ');
  return { summary: `${move} (${parcel})`, details: [] };
}

/**
 * A sentence for one audit log entry (private.audit_staff_change writes the row before and
 * after, and for stock the reason and note in `context`): "Archived “Linen cushion”",
 * "Order #12: Packed → Shipped (DHL, tracking 123)", "Restocked “Lamp”: 4 → 9 (+5)",
 * "Order #12: recorded a return of 2 items", "Edited “Lamp”" with the fields that changed.
 */
export function describeChange(entry: AuditEntry, lookups: DescribeLookups = {}): ChangeDescription {
  const before = isRecord(entry.before) ? entry.before : null;
  const after = isRecord(entry.after) ? entry.after : null;
  const row = after ?? before;

  if (entry.entity === 'orders') return describeOrder(entry.entity_id, before, after, lookups);
  if (entry.entity === 'order_returns') return describeReturn(entry.entity_id, after);

  const noun = entry.entity === 'categories' ? 'category' : entry.entity === 'products' ? 'product' : 'item';
  const name = String(row?.title ?? row?.name ?? `#${entry.entity_id}`);
  if (entry.action === 'insert') return { summary: `Created ${noun} “${name}”`, details: [] };
  if (entry.action === 'delete') return { summary: `Deleted ${noun} “${name}”`, details: [] };

  const changed = Object.keys({ ...before, ...after }).filter((field) => !IGNORED.has(field) && !sameValue(before?.[field], after?.[field]));
  if (changed.includes('published_at')) {
    return { summary: after?.published_at ? `Published “${name}”` : `Made “${name}” a draft again`, details: [] };
  }
  if (changed.includes('archived_at')) {
    return { summary: after?.archived_at ? `Archived “${name}”` : `Put “${name}” back on sale`, details: [] };
  }
  if (changed.length === 1 && changed[0] === 'stock') return { summary: describeStock(name, before, after, entry.context), details: [] };
  if (changed.length === 1 && changed[0] === 'image_paths') return { summary: describePictures(before?.image_paths, after?.image_paths, name), details: [] };
  const details = changed.map((field) => {
    if (field === 'description') return 'Description changed';
    if (field === 'image_paths') return describePictures(before?.image_paths, after?.image_paths);
    return `${FIELD_NAMES[field] ?? field}: ${show(field, before?.[field], before)} → ${show(field, after?.[field], after)}`;
  });
  return { summary: `Edited ${noun} “${name}”`, details };
}
