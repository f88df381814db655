import type { BodyMedia } from '../media-type.ts';

/**
 * The answer's body, aggregated from rows aliased `"_r"` the way PostgREST's built-in handlers do
 * (SqlFragment.hs): json_agg, json_strip_nulls for `nulls=stripped`, a CSV text whose header is the
 * first row's keys and whose lines are each row's record text without its parentheses (so quoting
 * is Postgres' own record quoting), and a GeoJSON FeatureCollection through PostGIS' ST_AsGeoJSON.
 * `element` is what one row contributes to JSON (a SETOF scalar function's bare column).
 * CSV reads the rows twice (header and lines), so they must come from `"_p"` (see aggregateRows).
 */
function bodySql(media: BodyMedia | null, element: string): string {
  if (media === null) return 'null::text';
  switch (media.kind) {
    case 'json':
      return `coalesce(json_agg(${element}), '[]')::text`;
    case 'array-stripped':
      return `coalesce(json_strip_nulls(json_agg(${element})), '[]')::text`;
    case 'object':
      // Unwrapped from the array by the handler, once it knows there is exactly one row.
      return media.stripped ? `coalesce(json_strip_nulls(json_agg(${element})), '[]')::text` : `coalesce(json_agg(${element}), '[]')::text`;
    case 'geojson':
      return `json_build_object('type', 'FeatureCollection', 'features', coalesce(json_agg(ST_AsGeoJSON("_r")::json), '[]'))::text`;
    case 'csv': {
      const header = `(select coalesce(string_agg(a.k, ','), '') from (select json_object_keys(s.r)::text as k from (select row_to_json(hh) as r from "_p" as hh limit 1) as s) as a)`;
      return `${header} || E'\\n' || coalesce(string_agg(substring("_r"::text, 2, length("_r"::text) - 2), E'\\n'), '')`;
    }
  }
}

/**
 * `select <body> as body, <extra…> from (<rows>) as "_r"`: one row whatever the number of rows
 * (aggregates without GROUP BY). `media` null answers no body (HEAD, return=minimal).
 */
export function aggregateRows(media: BodyMedia | null, rows: string, extra: string[], element = '"_r"'): string {
  const items = [`${bodySql(media, element)} as body`, ...extra].join(', ');
  if (media?.kind !== 'csv') return `select ${items} from (${rows}) as "_r"`;
  // Wrapped so the statement still starts with SELECT: an RPC puts its own WITH in front.
  return `select * from (with "_p" as (${rows}) select ${items} from "_p" as "_r") as "_o"`;
}
