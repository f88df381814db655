import type { Database } from './db/database.ts';
import type { ProjectConfig } from './config/project-config.ts';
import type { ApiKeys } from './gateway/keys.ts';
import type { MailOutbox } from './mail/outbox.ts';

/**
 * Everything a backend service needs, built once per backend by startBackend (start-backend.ts).
 * Services receive it; none of them reads globals.
 */
export interface ServerContext {
  db: Database;
  keys: ApiKeys;
  /**
   * The origin clients use, e.g. http://localhost:54321 (JWT `iss` is `${publicUrl}/auth/v1`, the
   * functions' SUPABASE_URL). Fixed before the app is built: the port is bound first.
   */
  readonly publicUrl: string;
  /** The Supabase project folder: migrations, seed.sql, functions, config.toml. */
  projectDir: string;
  /** Where PGlite and storage files live; null = in memory (tests). */
  dataDir: string | null;
  /** `<projectDir>/config.toml`, validated, CLI defaults filled in. */
  config: ProjectConfig;
  /** Local e-mail: auth mails (confirmation, recovery) and app receipts land here. */
  mail: MailOutbox;
}
