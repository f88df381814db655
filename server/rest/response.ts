import { RestError } from './rest-error.ts';
import { wholeAnswer } from '../lib/whole-answer.ts';

export const JSON_TYPE = 'application/json; charset=utf-8';

/** PostgREST's contentRangeH: `lower-upper/total`, or `*\/total` when the range is empty. */
export function contentRange(lower: number, upper: number, total: number | null): string {
  const totalText = total === null ? '*' : String(total);
  if (total === 0 || lower > upper) return `*/${totalText}`;
  return `${lower}-${upper}/${totalText}`;
}

/** 406 PGRST116 (v13+ wording) when a singular response does not have exactly one row. */
export function singularError(rows: number): RestError {
  return new RestError(406, 'PGRST116', 'Cannot coerce the result to a single JSON object', `The result contains ${rows} rows`);
}

/** `[x]` → `x` for json_agg output holding exactly one element. */
export function unwrapSingle(body: string): string {
  return body.slice(1, -1).trim();
}

export function errorResponse(error: RestError): Response {
  return wholeAnswer(JSON.stringify(error.body()), {
    status: error.status,
    headers: { 'Content-Type': JSON_TYPE, 'Proxy-Status': `PostgREST; error=${error.code}`, ...error.headers },
  });
}

