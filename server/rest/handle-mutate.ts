import { RestError } from './rest-error.ts';
import { contentRange, JSON_TYPE, OBJECT_TYPE, singularError, unwrapSingle } from './response.ts';
import { RollbackWith, type RestRequest, type ResultRow } from './rest-request.ts';
import type { TableInfo } from './schema-cache.ts';
import type { Source } from './sql/field-sql.ts';
import { buildDelete, buildInsert, buildUpdate } from './sql/mutate-sql.ts';
import type { BuildContext } from './sql/select-sql.ts';

type Verb = 'POST' | 'PATCH' | 'DELETE';

/** `Location: /table?pk=eq.value` for return=headers-only (PostgREST builds it from the primary key). */
function locationOf(table: TableInfo, body: string): string | undefined {
  if (table.primaryKey.length === 0) return undefined;
  const rows = JSON.parse(body) as Record<string, unknown>[];
  const first = rows[0];
  if (!first) return undefined;
  const query = table.primaryKey.map((k) => `${encodeURIComponent(k)}=eq.${encodeURIComponent(String(first[k]))}`).join('&');
  return `/${encodeURIComponent(table.name)}?${query}`;
}

/** INSERT / UPSERT (POST), UPDATE (PATCH), DELETE — statuses and headers per supabase-protocol.md §3.4. */
export async function runMutation(req: RestRequest, verb: Verb, ctx: BuildContext, source: Source, table: TableInfo): Promise<Response> {
  const mode = req.prefs.return ?? 'minimal';
  const representation = mode === 'representation' || req.singular;
  const headersOnly = mode === 'headers-only';
  if (headersOnly) ctx.query.select = table.primaryKey.map((name) => ({ kind: 'column', field: { name, json: [] } }));
  const body = verb === 'DELETE' ? undefined : await req.body();
  if (verb !== 'DELETE' && body === undefined) throw new RestError(400, 'PGRST102', 'Empty or invalid json');
  let sql: string | null;
  if (verb === 'POST') sql = buildInsert(ctx, source, table, body, req.prefs, representation || headersOnly);
  else if (verb === 'PATCH') sql = buildUpdate(ctx, source, table, body, representation);
  else sql = buildDelete(ctx, source, table, representation);
  return req.run(false, async (tx) => {
    const row: ResultRow = sql === null ? { body: '[]', page_count: 0, inserted: null } : (await tx.query<ResultRow>(sql)).rows[0];
    const count = row.page_count;
    const { maxAffected } = req.prefs;
    if (maxAffected !== undefined && req.prefs.handling === 'strict' && count > maxAffected) {
      throw new RestError(400, 'PGRST124', 'Query result exceeds max-affected preference constraint', `The query affects ${count} rows`);
    }
    const total = req.prefs.count !== undefined ? count : null;
    const headers: Record<string, string> = {
      'Content-Range': verb === 'PATCH' ? contentRange(0, count - 1, total) : contentRange(1, 0, total),
    };
    let status: number;
    let payload: string | null = null;
    if (verb === 'POST') status = req.prefs.resolution === 'merge-duplicates' && row.inserted === 0 && count > 0 ? 200 : 201;
    else status = representation ? 200 : 204;
    if (headersOnly && row.body) {
      const location = locationOf(table, row.body);
      if (location) headers.Location = location;
    }
    if (representation) {
      payload = row.body ?? '[]';
      if (req.singular) {
        if (count !== 1) throw new RollbackWith(singularError(count));
        payload = unwrapSingle(payload);
      }
      headers['Content-Type'] = req.singular ? OBJECT_TYPE : JSON_TYPE;
      if (verb !== 'POST') status = 200;
    }
    const response = new Response(payload, { status, headers });
    if (req.prefs.tx === 'rollback') throw new RollbackWith(response);
    return response;
  });
}

