import { renderConstants } from './render-constants.ts';
import { helperTypes, JSON_TYPE } from './helper-types.ts';
import { enumUnion, nullable, TypeMapper, UNKNOWN } from './postgres-to-typescript.ts';
import {
  compareNames,
  type CatalogColumn,
  type CatalogForeignKey,
  type CatalogFunction,
  type CatalogFunctionArg,
  type CatalogRelation,
  type CatalogType,
  type SchemaCatalog,
} from './schema-catalog.ts';
import {
  expandedObject,
  inlineObject,
  printType,
  property,
  text,
  type Member,
  type TypeNode,
} from './type-layout.ts';

export interface RenderOptions {
  /** Written as `__InternalSupabase.PostgrestVersion`, which tells supabase-js what the API supports. */
  postgrestVersion?: string;
  /** The schema the Tables<…> / Enums<…> helpers default to. */
  defaultSchema?: string;
}

const JSON_ARG_TYPES = new Set([114, 3802, 25]); // json, jsonb, text: PostgREST passes a whole body to one such unnamed argument
const INPUT_MODES = new Set(['in', 'inout', 'variadic']);

interface SchemaContents {
  tables: CatalogRelation[];
  views: CatalogRelation[];
  functions: { fn: CatalogFunction; inArgs: CatalogFunctionArg[] }[];
  enums: CatalogType[];
  compositeTypes: CatalogType[];
}

/**
 * The `src/types/database.ts` text for `catalog`, shaped as `supabase gen types typescript`
 * writes it (postgres-meta's TypeScript template, one-to-one relationships detected): per
 * schema Tables (Row / Insert / Update / Relationships), Views, Functions (Args / Returns),
 * Enums and CompositeTypes, then the helper types and Constants.
 */
export function renderDatabaseTypes(catalog: SchemaCatalog, options: RenderOptions = {}): string {
  return new DatabaseTypesRenderer(catalog).render(options);
}

class DatabaseTypesRenderer {
  private readonly mapper: TypeMapper;
  private readonly columnsByRelation = new Map<number, CatalogColumn[]>();
  private readonly relationNames = new Map<number, string>();
  /** Types that are a relation's row type or a composite type, by type id. */
  private readonly rowTypes = new Map<number, CatalogType>();
  private readonly typesById = new Map<number, CatalogType>();
  private readonly contents = new Map<string, SchemaContents>();
  private readonly foreignKeys: CatalogForeignKey[];
  private readonly catalog: SchemaCatalog;

  constructor(catalog: SchemaCatalog) {
    this.catalog = catalog;
    this.mapper = new TypeMapper(catalog);
    for (const relation of catalog.relations) {
      this.columnsByRelation.set(relation.id, []);
      this.relationNames.set(relation.id, relation.name);
    }
    for (const column of catalog.columns) this.columnsByRelation.get(column.relationId)?.push(column);
    for (const columns of this.columnsByRelation.values()) columns.sort((a, b) => compareNames(a.name, b.name));
    for (const type of catalog.types) {
      this.typesById.set(type.id, type);
      if (type.relationId !== null) this.rowTypes.set(type.id, type);
    }
    this.foreignKeys = [...catalog.foreignKeys].sort(
      (a, b) =>
        compareNames(a.name, b.name) ||
        compareNames(a.referencedRelation, b.referencedRelation) ||
        compareNames(JSON.stringify(a.referencedColumns), JSON.stringify(b.referencedColumns)),
    );
    for (const schema of catalog.schemas) this.contents.set(schema, this.collect(schema));
  }

  render(options: RenderOptions): string {
    const members: Member[] = [];
    if (options.postgrestVersion !== undefined) {
      members.push(
        { kind: 'comment', text: 'Allows to automatically instantiate createClient with right options' },
        { kind: 'comment', text: "instead of createClient<Database, { PostgrestVersion: 'XX' }>(URL, KEY)" },
        property('__InternalSupabase', expandedObject([property('PostgrestVersion', text(JSON.stringify(options.postgrestVersion)))])),
      );
    }
    for (const schema of this.catalog.schemas) members.push(property(schema, this.schemaType(schema)));
    const enums = this.catalog.schemas.map((schema) => ({ schema, enums: this.schema(schema).enums }));
    return [
      JSON_TYPE,
      `export type Database = ${printType(expandedObject(members), 0, 'export type Database = '.length)}\n`,
      helperTypes(options.defaultSchema ?? 'public'),
      renderConstants(enums),
    ].join('\n');
  }

