/** The parsed form of a PostgREST query string (supabase-protocol.md §3.2). */

export interface JsonStep {
  arrow: '->' | '->>';
  key: string;
}

export interface Field {
  name: string;
  json: JsonStep[];
}

export type AggregateFunction = 'count' | 'sum' | 'avg' | 'min' | 'max';

export type SelectItem =
  | { kind: 'star' }
  | {
      kind: 'column';
      field: Field;
      alias?: string;
      /** The result's cast (`amount.sum()::int` casts the sum). */
      cast?: string;
      /** `amount.sum()`: aggregated, grouped by the level's other columns (db-aggregates-enabled). */
      aggregate?: AggregateFunction;
      /** `amount::int.sum()`: the column's cast before aggregating. */
      aggregateInputCast?: string;
    }
  /** `count()`: the number of rows of the level (or of each group). */
  | { kind: 'count'; alias?: string; cast?: string }
  | {
      kind: 'embed';
      relation: string;
      alias?: string;
      hint?: string;
      inner: boolean;
      /** `...rel(cols)`: the related row's columns are spread into the parent (many-to-one only). */
      spread?: boolean;
      items: SelectItem[];
    };

export const SIMPLE_OPS = ['eq', 'neq', 'gt', 'gte', 'lt', 'lte', 'like', 'ilike', 'match', 'imatch', 'isdistinct'] as const;
export const RANGE_OPS = ['cs', 'cd', 'ov', 'sl', 'sr', 'nxr', 'nxl', 'adj'] as const;
export const FTS_OPS = ['fts', 'plfts', 'phfts', 'wfts'] as const;
/** Operators accepting the `(any)` / `(all)` modifier. */
export const QUANTIFIABLE_OPS = ['eq', 'like', 'ilike', 'gt', 'gte', 'lt', 'lte', 'match', 'imatch'] as const;

export type SimpleOp = (typeof SIMPLE_OPS)[number];
export type RangeOp = (typeof RANGE_OPS)[number];
export type FtsOp = (typeof FTS_OPS)[number];

export type Operation =
  | { op: SimpleOp; value: string; quantifier?: 'any' | 'all' }
  | { op: RangeOp; value: string }
  | { op: FtsOp; value: string; config?: string }
  | { op: 'in'; values: (string | null)[] }
  | { op: 'is'; value: 'null' | 'not_null' | 'true' | 'false' | 'unknown' };

export interface Filter {
  kind: 'filter';
  field: Field;
  negate: boolean;
  operation: Operation;
}

export interface LogicTree {
  kind: 'logic';
  op: 'and' | 'or';
  negate: boolean;
  children: Condition[];
}

export type Condition = Filter | LogicTree;

export interface OrderTerm {
  field: Field;
  /** A related order, `embed(col)`: the column of a to-one embed of this level. */
  relation?: string;
  direction?: 'asc' | 'desc';
  nulls?: 'first' | 'last';
}

/** Query parameters addressed to an embedded resource carry its path (aliases or relation names). */
export interface Scoped<T> {
  path: string[];
  value: T;
}

export interface QueryParams {
  select: SelectItem[];
  columns?: string[];
  onConflict?: string[];
  conditions: Scoped<Condition>[];
  order: Scoped<OrderTerm[]>[];
  limit: Scoped<number>[];
  offset: Scoped<number>[];
  /** Params that are RPC arguments on GET (name → raw value). */
  args: Map<string, string>;
}
