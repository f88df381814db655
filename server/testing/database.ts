/**
 * The database layer without a backend around it, for tests and benchmarks that arrange or measure
 * SQL directly (a bare PGlite with the platform's extensions, a request transaction as REST runs one).
 */
export { openDatabase, openPGlite, pgliteExtensions } from '../db/open-database.ts';
export { pgliteDatabase } from '../db/pglite-database.ts';
export type { Database, DatabaseTransaction } from '../db/database.ts';
export { runMigrations } from '../db/migrate.ts';
export { PLATFORM_EXTENSIONS_DIR } from '../db/platform-extensions.ts';
export { readInRequestTransaction, withRequestTransaction, type RequestContext } from '../db/request-transaction.ts';
