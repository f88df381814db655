import { readdirSync } from 'node:fs';
import path from 'node:path';
import { PLATFORM_EXTENSIONS_DIR } from '../platform-extensions.ts';

/**
 * What to do when a real PostgreSQL (`--db-url`) lacks an extension the bootstrap, a migration or
 * the seed creates. A real server's extensions are the files in its share directory, so the backend
 * cannot load one on demand as it does into PGlite.
 *
 * pg_net, pg_cron and supabase_vault are the platform's own SQL versions (server/db/extensions):
 * they are copied there once, as an administrator installs any extension. The backend does not
 * copy them itself even when it could: the share directory belongs to the PostgreSQL installation
 * (every database of that server, and the distribution's packages, see what is put there), and the
 * server at a URL is not necessarily the installation whose files this machine can see (a container
 * publishing its port on localhost, another major version's directory). The test helpers, which
 * own their throwaway cluster, do copy them (server/testing/postgres-cluster.ts).
 */

/** The server's extension directory, from the DETAIL Postgres gives for a missing control file. */
function extensionDirOf(detail: unknown): string | null {
  if (typeof detail !== 'string') return null;
  const match = /control file "(.+)\/[^/]+\.control"/.exec(detail);
  return match?.[1] ?? null;
}

/** The platform's files for `name`, when it is one of the platform's SQL extensions. */
function platformFiles(name: string): string[] {
  return readdirSync(PLATFORM_EXTENSIONS_DIR)
    .filter((file) => file === `${name}.control` || file.startsWith(`${name}--`))
    .sort()
    .map((file) => {
      // Named from the working directory when inside it, as the other start-up messages name files.
      const relative = path.relative(process.cwd(), path.join(PLATFORM_EXTENSIONS_DIR, file));
      return relative.startsWith('..') || path.isAbsolute(relative) ? path.join(PLATFORM_EXTENSIONS_DIR, file) : relative;
    });
}

/** The reason and the remedy, for UnavailableExtensionError's message on a real PostgreSQL. */
export function postgresExtensionAdvice(name: string, error: unknown): string {
  const detail = typeof error === 'object' && error !== null && 'detail' in error ? (error as { detail: unknown }).detail : null;
  const dir = extensionDirOf(detail) ?? '$(pg_config --sharedir)/extension';
  const files = platformFiles(name);
  if (files.length > 0) {
    return (
      `the PostgreSQL server does not have the platform's "${name}" installed. The local backend brings it as SQL: ` +
      `copy ${files.join(' and ')} into ${dir} on the database server (as root or the postgres user, ` +
      `e.g. cp ${files.join(' ')} ${dir}/), then start again.`
    );
  }
  return `the PostgreSQL server does not have extension "${name}" installed (no ${dir}/${name}.control): install its package on the database server (for pgvector on Debian: postgresql-<major>-pgvector), or remove it from the SQL, then start again.`;
}
