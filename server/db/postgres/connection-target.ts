import pg from 'pg';

/** Where a `--db-url` points, as messages name it: never with its password. */
export interface ConnectionTarget {
  host: string;
  port: number;
  database: string;
  user: string;
  /** `postgres://user@host:port/database`, for messages and the banner. */
  display: string;
}

/**
 * The server, database and user a URL resolves to, with pg's own defaults (PGHOST, PGUSER, … and
 * the local socket) filled in, read from an unconnected client so they are exactly what pg uses.
 */
export function connectionTarget(url: string): ConnectionTarget {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw new Error('The database URL is not a URL: give it as postgres://user[:password]@host[:port]/database');
  }
  if (parsed.protocol !== 'postgres:' && parsed.protocol !== 'postgresql:') {
    throw new Error(`The database URL must start with postgres:// or postgresql://, not ${parsed.protocol}//`);
  }
  const client = new pg.Client({ connectionString: url });
  const host = client.host;
  const port = client.port;
  const database = client.database ?? client.user ?? 'postgres';
  const user = client.user ?? '';
  const where = host.startsWith('/') ? `${encodeURIComponent(host)}:${port}` : `${host.includes(':') ? `[${host}]` : host}:${port}`;
  return { host, port, database, user, display: `postgres://${user ? `${encodeURIComponent(user)}@` : ''}${where}/${encodeURIComponent(database)}` };
}

/** Network failures pg reports with a Node error code. */
const NETWORK: Record<string, string> = {
  ECONNREFUSED: 'connection refused: is PostgreSQL running and listening there?',
  ENOTFOUND: 'host not found',
  EAI_AGAIN: 'host name lookup failed',
  ETIMEDOUT: 'timed out',
  EHOSTUNREACH: 'host unreachable',
  ECONNRESET: 'the server closed the connection',
  ENOENT: 'no server socket there: is PostgreSQL running?',
};

/** SQLSTATEs of a refused connection, said in terms of what to do. */
const REFUSED: Record<string, (target: ConnectionTarget) => string> = {
  '28P01': (target) => `password authentication failed for user "${target.user}"`,
  '28000': (target) => `the server does not let user "${target.user}" in (pg_hba.conf)`,
  '3D000': (target) => `database "${target.database}" does not exist: create it first (createdb ${target.database})`,
  '53300': () => 'the server has no connection slot left (max_connections)',
  '57P03': () => 'the server is starting up or shutting down',
};

/** Thrown when the database at a URL cannot be reached or refuses the connection. */
export class PostgresConnectionError extends Error {
  readonly target: ConnectionTarget;

  constructor(target: ConnectionTarget, cause: unknown) {
    super(`Cannot connect to PostgreSQL at ${target.display}: ${reason(target, cause)}`, { cause });
    this.name = 'PostgresConnectionError';
    this.target = target;
  }
}

function reason(target: ConnectionTarget, cause: unknown): string {
  const code = typeof cause === 'object' && cause !== null && 'code' in cause ? String((cause as { code: unknown }).code) : '';
  const refused = REFUSED[code];
  if (refused) return refused(target);
  const network = NETWORK[code];
  if (network) return network;
  const message = cause instanceof Error ? cause.message : String(cause);
  // pg's own messages never carry the password, but a URL echoed back in one might.
  return message.replace(/\/\/([^:/@\s]+):[^@\s]*@/g, '//$1@');
}
