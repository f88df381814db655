import type { Condition, Filter, Operation } from '../parser/types.ts';
import { columnOf, fieldSql, type Source } from './field-sql.ts';
import type { Params } from './quote.ts';

const SIMPLE_SQL: Record<string, string> = {
  eq: '=',
  neq: '<>',
  gt: '>',
  gte: '>=',
  lt: '<',
  lte: '<=',
  like: 'like',
  ilike: 'ilike',
  match: '~',
  imatch: '~*',
  isdistinct: 'is distinct from',
  cs: '@>',
  cd: '<@',
  ov: '&&',
  sl: '<<',
  sr: '>>',
  nxr: '&<',
  nxl: '&>',
  adj: '-|-',
};

const FTS_FUNCTIONS: Record<string, string> = {
  fts: 'to_tsquery',
  plfts: 'plainto_tsquery',
  phfts: 'phraseto_tsquery',
  wfts: 'websearch_to_tsquery',
};

/** Builds a Postgres array literal `{"a","b",NULL}`; the result is bound as one parameter. */
export function arrayLiteral(values: (string | null)[]): string {
  return `{${values.map((v) => (v === null ? 'NULL' : `"${v.replaceAll('\\', '\\\\').replaceAll('"', '\\"')}"`)).join(',')}}`;
}

function operationSql(source: Source, filter: Filter, params: Params): string {
  const operation: Operation = filter.operation;
  // `embed=is.null` / `embed=not.is.null`: the rows without / with a related row, as PostgREST 11+.
  if (operation.op === 'is' && filter.field.json.length === 0) {
    const embed = source.embeds?.get(filter.field.name);
    if (embed && operation.value === 'null') return `not ${embed.exists()}`;
    if (embed && operation.value === 'not_null') return embed.exists();
  }
  const column = fieldSql(source, filter.field, params);
  switch (operation.op) {
    case 'in':
      return operation.values.length === 0 ? 'false' : `${column} = any(${params.add(arrayLiteral(operation.values))})`;
    case 'is': {
      const map = { null: 'is null', not_null: 'is not null', true: 'is true', false: 'is false', unknown: 'is unknown' } as const;
      return `${column} ${map[operation.value]}`;
    }
    case 'fts':
    case 'plfts':
    case 'phfts':
    case 'wfts': {
      const info = filter.field.json.length === 0 ? columnOf(source, filter.field.name) : undefined;
      const config = operation.config === undefined ? '' : `${params.add(operation.config)}::regconfig, `;
      const vector = info?.typeName === 'tsvector' ? column : `to_tsvector(${config}${column})`;
      return `${vector} @@ ${FTS_FUNCTIONS[operation.op]}(${config}${params.add(operation.value)})`;
    }
    case 'cs':
    case 'cd':
    case 'ov':
    case 'sl':
    case 'sr':
    case 'nxr':
    case 'nxl':
    case 'adj': {
      let value = operation.value;
      // PostgREST accepts `ov.(a,b)` for arrays as well as `{a,b}`.
      const info = filter.field.json.length === 0 ? columnOf(source, filter.field.name) : undefined;
      if (operation.op === 'ov' && info?.category === 'A' && value.startsWith('(') && value.endsWith(')')) value = `{${value.slice(1, -1)}}`;
      return `${column} ${SIMPLE_SQL[operation.op]} ${params.add(value)}`;
    }
    default: {
      const sqlOp = SIMPLE_SQL[operation.op];
      const isLike = operation.op === 'like' || operation.op === 'ilike';
      const value = isLike ? operation.value.replaceAll('*', '%') : operation.value;
      if (operation.quantifier) return `${column} ${sqlOp} ${operation.quantifier}(${params.add(value)})`;
      return `${column} ${sqlOp} ${params.add(value)}`;
    }
  }
}

export function conditionSql(source: Source, condition: Condition, params: Params): string {
  if (condition.kind === 'filter') {
    const sql = operationSql(source, condition, params);
    return condition.negate ? `not (${sql})` : sql;
  }
  const parts = condition.children.map((child) => conditionSql(source, child, params));
  const joined = parts.length === 0 ? 'true' : parts.map((p) => `(${p})`).join(` ${condition.op} `);
  return condition.negate ? `not (${joined})` : `(${joined})`;
}

export function conditionsSql(source: Source, conditions: Condition[], params: Params): string[] {
  return conditions.map((condition) => conditionSql(source, condition, params));
}
