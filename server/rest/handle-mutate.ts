import { columnDefaults } from './column-defaults.ts';
import { contentTypeOf } from './media-type.ts';
import { writePayload } from './request-payload.ts';
import { RestError } from './rest-error.ts';
import { contentRange, singularError, unwrapSingle } from './response.ts';
import { withinResponseCap } from './response-cap.ts';
import { locationOf, preferenceApplied } from './response-headers.ts';
import { RollbackWith, type RestRequest, type ResultRow } from './rest-request.ts';
import type { TableInfo } from './schema-cache.ts';
import type { Source } from './sql/field-sql.ts';
import { buildDelete, buildInsert, buildUpdate, type MutationOutput } from './sql/mutate-sql.ts';
import { explainStatement, planResponse } from './plan-response.ts';
import type { BuildContext } from './sql/select-sql.ts';
import { wholeAnswer } from '../lib/whole-answer.ts';

type Verb = 'POST' | 'PATCH' | 'DELETE';

interface MutationRow extends ResultRow {
  location?: string[] | null;
}

/**
 * INSERT / UPSERT (POST), UPDATE (PATCH), DELETE, answered as PostgREST answers them: 201 (200 for
 * an upsert that only updated) or 200 / 204, the body only with return=representation (in the
 * negotiated media), Location for return=headers-only when one row was created, Content-Range with
 * a total for count=exact|estimated, Preference-Applied, and the singular type's one-row check.
 */
export async function runMutation(req: RestRequest, verb: Verb, ctx: BuildContext, source: Source, table: TableInfo): Promise<Response> {
  const mode = req.prefs.return;
  const representation = mode === 'representation';
  const payload = verb === 'DELETE' ? null : writePayload(await req.payload(), ctx.query.columns);
  const plan = req.media.kind === 'plan' ? req.media : undefined;
  const out: MutationOutput = {
    media: representation ? (req.media.kind === 'plan' ? req.media.body : req.media) : null,
    location: verb === 'POST' && mode === 'headers-only',
    countInserted: verb === 'POST' && req.prefs.resolution === 'merge-duplicates',
  };
  return req.run(false, async (tx) => {
    const defaults = payload && payload.columns.length > 0 && req.prefs.missing === 'default' ? await columnDefaults(tx, req.cache, table) : null;
    let sql: string | null;
    if (verb === 'POST' && payload) sql = buildInsert(ctx, source, table, payload, req.prefs, defaults, out);
    else if (verb === 'PATCH' && payload) sql = buildUpdate(ctx, source, table, payload, defaults, out);
    else sql = buildDelete(ctx, source, table, out);
    if (plan) {
      // The plan of the statement (run only with `options=analyze`), committed unless tx=rollback.
      const response = planResponse(plan, await explainStatement(tx, plan, sql ?? 'select null'), req.head);
      if (req.prefs.tx === 'rollback') throw new RollbackWith(response);
      return response;
    }
    const row: MutationRow = sql === null ? { body: '[]', page_count: 0, inserted: null } : (await tx.query<MutationRow>(sql)).rows[0];
    const count = row.page_count;
    if (req.singular && count !== 1) throw new RollbackWith(singularError(count));
    const { maxAffected } = req.prefs;
    if (verb !== 'POST' && maxAffected !== undefined && req.prefs.handling === 'strict' && count > maxAffected) {
      throw new RestError(400, 'PGRST124', 'Query result exceeds max-affected preference constraint', `The query affects ${count} rows`);
    }
    const counted = req.prefs.count === 'exact' || req.prefs.count === 'estimated';
    const total = counted ? count : null;
    const headers: Record<string, string> = {};
    if (out.location && count === 1 && row.location && row.location.length > 0) headers.Location = locationOf(table.name, row.location);
    headers['Content-Range'] = verb === 'PATCH' ? contentRange(0, count - 1, total) : contentRange(1, 0, total);
    Object.assign(
      headers,
      preferenceApplied(req.prefs, {
        resolution: verb === 'POST' && (table.primaryKey.length > 0 || ctx.query.onConflict !== undefined),
        missing: verb !== 'DELETE',
        return: true,
        maxAffected: verb !== 'POST',
      }),
    );
    let status: number;
    // merge-duplicates: 201 only when a row was inserted (PostgREST counts them in pgrst.inserted).
    if (verb === 'POST') status = out.countInserted && (row.inserted ?? 0) <= 0 ? 200 : 201;
    else status = representation ? 200 : 204;
    let payloadText: string | null = null;
    if (representation) {
      payloadText = row.body ?? '[]';
      if (req.singular) payloadText = unwrapSingle(payloadText);
      // Thrown inside the transaction: a write whose representation is refused is rolled back.
      payloadText = withinResponseCap(payloadText, req.options);
      headers['Content-Type'] = contentTypeOf(req.media);
    }
    const response = wholeAnswer(payloadText, { status, headers });
    if (req.prefs.tx === 'rollback') throw new RollbackWith(response);
    return response;
  });
}
