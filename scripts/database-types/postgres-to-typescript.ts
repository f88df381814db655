import type { CatalogRelation, CatalogType, SchemaCatalog } from './schema-catalog.ts';
import { NULL_TYPE, text, type TypeNode } from './type-layout.ts';

const NUMBER_TYPES = new Set(['int2', 'int4', 'int8', 'float4', 'float8', 'numeric']);
// What PostgREST sends as JSON strings (numeric is sent as a number, as the CLI assumes).
const STRING_TYPES = new Set([
  'bytea', 'bpchar', 'varchar', 'date', 'text', 'citext', 'time', 'timetz', 'timestamp', 'timestamptz', 'uuid', 'vector', 'interval',
]);

/**
 * Postgres types by name → TypeScript, as the CLI maps them. Types are looked up by pg_type
 * name (the CLI does too): a name found in several schemas resolves to the one in the schema
 * being described, else the first.
 */
export class TypeMapper {
  private readonly typesByName = new Map<string, CatalogType[]>();
  private readonly included: Set<string>;
  private readonly tables: CatalogRelation[];
  private readonly views: CatalogRelation[];

  constructor(catalog: SchemaCatalog) {
    for (const type of catalog.types) {
      const list = this.typesByName.get(type.name) ?? [];
      list.push(type);
      this.typesByName.set(type.name, list);
    }
    this.included = new Set(catalog.schemas);
    // Row types of tables and views resolve; the CLI looks in these two lists only.
    this.tables = catalog.relations.filter((relation) => relation.kind === 'table');
    this.views = catalog.relations.filter((relation) => relation.kind === 'view');
  }

  /** The TypeScript type of a value of Postgres type `pgType` (a pg_type name) seen from `schema`. */
  toTypeScript(schema: string, pgType: string): TypeNode {
    if (pgType === 'bool') return text('boolean');
    if (NUMBER_TYPES.has(pgType)) return text('number');
    if (STRING_TYPES.has(pgType)) return text('string');
    if (pgType === 'json' || pgType === 'jsonb') return text('Json');
    if (pgType === 'void') return text('undefined');
    if (pgType === 'record') return text('Record<string, unknown>');
    if (pgType.startsWith('_')) return { kind: 'array', element: this.toTypeScript(schema, pgType.slice(1)) };

    const enumType = this.pick(schema, (this.typesByName.get(pgType) ?? []).filter((type) => type.enumValues.length > 0));
    if (enumType) {
      if (this.included.has(enumType.schema)) return text(`Database[${q(enumType.schema)}]["Enums"][${q(enumType.name)}]`);
      return enumUnion(enumType.enumValues);
    }
    const composite = this.pick(schema, (this.typesByName.get(pgType) ?? []).filter((type) => type.attributes.length > 0));
    if (composite) {
      return this.included.has(composite.schema) ? text(`Database[${q(composite.schema)}]["CompositeTypes"][${q(composite.name)}]`) : UNKNOWN;
    }
    const table = this.pick(schema, this.tables.filter((relation) => relation.name === pgType));
    if (table) return this.included.has(table.schema) ? text(`Database[${q(table.schema)}]["Tables"][${q(table.name)}]["Row"]`) : UNKNOWN;
    const view = this.pick(schema, this.views.filter((relation) => relation.name === pgType));
    if (view) return this.included.has(view.schema) ? text(`Database[${q(view.schema)}]["Views"][${q(view.name)}]["Row"]`) : UNKNOWN;
    return UNKNOWN;
  }

  private pick<T extends { schema: string }>(schema: string, candidates: T[]): T | undefined {
    return candidates.find((candidate) => candidate.schema === schema) ?? candidates[0];
  }
}

export const UNKNOWN = text('unknown');

const q = (value: string): string => JSON.stringify(value);

/** An enum's values as a union of string literals (a single value stays a literal). */
export function enumUnion(values: string[]): TypeNode {
  const literals = values.map((value) => text(q(value)));
  return literals.length === 1 ? literals[0] : { kind: 'union', types: literals };
}

/** `T | null` where the column or result may be null; `unknown` already includes null. */
export function nullable(type: TypeNode, isNullable: boolean): TypeNode {
  if (!isNullable || (type.kind === 'text' && (type.text === 'unknown' || type.text === 'any'))) return type;
  return { kind: 'union', types: [type, NULL_TYPE] };
}
