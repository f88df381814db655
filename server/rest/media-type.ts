import { RestError } from './rest-error.ts';

/**
 * Media types as PostgREST 12–14 reads them (its MediaType.hs): the Accept header picks the
 * response's format, Content-Type the request body's. Everything here answers what PostgREST answers,
 * including its 406 texts, which name each accepted type in PostgREST's own spelling.
 */
export type MediaType =
  | { kind: 'json' }
  | { kind: 'geojson' }
  | { kind: 'csv' }
  | { kind: 'text' }
  | { kind: 'xml' }
  | { kind: 'openapi' }
  | { kind: 'urlencoded' }
  | { kind: 'octet-stream' }
  | { kind: 'any' }
  | { kind: 'other'; text: string }
  | { kind: 'array-stripped' }
  | { kind: 'object'; stripped: boolean }
  | { kind: 'plan'; for: MediaType; format: 'json' | 'text'; options: string[] };

/** What a read or a representation's rows can be aggregated into (the built-in handlers of every relation and function). */
export type BodyMedia =
  | { kind: 'json' }
  | { kind: 'array-stripped' }
  | { kind: 'object'; stripped: boolean }
  | { kind: 'csv' }
  | { kind: 'geojson' };

/** EXPLAIN of the statement that would answer in `body` (`for` as the client wrote it, for Content-Type). */
export interface PlanMedia {
  kind: 'plan';
  body: BodyMedia;
  for: MediaType;
  format: 'json' | 'text';
  options: string[];
}

/** What a request is answered as: rows in a body media, or (db-plan-enabled) the plan of the statement. */
export type ResponseMedia = BodyMedia | PlanMedia;

export const JSON_MEDIA: BodyMedia = { kind: 'json' };

const PLAN_OPTIONS = ['analyze', 'verbose', 'settings', 'buffers', 'wal'];

export function toMime(media: MediaType): string {
  switch (media.kind) {
    case 'json':
      return 'application/json';
    case 'array-stripped':
      return 'application/vnd.pgrst.array+json;nulls=stripped';
    case 'geojson':
      return 'application/geo+json';
    case 'csv':
      return 'text/csv';
    case 'text':
      return 'text/plain';
    case 'xml':
      return 'text/xml';
    case 'openapi':
      return 'application/openapi+json';
    case 'object':
      return media.stripped ? 'application/vnd.pgrst.object+json;nulls=stripped' : 'application/vnd.pgrst.object+json';
    case 'urlencoded':
      return 'application/x-www-form-urlencoded';
    case 'octet-stream':
      return 'application/octet-stream';
    case 'any':
      return '*/*';
    case 'other':
      return media.text;
    case 'plan': {
      const options = media.options.length > 0 ? `; options=${media.options.join('|')}` : '';
      return `application/vnd.pgrst.plan+${media.format}; for="${toMime(media.for)}"${options}`;
    }
  }
}

/** The Content-Type header for an answer in `media` (PostgREST adds the charset to all but raw types). */
export function contentTypeOf(media: ResponseMedia): string {
  return `${toMime(media)}; charset=utf-8`;
}

interface Tokens {
  type: string;
  subtype: string;
  params: Map<string, string>;
}

const ALNUM = /[\p{L}\p{N}]/u;

/**
 * `type/subtype; key=value; key="quoted"`, read as far as it is well formed (PostgREST's parser
 * stops at the first thing it does not understand and keeps what it read). Parameter names are
 * case-insensitive, values are not.
 */
function tokenize(text: string): Tokens | null {
  let i = 0;
  const take = (allowed: (ch: string) => boolean): string => {
    const start = i;
    while (i < text.length && allowed(text[i])) i++;
    return text.slice(start, i);
  };
  const type = take((ch) => ALNUM.test(ch) || ch === '.' || ch === '*');
  if (type === '' || text[i] !== '/') return null;
  i++;
  const subtype = take((ch) => ALNUM.test(ch) || '.*+-'.includes(ch));
  if (subtype === '') return null;
  const params = new Map<string, string>();
  const spaces = (): void => void take((ch) => /\s/.test(ch));
  for (;;) {
    const save = i;
    spaces();
    if (text[i] !== ';') {
      i = save;
      break;
    }
    i++;
    spaces();
    const key = take((ch) => ALNUM.test(ch) || ch === '-');
    spaces();
    if (key === '' || text[i] !== '=') {
      i = save;
      break;
    }
    i++;
    spaces();
    let value: string;
    if (text[i] === '"' && text.indexOf('"', i + 1) > i) {
      const end = text.indexOf('"', i + 1);
      value = text.slice(i + 1, end);
      i = end + 1;
    } else {
      value = take((ch) => ALNUM.test(ch) || ch === '|' || ch === '-');
      if (value === '') {
        i = save;
        break;
      }
    }
    params.set(key.toLowerCase(), value);
  }
  return { type, subtype, params };
}

