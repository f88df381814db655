import type { Database } from '../db/database.ts';

/** `statement_timeout` as Postgres reads it: a number with an optional unit, milliseconds by default; 0 is none. */
export function parseTimeoutMs(value: string): number | null {
  const match = /^\s*(\d+(?:\.\d+)?)\s*(us|ms|s|min|h|d)?\s*$/.exec(value);
  if (!match) return null;
  const factor = { us: 0.001, ms: 1, s: 1000, min: 60_000, h: 3_600_000, d: 86_400_000 }[match[2] ?? 'ms'] ?? 1;
  const ms = Number(match[1]) * factor;
  return ms > 0 ? ms : null;
}

/**
 * Each API role's `statement_timeout` from the database (`alter role … set`), as PostgREST applies
 * the impersonated role's settings since v11.1; a role without one inherits the authenticator's
 * (service_role, as on hosted Supabase). Read with the schema cache, so `NOTIFY pgrst` refreshes it.
 */
export async function loadRoleTimeouts(db: Database): Promise<Map<string, number>> {
  const { rows } = await db.query<{ role: string; setting: string }>(
    `select r.rolname as role, split_part(item, '=', 2) as setting
       from pg_db_role_setting s
       join pg_roles r on r.oid = s.setrole
       cross join lateral unnest(s.setconfig) as item
      where s.setdatabase in (0, (select oid from pg_database where datname = current_database()))
        and split_part(item, '=', 1) = 'statement_timeout'
      order by s.setdatabase`,
  );
  const configured = new Map<string, number | null>();
  // Ordered so a database-specific setting (setdatabase ≠ 0) overrides the all-databases one.
  for (const row of rows) configured.set(row.role, parseTimeoutMs(row.setting));
  const timeouts = new Map<string, number>();
  for (const role of ['anon', 'authenticated', 'service_role']) {
    const ms = configured.has(role) ? configured.get(role) : configured.get('authenticator');
    if (ms) timeouts.set(role, ms);
  }
  return timeouts;
}

/**
 * `alter role <role> set <name> = …` values, as PostgREST's in-database configuration reads its
 * `pgrst.*` settings from the authenticator role (reloaded with the schema cache on NOTIFY pgrst);
 * one query for all the names, a database-specific value winning over the all-databases one.
 */
export async function loadRoleSettings(db: Database, role: string, names: string[]): Promise<Map<string, string>> {
  const { rows } = await db.query<{ name: string; value: string }>(
    `select split_part(item, '=', 1) as name, substr(item, strpos(item, '=') + 1) as value
       from pg_db_role_setting s
       join pg_roles r on r.oid = s.setrole
       cross join lateral unnest(s.setconfig) as item
      where r.rolname = $1 and split_part(item, '=', 1) = any($2)
        and s.setdatabase in (0, (select oid from pg_database where datname = current_database()))
      order by s.setdatabase`,
    [role, names],
  );
  return new Map(rows.map((row) => [row.name, row.value]));
}

/**
 * The role's statement timeout as a condition the generated SQL checks for every row it reads, at
 * every level of embedding. PGlite runs queries on the server's only thread and has no timer to
 * cancel them, so this check is what stops one request from holding every other one; it raises
 * what a real timeout raises (57014), which PostgREST answers with 500 as hosted Supabase does.
 * On a real PostgreSQL (`--db-url`) the request transaction sets the role's timeout instead and
 * Postgres cancels the statement itself, with the same 57014; this check is not added there.
 */
export function deadlineCondition(timeoutMs: number | undefined): string | undefined {
  if (timeoutMs === undefined) return undefined;
  return `(case when clock_timestamp() > statement_timestamp() + interval '${Math.round(timeoutMs)} milliseconds' then _local_rest.statement_timeout() else true end)`;
}
