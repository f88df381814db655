import type { Database } from './database.ts';
import { INSTALL_LOCK_SQL } from './install-lock.ts';

/**
 * The one DDL watch hosted Supabase installs for PostgREST: an event trigger that sends
 * `NOTIFY pgrst, 'reload schema'` after every DDL command and every drop. Every service that
 * caches what it read from the catalog (REST's schema cache, Realtime's table shapes) keeps it
 * here, so one notification — from a migration, from `notify pgrst` in SQL, from anything —
 * stales all of them at once.
 */
const WATCH_SQL = /* sql */ `
${INSTALL_LOCK_SQL}
-- The platform bootstrap makes it; a bare database (some tests) may not have it yet.
create schema if not exists extensions;
create or replace function extensions.pgrst_ddl_watch() returns event_trigger
  language plpgsql as $$ begin notify pgrst, 'reload schema'; end $$;
do $$ begin
  if not exists (select 1 from pg_event_trigger where evtname = 'pgrst_ddl_watch') then
    create event trigger pgrst_ddl_watch on ddl_command_end execute function extensions.pgrst_ddl_watch();
  end if;
  if not exists (select 1 from pg_event_trigger where evtname = 'pgrst_drop_watch') then
    create event trigger pgrst_drop_watch on sql_drop execute function extensions.pgrst_ddl_watch();
  end if;
end $$;`;

export const CATALOG_CHANNEL = 'pgrst';

/**
 * Memoised catalog reads for one database, cleared together when the DDL watch fires. A value is
 * loaded on first use after a change, never per request; a load that fails is forgotten so the
 * next caller tries again.
 */
export class CatalogCache {
  readonly #db: Database;
  readonly #entries = new Map<string, Promise<unknown>>();
  #watching: Promise<void> | null = null;

  constructor(db: Database) {
    this.#db = db;
  }

  /** Installs the event triggers (idempotent) and listens; every read awaits it once. */
  watch(): Promise<void> {
    this.#watching ??= (async () => {
      await this.#db.exec(WATCH_SQL);
      await this.#db.listen(CATALOG_CHANNEL, () => this.invalidate());
    })();
    return this.#watching;
  }

  invalidate(): void {
    this.#entries.clear();
  }

  /** The value under `key`, loading it with `load` unless a load since the last DDL is cached. */
  async read<T>(key: string, load: (db: Database) => Promise<T>): Promise<T> {
    await this.watch();
    const cached = this.#entries.get(key) as Promise<T> | undefined;
    if (cached) return cached;
    const loading = load(this.#db);
    this.#entries.set(key, loading);
    loading.catch(() => {
      if (this.#entries.get(key) === loading) this.#entries.delete(key);
    });
    return loading;
  }
}

const caches = new WeakMap<Database, CatalogCache>();

/** The database's one catalog cache, shared by every service that reads the catalog. */
export function catalogCacheOf(db: Database): CatalogCache {
  let cache = caches.get(db);
  if (!cache) {
    cache = new CatalogCache(db);
    caches.set(db, cache);
  }
  return cache;
}