/** One media type, as PostgREST's decodeMediaType reads it (unknown ones keep their text for the 406). */
export function decodeMediaType(text: string): MediaType {
  const tokens = tokenize(text);
  if (!tokens) return { kind: 'other', text };
  const { params } = tokens;
  const stripped = params.get('nulls') === 'stripped';
  const plan = (format: 'json' | 'text'): MediaType => {
    const options = (params.get('options') ?? '').split('|');
    return { kind: 'plan', for: decodeMediaType(params.get('for') ?? 'application/json'), format, options: PLAN_OPTIONS.filter((o) => options.includes(o)) };
  };
  switch (`${tokens.type.toLowerCase()}/${tokens.subtype.toLowerCase()}`) {
    case 'application/json':
      return { kind: 'json' };
    case 'application/geo+json':
      return { kind: 'geojson' };
    case 'text/csv':
      return { kind: 'csv' };
    case 'text/plain':
      return { kind: 'text' };
    case 'text/xml':
      return { kind: 'xml' };
    case 'application/openapi+json':
      return { kind: 'openapi' };
    case 'application/x-www-form-urlencoded':
      return { kind: 'urlencoded' };
    case 'application/octet-stream':
      return { kind: 'octet-stream' };
    case 'application/vnd.pgrst.plan':
    case 'application/vnd.pgrst.plan+text':
      return plan('text');
    case 'application/vnd.pgrst.plan+json':
      return plan('json');
    case 'application/vnd.pgrst.object+json':
    case 'application/vnd.pgrst.object':
      return { kind: 'object', stripped };
    case 'application/vnd.pgrst.array+json':
    case 'application/vnd.pgrst.array':
      return stripped ? { kind: 'array-stripped' } : { kind: 'json' };
    case '*/*':
      return { kind: 'any' };
    default:
      return { kind: 'other', text };
  }
}

/** Haskell's `reads` for a Double: a leading number, else the default quality 1. */
function quality(text: string): number {
  const match = /^\d+(\.\d+)?([eE][+-]?\d+)?/.exec(text);
  return match ? Number(match[0]) : 1;
}

/**
 * The Accept header's entries, most preferred first, as wai's parseHttpAccept orders them: spaces
 * dropped, `;q=` cut off, sorted by quality and then by specificity (parameters count up, `*` down);
 * ties keep their order. An empty header lists nothing.
 */
export function parseAccept(header: string): MediaType[] {
  if (header === '') return [];
  const entries = header.split(',').map((raw, index) => {
    const compact = raw.replaceAll(' ', '');
    const cut = compact.indexOf(';q=');
    const text = cut === -1 ? compact : compact.slice(0, cut);
    const q = cut === -1 ? 1 : quality(compact.slice(cut + 3).split(';')[0]);
    const specificity = (text.match(/;/g)?.length ?? 0) - (text.match(/\*/g)?.length ?? 0);
    return { text, q, specificity, index };
  });
  entries.sort((a, b) => b.q - a.q || b.specificity - a.specificity || a.index - b.index);
  return entries.map((e) => decodeMediaType(e.text));
}

/** The body media a type is produced in, if it is one this server produces. */
function bodyMediaOf(media: MediaType): BodyMedia | undefined {
  switch (media.kind) {
    case 'any':
    case 'json':
      return JSON_MEDIA;
    case 'csv':
    case 'geojson':
    case 'array-stripped':
    case 'object':
      return media;
    default:
      return undefined;
  }
}

/**
 * The first accepted type this server produces for relations and functions: JSON (also for `*\/*`),
 * CSV, GeoJSON and the vendored array / object types; with `db-plan-enabled` (the in-database
 * `pgrst.db_plan_enabled`), also the plan of the statement for any of those. With it off (the
 * default, and hosted Supabase's), a plan type matches nothing, as there.
 */
export function negotiateMedia(accept: string | undefined, planEnabled = false): ResponseMedia {
  const accepts = accept === undefined ? [{ kind: 'any' } as const] : parseAccept(accept);
  for (const media of accepts) {
    if (media.kind === 'plan') {
      const body = planEnabled ? bodyMediaOf(media.for) : undefined;
      if (body) return { ...media, body };
      continue;
    }
    const body = bodyMediaOf(media);
    if (body) return body;
  }
  throw new RestError(406, 'PGRST107', `None of these media types are available: ${accepts.map(toMime).join(', ')}`);
}
