import { toMime } from './media-type.ts';
import { badBody } from './rest-error.ts';
import type { RawBody } from './rest-request.ts';

/** A write's body as PostgREST hands it to `json_to_record(set)` (its ApiRequest/Payload.hs). */
export interface WritePayload {
  /** JSON text: the client's own text for a JSON body (so big numbers and duplicate keys arrive as sent). */
  json: string;
  /** The columns written: the body's keys, or `?columns=` for a JSON body; sorted, as PostgREST's set. */
  columns: string[];
}

type JsonObject = Record<string, unknown>;

function isObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

const sortedKeys = (names: Iterable<string>): string[] => [...new Set(names)].sort();

/**
 * PostgREST's payloadAttributes: an object gives its keys; an array of objects gives the first one's
 * keys when every element has exactly those keys (else null: "All object keys must match"); an empty
 * array, or any scalar, becomes an empty array (nothing to insert).
 */
function attributes(json: string, value: unknown): WritePayload | null {
  if (isObject(value)) return { json, columns: sortedKeys(Object.keys(value)) };
  if (!Array.isArray(value) || value.length === 0) return { json: '[]', columns: [] };
  const [first] = value as unknown[];
  if (!isObject(first)) return null;
  const keys = sortedKeys(Object.keys(first));
  const same = (row: unknown): boolean => isObject(row) && sortedKeys(Object.keys(row)).join('\0') === keys.join('\0');
  return (value as unknown[]).every(same) ? { json, columns: keys } : null;
}

/**
 * RFC 4180 records as cassava reads them: `,` between fields, CRLF, LF or CR between records,
 * `"…"` fields with `""` for a quote, blank lines skipped, a final line break optional.
 */
function csvRecords(text: string): string[][] {
  const records: string[][] = [];
  let i = 0;
  const fail = (): never => {
    throw badBody(`parse error (Failed reading: satisfy) at ${JSON.stringify(text.slice(i, i + 20))}`);
  };
  while (i < text.length) {
    const record: string[] = [];
    for (;;) {
      let field = '';
      if (text[i] === '"') {
        i++;
        for (;;) {
          if (i >= text.length) fail();
          if (text[i] === '"') {
            if (text[i + 1] === '"') {
              field += '"';
              i += 2;
              continue;
            }
            i++;
            break;
          }
          field += text[i++];
        }
      } else {
        const start = i;
        while (i < text.length && !',\r\n"'.includes(text[i])) i++;
        if (text[i] === '"') fail();
        field = text.slice(start, i);
      }
      record.push(field);
      if (text[i] === ',') {
        i++;
        continue;
      }
      break;
    }
    if (i < text.length) {
      if (text[i] === '\r' && text[i + 1] === '\n') i += 2;
      else if (text[i] === '\r' || text[i] === '\n') i++;
      else fail();
    }
    if (!(record.length === 1 && record[0] === '')) records.push(record);
  }
  return records;
}

/**
 * A CSV body as PostgREST reads it: the header names the keys, each record pairs them with its
 * fields (cut to the shorter of the two), every value is text and `NULL` is null.
 */
function csvPayload(text: string): WritePayload {
  const [header, ...records] = csvRecords(text);
  if (!header) throw badBody('parse error (not enough input) at ""');
  const rows = records.map((fields) => {
    const row: Record<string, string | null> = {};
    fields.slice(0, header.length).forEach((field, index) => {
      row[header[index]] = field === 'NULL' ? null : field;
    });
    return row;
  });
  const json = JSON.stringify(rows);
  const payload = attributes(json, rows);
  if (!payload) throw badBody('All lines must have same number of fields');
  return payload;
}

/** `a=1&b=x+y`: one object of text values (the last of a repeated key). */
function urlEncodedPayload(text: string): WritePayload {
  const row: Record<string, string> = {};
  for (const [key, value] of new URLSearchParams(text)) row[key] = value;
  return { json: JSON.stringify(row), columns: sortedKeys(Object.keys(row)) };
}

/**
 * The body of a POST or PATCH to a relation. JSON with `?columns=` is passed on unparsed (Postgres
 * then reports what is wrong with it); JSON without, CSV and form bodies give their keys; any other
 * Content-Type is refused as PostgREST refuses it.
 */
export function writePayload(body: RawBody, columns: string[] | undefined): WritePayload {
  switch (body.contentType.kind) {
    case 'json': {
      if (columns !== undefined) return { json: body.text, columns: sortedKeys(columns) };
      let value: unknown;
      try {
        value = JSON.parse(body.text) as unknown;
      } catch {
        throw badBody('Empty or invalid json');
      }
      const payload = attributes(body.text, value);
      if (!payload) throw badBody('All object keys must match');
      return payload;
    }
    case 'csv':
      return csvPayload(body.text);
    case 'urlencoded':
      return urlEncodedPayload(body.text);
    default:
      throw badBody(`Content-Type not acceptable: ${toMime(body.contentType)}`);
  }
}

/** Whether json_to_record (one object) or json_to_recordset applies, by the text's first character, as PostgREST tells. */
export function isJsonObjectText(json: string): boolean {
  return /^[ \t\n\r]*\{/.test(json);
}
