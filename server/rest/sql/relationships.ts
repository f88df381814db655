import { RestError } from '../rest-error.ts';
import { findTable, type FunctionInfo, type SchemaCache, type TableInfo } from '../schema-cache.ts';
import { FuzzySet } from './fuzzy-set.ts';

export type Cardinality = 'many-to-one' | 'one-to-many' | 'one-to-one' | 'many-to-many';

export interface Junction {
  table: TableInfo;
  sourceConstraint: string;
  targetConstraint: string;
  /** [origin column, junction column] pairs. */
  source: [string, string][];
  /** [junction column, target column] pairs. */
  target: [string, string][];
}

/** One edge of PostgREST's relationship graph, seen from `table`. */
export type Relationship =
  | {
      kind: 'key';
      table: TableInfo;
      target: TableInfo;
      cardinality: Cardinality;
      isSelf: boolean;
      constraint: string;
      /** [origin column, target column] pairs (empty for many-to-many). */
      columns: [string, string][];
      junction?: Junction;
      toOne: boolean;
      /** The referenced side of a one-to-one (PostgREST's isParent). */
      parent?: boolean;
    }
  | { kind: 'computed'; table: TableInfo; target: TableInfo; fn: FunctionInfo; toOne: boolean };

const graphs = new WeakMap<SchemaCache, Map<string, Relationship[]>>();
const keyOf = (table: TableInfo): string => `${table.schema}.${table.name}`;

/** Every relationship of the cache, by origin relation (built once per schema cache). */
function relationshipGraph(cache: SchemaCache): Map<string, Relationship[]> {
  let graph = graphs.get(cache);
  if (graph) return graph;
  graph = new Map();
  const add = (rel: Relationship) => graph?.set(keyOf(rel.table), [...(graph.get(keyOf(rel.table)) ?? []), rel]);
  const manyToOne: Extract<Relationship, { kind: 'key' }>[] = [];
  for (const fk of cache.foreignKeys) {
    const table = findTable(cache, fk.schema, fk.table);
    const target = findTable(cache, fk.refSchema, fk.refTable);
    if (!table || !target) continue;
    const sorted = [...fk.columns].sort().join(',');
    const oneToOne = (table.uniqueKeys ?? []).some((key) => [...key].sort().join(',') === sorted);
    const columns = fk.columns.map((c, i): [string, string] => [c, fk.refColumns[i]]);
    const isSelf = table === target;
    const forward = { kind: 'key', table, target, isSelf, constraint: fk.name, columns } as const;
    const rel = { ...forward, cardinality: oneToOne ? 'one-to-one' : 'many-to-one', toOne: true } as const;
    add(rel);
    if (!oneToOne) manyToOne.push(rel);
    const inverse = columns.map(([c, r]): [string, string] => [r, c]);
    add({ kind: 'key', table: target, target: table, isSelf, constraint: fk.name, columns: inverse, cardinality: oneToOne ? 'one-to-one' : 'one-to-many', toOne: oneToOne, parent: oneToOne });
  }
  // A junction: a table with keys to two relations whose columns all belong to its primary key.
  for (const first of manyToOne) {
    for (const second of manyToOne) {
      if (first.table !== second.table || first.constraint === second.constraint) continue;
      const pk = new Set(first.table.primaryKey);
      if (![...first.columns, ...second.columns].every(([c]) => pk.has(c))) continue;
      add({
        kind: 'key',
        table: first.target,
        target: second.target,
        isSelf: first.target === second.target,
        constraint: second.constraint,
        columns: [],
        cardinality: 'many-to-many',
        toOne: false,
        junction: {
          table: first.table,
          sourceConstraint: first.constraint,
          targetConstraint: second.constraint,
          source: first.columns.map(([c, r]): [string, string] => [r, c]),
          target: second.columns,
        },
      });
    }
  }
  for (const fns of cache.functions.values()) {
    for (const fn of fns) {
      if (!fn.rowArgument || !fn.returnTable || fn.returnKind !== 'composite') continue;
      const table = findTable(cache, fn.rowArgument.schema, fn.rowArgument.name);
      const target = findTable(cache, fn.returnSchema ?? fn.schema, fn.returnTable);
      if (table && target) add({ kind: 'computed', table, target, fn, toOne: fn.singleRow });
    }
  }
  // A computed relationship named like a related table replaces the keys' relationships to it
  // (PostgREST keys both by origin and target name, the function's winning).
  for (const [key, rels] of graph) {
    const overriding = new Set(rels.flatMap((rel) => (rel.kind === 'computed' ? [`${rel.fn.schema}.${rel.fn.name}`] : [])));
    if (overriding.size > 0) graph.set(key, rels.filter((rel) => rel.kind === 'computed' || !overriding.has(keyOf(rel.target))));
  }
  graphs.set(cache, graph);
  return graph;
}

const CARDINALITY_ORDER: Record<Cardinality, number> = { 'one-to-many': 0, 'many-to-one': 1, 'one-to-one': 2, 'many-to-many': 3 };

function compareText(a: string, b: string): number {
  return a === b ? 0 : a < b ? -1 : 1;
}

function comparePairs(a: [string, string][], b: [string, string][]): number {
  for (let i = 0; i < Math.min(a.length, b.length); i++) {
    const c = compareText(a[i][0], b[i][0]) || compareText(a[i][1], b[i][1]);
    if (c !== 0) return c;
  }
  return a.length - b.length;
}

/**
 * PostgREST's order of relationships (their derived Ord, which its cache sorts them by): keys
 * before computed ones, then the target, self-references last, one-to-many, many-to-one,
 * one-to-one, many-to-many, then the constraint (or junction) and columns. PGRST201 lists them so.
 */
