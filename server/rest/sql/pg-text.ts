import { arrayLiteral } from './where-sql.ts';

interface Typed {
  category: string;
  typeName: string;
}

/** JSON body value → the text form Postgres parses for the target type (like json_populate_record). */
export function toPgText(value: unknown, target: Typed): string | null {
  if (value === null || value === undefined) return null;
  if (target.typeName === 'json' || target.typeName === 'jsonb') return JSON.stringify(value);
  if (Array.isArray(value) && target.category === 'A') return nestedArray(value);
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return JSON.stringify(value);
}

function nestedArray(values: unknown[]): string {
  if (values.some(Array.isArray)) return `{${values.map((v) => (Array.isArray(v) ? nestedArray(v) : arrayLiteral([scalar(v)]).slice(1, -1))).join(',')}}`;
  return arrayLiteral(values.map(scalar));
}

function scalar(value: unknown): string | null {
  if (value === null || value === undefined) return null;
  return typeof value === 'string' ? value : JSON.stringify(value);
}
