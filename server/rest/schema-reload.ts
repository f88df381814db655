import type { PGlite } from '@electric-sql/pglite';
import { loadSchemaCache, type SchemaCache } from './schema-cache.ts';

/**
 * Keeps the schema cache fresh the way hosted Supabase does: an event trigger sends
 * `NOTIFY pgrst, 'reload schema'` after every DDL command, and we LISTEN on `pgrst`.
 * A notification only marks the cache stale; the next request reloads it. This costs
 * nothing per request (no catalog query), unlike a fingerprint check.
 */
export class SchemaCacheHolder {
  private cache: Promise<SchemaCache> | null = null;
  private ready: Promise<void> | null = null;

  private readonly db: PGlite;
  private readonly schemas: string[];

  constructor(db: PGlite, schemas: string[]) {
    this.db = db;
    this.schemas = schemas;
  }

  /** Install the DDL watch (idempotent) and subscribe; safe to call many times. */
  private setup(): Promise<void> {
    this.ready ??= (async () => {
      await this.db.exec(`
        create or replace function extensions.pgrst_ddl_watch() returns event_trigger
          language plpgsql as $$ begin notify pgrst, 'reload schema'; end $$;
        do $$ begin
          if not exists (select 1 from pg_event_trigger where evtname = 'pgrst_ddl_watch') then
            create event trigger pgrst_ddl_watch on ddl_command_end execute function extensions.pgrst_ddl_watch();
          end if;
          if not exists (select 1 from pg_event_trigger where evtname = 'pgrst_drop_watch') then
            create event trigger pgrst_drop_watch on sql_drop execute function extensions.pgrst_ddl_watch();
          end if;
        end $$;`);
      await this.db.listen('pgrst', () => this.invalidate());
    })();
    return this.ready;
  }

  invalidate(): void {
    this.cache = null;
  }

  async get(): Promise<SchemaCache> {
    await this.setup();
    if (!this.cache) {
      const loading = loadSchemaCache(this.db, this.schemas);
      this.cache = loading;
      loading.catch(() => {
        if (this.cache === loading) this.cache = null;
      });
    }
    return this.cache;
  }
}
