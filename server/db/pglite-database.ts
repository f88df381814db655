import type { PGlite, QueryOptions, Transaction } from '@electric-sql/pglite';
import type { Database, DatabaseQueryOptions, DatabaseResults, DatabaseTransaction } from './database.ts';
import { installExtension } from './extension-bundles.ts';

/** PGlite's query options for ours: raw types become identity parsers. */
export function pgliteQueryOptions(options: DatabaseQueryOptions | undefined): QueryOptions | undefined {
  if (!options?.rawTypes?.length) return undefined;
  return { parsers: Object.fromEntries(options.rawTypes.map((oid) => [oid, (text: string) => text])) };
}

function transactionOf(tx: Transaction): DatabaseTransaction {
  return {
    query: <T>(sql: string, params?: unknown[], options?: DatabaseQueryOptions) =>
      tx.query<T>(sql, params, pgliteQueryOptions(options)) as Promise<DatabaseResults<T>>,
    exec: (sql: string) => tx.exec(sql) as Promise<DatabaseResults[]>,
    rollback: () => tx.rollback(),
  };
}

/**
 * A PGlite on this thread behind the `Database` face: what tests and tools use, and what runs
 * inside the database worker. `onClose` runs once PGlite has closed (releasing a data-dir lock).
 */
export function pgliteDatabase(pglite: PGlite, onClose?: () => Promise<void>): Database {
  let closing: Promise<void> | null = null;
  return {
    engine: 'pglite',
    query: <T>(sql: string, params?: unknown[], options?: DatabaseQueryOptions) =>
      pglite.query<T>(sql, params, pgliteQueryOptions(options)) as Promise<DatabaseResults<T>>,
    exec: (sql: string) => pglite.exec(sql) as Promise<DatabaseResults[]>,
    transaction: <T>(fn: (tx: DatabaseTransaction) => Promise<T>) => pglite.transaction((tx) => fn(transactionOf(tx))),
    listen: async (channel: string, callback: (payload: string) => void) => {
      const unlisten = await pglite.listen(channel, callback);
      return () => unlisten();
    },
    installExtension: (name: string) => installExtension(pglite, name),
    get closed() {
      return pglite.closed;
    },
    close: () =>
      (closing ??= (async () => {
        try {
          if (!pglite.closed) await pglite.close();
        } finally {
          await onClose?.();
        }
      })()),
  };
}
