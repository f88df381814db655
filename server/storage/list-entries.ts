import type { ListBody } from './request-bodies.ts';

export interface ObjectRow {
  name: string;
  id: string;
  updated_at: string;
  created_at: string;
  last_accessed_at: string;
  metadata: unknown;
}

export type ListEntry = Omit<ObjectRow, 'id' | 'updated_at' | 'created_at' | 'last_accessed_at'> & {
  id: string | null;
  updated_at: string | null;
  created_at: string | null;
  last_accessed_at: string | null;
};

/** The list prefix without leading or trailing slashes, as a folder (`a/b/`), or '' for the root. */
export function listBase(prefix: string | undefined): string {
  const trimmed = (prefix ?? '').replace(/^\/+|\/+$/g, '');
  return trimmed ? `${trimmed}/` : '';
}

/** The entry's value in `column` as text (sortBy.column is any name the client sends; unknown ones sort as ''). */
function sortKey(entry: ListEntry, column: string): string {
  const value: unknown = Object.hasOwn(entry, column) ? Reflect.get(entry, column) : undefined;
  return String(value ?? '');
}

/**
 * One level of the tree below `base`, as storage.search answers `list()`: objects by their last
 * segment, deeper names folded into one folder entry each (id and metadata null), filtered by
 * `search` (case-insensitive substring of the entry name), sorted, then offset and limit (1–1000,
 * default 100).
 */
export function listEntries(rows: readonly ObjectRow[], base: string, body: ListBody): ListEntry[] {
  const entries = new Map<string, ListEntry>();
  for (const row of rows) {
    const rest = row.name.slice(base.length);
    const [first = '', ...deeper] = rest.split('/');
    if (body.search && !first.toLowerCase().includes(body.search.toLowerCase())) continue;
    if (deeper.length > 0) {
      if (!entries.has(first)) entries.set(first, { name: first, id: null, updated_at: null, created_at: null, last_accessed_at: null, metadata: null });
    } else {
      entries.set(first, { ...row, name: first });
    }
  }
  const descending = body.sortBy?.order === 'desc';
  const column = body.sortBy?.column ?? 'name';
  const sorted = [...entries.values()].sort((a, b) => {
    const left = sortKey(a, column);
    const right = sortKey(b, column);
    return (left < right ? -1 : left > right ? 1 : 0) * (descending ? -1 : 1);
  });
  const offset = Math.max(0, body.offset ?? 0);
  return sorted.slice(offset, offset + Math.max(1, Math.min(1000, body.limit ?? 100)));
}