function compareRelationships(a: Relationship, b: Relationship): number {
  if (a.kind !== b.kind) return a.kind === 'key' ? -1 : 1;
  const byTarget = compareText(a.target.schema, b.target.schema) || compareText(a.target.name, b.target.name);
  if (byTarget !== 0 || a.kind !== 'key' || b.kind !== 'key') return byTarget || compareText(a.kind === 'computed' ? a.fn.name : '', b.kind === 'computed' ? b.fn.name : '');
  const bySelf = Number(a.isSelf) - Number(b.isSelf) || CARDINALITY_ORDER[a.cardinality] - CARDINALITY_ORDER[b.cardinality];
  if (bySelf !== 0) return bySelf;
  if (a.junction && b.junction) {
    return (
      compareText(a.junction.table.schema, b.junction.table.schema) ||
      compareText(a.junction.table.name, b.junction.table.name) ||
      compareText(a.junction.sourceConstraint, b.junction.sourceConstraint) ||
      compareText(a.junction.targetConstraint, b.junction.targetConstraint)
    );
  }
  return compareText(a.constraint, b.constraint) || comparePairs(a.columns, b.columns) || Number(a.parent ?? false) - Number(b.parent ?? false);
}

const singleColumn = (rel: Extract<Relationship, { kind: 'key' }>, side: 0 | 1): string | undefined =>
  rel.junction === undefined && rel.columns.length === 1 ? rel.columns[0][side] : undefined;

/** PostgREST's findRel: which relationship `relation[!hint]` names from `table`. */
function matches(rel: Relationship, relation: string, hint: string | undefined): boolean {
  if (rel.kind === 'computed') return rel.fn.name === relation;
  const toTarget = rel.target.name === relation;
  if (rel.isSelf && rel.junction === undefined) {
    if (hint === undefined) {
      // children:family_tree(*) is the one-to-many; parent(*) — the key column — the many-to-one.
      return (toTarget && rel.cardinality === 'one-to-many') || (singleColumn(rel, 0) === relation && rel.cardinality === 'many-to-one');
    }
    return toTarget && rel.cardinality === 'one-to-many' && singleColumn(rel, 1) === hint;
  }
  if (hint === undefined) {
    if (toTarget) return true;
    if (rel.target.isView) return false;
    const constraint = rel.junction === undefined ? rel.constraint : undefined;
    return constraint === relation || singleColumn(rel, 0) === relation;
  }
  if (!toTarget) return false;
  if (rel.junction) return rel.junction.table.name === hint;
  return rel.constraint === hint || singleColumn(rel, 0) === hint || singleColumn(rel, 1) === hint;
}

const columnList = (columns: string[]): string => `(${columns.join(', ')})`;

function describe(rel: Relationship): Record<string, string> {
  if (rel.kind === 'computed') return {};
  const embedding = `${rel.table.name} with ${rel.target.name}`;
  if (rel.junction) {
    const { junction } = rel;
    return {
      cardinality: 'many-to-many',
      embedding,
      relationship: `${junction.table.name} using ${junction.sourceConstraint}${columnList(junction.source.map(([, j]) => j))} and ${junction.targetConstraint}${columnList(junction.target.map(([j]) => j))}`,
    };
  }
  return {
    cardinality: rel.cardinality,
    embedding,
    relationship: `${rel.constraint} using ${rel.table.name}${columnList(rel.columns.map(([c]) => c))} and ${rel.target.name}${columnList(rel.columns.map(([, r]) => r))}`,
  };
}

function hintFor(rel: Relationship): string {
  if (rel.kind === 'computed') return '';
  return `'${rel.target.name}!${rel.junction ? rel.junction.table.name : rel.constraint}'`;
}

/**
 * PostgREST's noRelBetweenHint: a table with relationships gets the closest of its related names
 * (never the one asked for); one without gets the closest table of its schema that has some.
 */
function noRelationshipHint(graph: Map<string, Relationship[]>, table: TableInfo, relation: string): string | null {
  const rels = graph.get(keyOf(table));
  if (rels) {
    const child = new FuzzySet(rels.map((rel) => rel.target.name)).get(relation).find((match) => match.score < 1)?.entry;
    return child === undefined ? null : `Perhaps you meant '${child}' instead of '${relation}'.`;
  }
  const parents = [...graph.values()].flatMap((list) => (list[0]?.table.schema === table.schema ? [list[0].table.name] : []));
  const parent = new FuzzySet(parents).getOne(table.name);
  return parent === undefined ? null : `Perhaps you meant '${parent}' instead of '${table.name}'.`;
}

/** Finds the relationship behind `relation[!hint]` from `table`, with PostgREST's PGRST200 / PGRST201 answers. */
export function resolveRelationship(cache: SchemaCache, table: TableInfo, relation: string, hint: string | undefined): Relationship {
  const graph = relationshipGraph(cache);
  const found = (graph.get(keyOf(table)) ?? []).filter((rel) => matches(rel, relation, hint));
  if (found.length === 1) return found[0];
  if (found.length === 0) {
    const hintText = hint === undefined ? '' : `' using the hint '${hint}`;
    throw new RestError(
      400,
      'PGRST200',
      `Could not find a relationship between '${table.name}' and '${relation}' in the schema cache`,
      `Searched for a foreign key relationship between '${table.name}' and '${relation}${hintText}' in the schema '${table.schema}', but no matches were found.`,
      noRelationshipHint(graph, table, relation),
    );
  }
  found.sort(compareRelationships);
  throw new RestError(
    300,
    'PGRST201',
    `Could not embed because more than one relationship was found for '${table.name}' and '${relation}'`,
    found.map(describe),
    `Try changing '${relation}' to one of the following: ${found.map(hintFor).join(', ')}. Find the desired relationship in the 'details' key.`,
  );
}
