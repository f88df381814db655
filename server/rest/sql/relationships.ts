import { RestError } from '../rest-error.ts';
import { findTable, type ForeignKey, type SchemaCache, type TableInfo } from '../schema-cache.ts';

export interface Relationship {
  /** many-to-one: the parent holds the FK (embed is an object); one-to-many: the child does (an array). */
  cardinality: 'many-to-one' | 'one-to-many';
  fk: ForeignKey;
  target: TableInfo;
}

/** Finds the FK behind `relation[!hint]` from `table`, like PostgREST's relationship search (no many-to-many). */
export function resolveRelationship(cache: SchemaCache, table: TableInfo, relation: string, hint: string | undefined): Relationship {
  const candidates: Relationship[] = [];
  for (const fk of cache.foreignKeys) {
    if (fk.schema === table.schema && fk.table === table.name) {
      const matches = fk.refTable === relation || fk.name === relation || (fk.columns.length === 1 && fk.columns[0] === relation);
      const target = findTable(cache, fk.refSchema, fk.refTable);
      if (matches && target) candidates.push({ cardinality: 'many-to-one', fk, target });
    }
    if (fk.refSchema === table.schema && fk.refTable === table.name && (fk.table === relation || fk.name === relation)) {
      const target = findTable(cache, fk.schema, fk.table);
      if (target) candidates.push({ cardinality: 'one-to-many', fk, target });
    }
  }
  const hinted =
    hint === undefined
      ? candidates
      : candidates.filter((c) => c.fk.name === hint || c.fk.columns.includes(hint) || c.fk.refColumns.includes(hint) || c.target.name === hint);
  if (hinted.length === 1) return hinted[0];
  if (hinted.length === 0) {
    const hintText = hint === undefined ? '' : ` using the hint '${hint}'`;
    throw new RestError(
      400,
      'PGRST200',
      `Could not find a relationship between '${table.name}' and '${relation}' in the schema cache`,
      `Searched for a foreign key relationship between '${table.name}' and '${relation}'${hintText} in the schema '${table.schema}', but no matches were found.`,
      `Verify that '${table.name}' and '${relation}' exist in the schema '${table.schema}' and that there is a foreign key relationship between them. Many-to-many and view relationships are not supported by the local backend.`,
    );
  }
  throw new RestError(
    300,
    'PGRST201',
    `Could not embed because more than one relationship was found for '${table.name}' and '${relation}'`,
    hinted.map((c) => ({
      cardinality: c.cardinality,
      embedding: `${table.name} with ${c.target.name}`,
      relationship: `${c.fk.name} using ${c.fk.table}(${c.fk.columns.join(', ')}) and ${c.fk.refTable}(${c.fk.refColumns.join(', ')})`,
    })),
    `Try changing '${relation}' to one of the following: ${hinted.map((c) => `'${relation}!${c.fk.name}'`).join(', ')}. Find the desired relationship in the 'details' key.`,
  );
}