  private schema(name: string): SchemaContents {
    const contents = this.contents.get(name);
    if (!contents) throw new Error(`schema ${name} was not read`);
    return contents;
  }

  /** What of the catalog belongs to `schema`, each list sorted as the CLI sorts it. */
  private collect(schema: string): SchemaContents {
    const byName = (a: { name: string }, b: { name: string }) => compareNames(a.name, b.name);
    const inSchema = this.catalog.relations.filter((relation) => relation.schema === schema);
    const functions = this.catalog.functions
      .filter((fn) => fn.schema === schema)
      .map((fn) => ({ ...fn, args: [...fn.args].sort(byName) }))
      .map((fn) => ({ fn, inArgs: fn.args.filter((arg) => INPUT_MODES.has(arg.mode)) }))
      .filter(({ inArgs }) => this.callableThroughApi(inArgs))
      .sort((a, b) => byName(a.fn, b.fn));
    const types = this.catalog.types.filter((type) => type.schema === schema);
    return {
      tables: inSchema.filter((relation) => relation.kind === 'table' || relation.kind === 'foreign_table').sort(byName),
      views: inSchema.filter((relation) => relation.kind === 'view' || relation.kind === 'materialized_view').sort(byName),
      functions,
      enums: types.filter((type) => type.enumValues.length > 0).sort(byName),
      compositeTypes: types.filter((type) => type.attributes.length > 0).sort(byName),
    };
  }

  /**
   * The functions PostgREST can call: no inputs, named inputs, unnamed ones only where they are
   * defaulted json/jsonb/text, or a single unnamed json/jsonb/text or row argument.
   */
  private callableThroughApi(inArgs: CatalogFunctionArg[]): boolean {
    if (inArgs.length === 0 || inArgs.every((arg) => arg.name !== '')) return true;
    if (inArgs.every((arg) => arg.name !== '' || (arg.hasDefault && JSON_ARG_TYPES.has(arg.typeId)))) return true;
    const [only] = inArgs;
    return inArgs.length === 1 && only.name === '' && (JSON_ARG_TYPES.has(only.typeId) || this.rowTypes.has(only.typeId));
  }

  private schemaType(schema: string): TypeNode {
    const { tables, views, enums, compositeTypes } = this.schema(schema);
    return expandedObject([
      property('Tables', section(tables.map((table) => property(table.name, this.tableType(schema, table))))),
      property('Views', section(views.map((view) => property(view.name, this.viewType(schema, view))))),
      property('Functions', section(this.functionMembers(schema))),
      property('Enums', section(enums.map((type) => property(type.name, enumUnion(type.enumValues))))),
      property('CompositeTypes', section(compositeTypes.map((type) => property(type.name, this.compositeType(schema, type))))),
    ]);
  }

  private columns(relation: CatalogRelation): CatalogColumn[] {
    return this.columnsByRelation.get(relation.id) ?? [];
  }

  private columnType(schema: string, column: CatalogColumn, isNullable = column.nullable): TypeNode {
    return nullable(this.mapper.toTypeScript(schema, column.typeName), isNullable);
  }

  /** Row: the columns, then computed fields (functions taking this relation's row). */
  private rowType(schema: string, relation: CatalogRelation): TypeNode {
    const columns = this.columns(relation).map((column) => property(column.name, this.columnType(schema, column)));
    const computed = this.schema(schema)
      .functions.filter(({ fn }) => fn.argumentTypes === relation.name)
      .map(({ fn }) => property(fn.name, nullable(this.functionResult(schema, fn), true)));
    return expandedObject([...columns, ...computed]);
  }

  private tableType(schema: string, table: CatalogRelation): TypeNode {
    const never = (column: CatalogColumn) => property(column.name, text('never'), true);
    const insert = this.columns(table).map((column) =>
      column.identity === 'ALWAYS'
        ? never(column)
        : property(column.name, this.columnType(schema, column), column.nullable || column.identity !== null || column.hasDefault),
    );
    const update = this.columns(table).map((column) =>
      column.identity === 'ALWAYS' ? never(column) : property(column.name, this.columnType(schema, column), true),
    );
    return expandedObject([
      property('Row', this.rowType(schema, table)),
      property('Insert', expandedObject(insert)),
      property('Update', expandedObject(update)),
      property('Relationships', this.relationships(table)),
    ]);
  }

