import { STATUS_LABELS, type OrderStatus } from '@/config/order-statuses';
import { formatPrice } from '@/utils/format';

type Row = Record<string, unknown> | null;

export interface ChangeDescription {
  summary: string;
  /** One line per field that changed, "Price: €12.00 → €13.50". */
  details: string[];
}

/** Columns that change with every edit, follow another one (on_sale) or say nothing a person would look for. */
const IGNORED = new Set(['updated_at', 'created_at', 'search_vector', 'on_sale', 'id']);

const FIELD_NAMES: Record<string, string> = {
  title: 'Name',
  description: 'Description',
  price_cents: 'Price',
  category_id: 'Category',
  featured: 'Featured',
  stock: 'Stock',
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
  if (field === 'image_paths' && Array.isArray(value)) return `${value.length}`;
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

/**
 * A sentence for one audit log entry (private.audit_staff_change writes the row before and
 * after): "Archived “Linen cushion”", "Order #12: Packed → Shipped", "Edited “Lamp”" with the
 * fields that changed.
 */
export function describeChange(entry: { action: string; entity: string; entity_id: string; before: unknown; after: unknown }): ChangeDescription {
  const before = (entry.before ?? null) as Row;
  const after = (entry.after ?? null) as Row;
  const row = after ?? before;

  if (entry.entity === 'orders') {
    const from = before?.status as OrderStatus | undefined;
    const to = after?.status as OrderStatus | undefined;
    const label = (status: OrderStatus | undefined) => (status ? (STATUS_LABELS[status] ?? status) : '—').replace(' — confirming…', '');
    return { summary: `Order #${entry.entity_id}: ${label(from)} → ${label(to)}`, details: [] };
  }

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
  if (changed.length === 1 && changed[0] === 'stock') {
    return { summary: `Stock of “${name}”: ${show('stock', before?.stock, before)} → ${show('stock', after?.stock, after)}`, details: [] };
  }
  const details = changed.map((field) =>
    field === 'description' ? 'Description changed' : `${FIELD_NAMES[field] ?? field}: ${show(field, before?.[field], before)} → ${show(field, after?.[field], after)}`,
  );
  return { summary: `Edited ${noun} “${name}”`, details };
}