  private viewType(schema: string, view: CatalogRelation): TypeNode {
    const members = [property('Row', this.rowType(schema, view))];
    if (view.updatable) {
      const writable = this.columns(view).map((column) =>
        column.updatable ? property(column.name, this.columnType(schema, column, true), true) : property(column.name, text('never'), true),
      );
      members.push(property('Insert', expandedObject(writable)), property('Update', expandedObject(writable)));
    }
    members.push(property('Relationships', this.relationships(view)));
    return expandedObject(members);
  }

  /**
   * Foreign keys from this relation to relations of its own schema. Views have none here:
   * postgres-meta derives theirs from the view definitions' key columns, which this does not.
   */
  private relationships(relation: CatalogRelation): TypeNode {
    const list = this.foreignKeys.filter(
      (key) => key.schema === relation.schema && key.relation === relation.name && key.referencedSchema === relation.schema,
    );
    const strings = (values: string[]): TypeNode => ({ kind: 'tuple', elements: values.map((value) => text(JSON.stringify(value))) });
    return {
      kind: 'tuple',
      elements: list.map((key) =>
        expandedObject([
          property('foreignKeyName', text(JSON.stringify(key.name))),
          property('columns', strings(key.columns)),
          property('isOneToOne', text(String(key.oneToOne))),
          property('referencedRelation', text(JSON.stringify(key.referencedRelation))),
          property('referencedColumns', strings(key.referencedColumns)),
        ]),
      ),
    };
  }

  private compositeType(schema: string, type: CatalogType): TypeNode {
    return expandedObject(
      type.attributes.map((attribute) => {
        const attributeType = this.typesById.get(attribute.typeId);
        return property(attribute.name, attributeType ? nullable(this.mapper.toTypeScript(schema, attributeType.name), true) : UNKNOWN);
      }),
    );
  }

  private argType(schema: string, arg: CatalogFunctionArg): TypeNode {
    const type = this.typesById.get(arg.typeId);
    return type ? this.mapper.toTypeScript(schema, type.name) : UNKNOWN;
  }

  /** What a call returns, before `[]` for sets: TABLE(…) columns, a relation's row, or a type. */
  private functionResult(schema: string, fn: CatalogFunction): TypeNode {
    const tableColumns = fn.args.filter((arg) => arg.mode === 'table');
    if (tableColumns.length > 0) return expandedObject(tableColumns.map((arg) => property(arg.name, this.argType(schema, arg))));
    const { tables, views } = this.schema(schema);
    const relation = [...tables, ...views].find((candidate) => candidate.id === fn.returnTypeRelationId);
    if (relation) return this.rowOfColumns(schema, relation);
    const type = this.typesById.get(fn.returnTypeId);
    return type ? this.mapper.toTypeScript(schema, type.name) : UNKNOWN;
  }

  /** A relation's columns as a function result (computed fields are not part of it). */
  private rowOfColumns(schema: string, relation: CatalogRelation): TypeNode {
    return expandedObject(this.columns(relation).map((column) => property(column.name, this.columnType(schema, column))));
  }

  /** The relation (or composite type) a function's rows are, which supabase-js lets a select narrow. */
  private resultRelationName(fn: CatalogFunction): string | null {
    if (fn.returnTypeRelationId === null) return null;
    return this.relationNames.get(fn.returnTypeRelationId) ?? this.rowTypes.get(fn.returnTypeId)?.name ?? null;
  }

  private functionMembers(schema: string): Member[] {
    const groups = new Map<string, SchemaContents['functions']>();
    for (const entry of this.schema(schema).functions) {
      const group = groups.get(entry.fn.name) ?? [];
      group.push(entry);
      groups.set(entry.fn.name, group);
    }
    return [...groups].map(([name, overloads]) => {
      overloads.sort((a, b) => compareNames(a.fn.argumentTypes, b.fn.argumentTypes) || compareNames(a.fn.returnType, b.fn.returnType));
      const signatures = overloads.map((entry) => this.signature(schema, overloads, entry));
      return property(name, signatures.length === 1 ? signatures[0] : { kind: 'union', types: signatures });
    });
  }

  private signature(schema: string, overloads: SchemaContents['functions'], { fn, inArgs }: SchemaContents['functions'][number]): TypeNode {
    const args: TypeNode =
      inArgs.length === 0 ? text('never') : inlineObject(inArgs.map((arg) => property(arg.name, this.argType(schema, arg), arg.hasDefault)));
    const error = this.overloadConflict(schema, overloads, fn, inArgs) ?? this.rowArgumentError(schema, fn, inArgs);
    const relationName = this.resultRelationName(fn);
    const manyRows = fn.rows !== null && fn.rows > 1;
    // A set estimated at one row is typed as one row only when supabase-js also gets SetofOptions.
    const asArray = fn.returnsSet && !(!manyRows && relationName !== null);
    let returns: TypeNode;
    if (error !== null) {
      const message = text(JSON.stringify(error));
      returns = { kind: 'intersection', types: [inlineObject([property('error', text('true'))]), asArray ? { kind: 'array', element: message } : message] };
    } else {
      const result = this.functionResult(schema, fn);
      returns = asArray ? { kind: 'array', element: result } : result;
    }
    const members = [property('Args', args), property('Returns', returns)];
    const setof = this.setofOptions(fn, relationName, manyRows);
    if (setof) members.push(property('SetofOptions', setof));
    return inlineObject(members);
  }

  private setofOptions(fn: CatalogFunction, relationName: string | null, manyRows: boolean): TypeNode | null {
    const options = (from: string, to: string, oneToOne: boolean, setofReturn: boolean) =>
      expandedObject([
        property('from', text(JSON.stringify(from))),
        property('to', text(JSON.stringify(to))),
        property('isOneToOne', text(String(oneToOne))),
        property('isSetofReturn', text(String(setofReturn))),
      ]);
    let result: TypeNode | null = relationName === null ? null : options('*', relationName, !manyRows, fn.returnsSet);
    // A function of one row argument is a computed relationship: it is embedded from that relation.
    const source = fn.args.length === 1 ? this.rowTypes.get(fn.args[0].typeId) : undefined;
    if (source && relationName !== null) {
      const returnsSetOfRelation = fn.returnsSet && fn.returnTypeRelationId !== null;
      result = returnsSetOfRelation ? options(source.format, relationName, !manyRows, true) : options(source.format, relationName, true, false);
    }
    return result;
  }

  /** An unnamed row argument makes a computed field; one that returns no relation cannot be called. */
  private rowArgumentError(schema: string, fn: CatalogFunction, inArgs: CatalogFunctionArg[]): string | null {
    const [only] = inArgs;
    if (inArgs.length !== 1 || only.name !== '' || !this.rowTypes.has(only.typeId) || this.resultRelationName(fn) !== null) return null;
    return `the function ${schema}.${fn.name} with parameter or with a single unnamed json/jsonb parameter, but no matches were found in the schema cache`;
  }

  /** Overloads PostgREST cannot tell apart, reported in the type as the CLI reports them. */
  private overloadConflict(
    schema: string,
    overloads: SchemaContents['functions'],
    fn: CatalogFunction,
    inArgs: CatalogFunctionArg[],
  ): string | null {
    if (overloads.length <= 1) return null;
    const typeName = (id: number) => this.typesById.get(id)?.name ?? 'unknown';
    const advice = 'Try renaming the parameters or the function itself in the database so function overloading can be resolved';
    if (inArgs.length === 0) {
      const other = overloads.find(
        (entry) => entry.fn !== fn && entry.inArgs.length === 1 && entry.inArgs[0].name === '' && entry.inArgs[0].hasDefault,
      );
      if (other) {
        return `Could not choose the best candidate function between: ${schema}.${fn.name}(), ${schema}.${fn.name}( => ${typeName(other.fn.returnTypeId)}). ${advice}`;
      }
    }
    if (inArgs.length === 1 && inArgs[0].name !== '') {
      const conflicting = overloads.filter(
        (entry) =>
          entry.fn !== fn && entry.inArgs.length === 1 && entry.inArgs[0].name === inArgs[0].name && entry.inArgs[0].typeId !== inArgs[0].typeId,
      );
      if (conflicting.length > 0) {
        const list = [{ fn, inArgs }, ...conflicting]
          .sort((a, b) => (a.inArgs[0]?.typeId ?? 0) - (b.inArgs[0]?.typeId ?? 0))
          .map((entry) => `${schema}.${fn.name}(${entry.inArgs.map((arg) => `${arg.name} => ${typeName(arg.typeId)}`).join(', ')})`)
          .join(', ');
        return `Could not choose the best candidate function between: ${list}. ${advice}`;
      }
    }
    return null;
  }
}

/** A Tables / Views / … section: its members, or the CLI's `[_ in never]: never` when empty. */
function section(members: Member[]): TypeNode {
  return expandedObject(members.length > 0 ? members : [{ kind: 'raw', text: '[_ in never]: never' }]);
}
