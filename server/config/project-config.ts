import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { parse as parseToml } from 'smol-toml';
import { z } from 'zod';

/**
 * The parts of supabase/config.toml the local backend honours. Field names are the
 * TOML keys; defaults are the Supabase CLI's (`supabase init` template), except where
 * noted. Unknown keys are ignored, like the CLI ignores keys for services we do not run.
 */
const passwordRequirements = z.enum([
  '',
  'letters_digits',
  'lower_upper_letters_digits',
  'lower_upper_letters_digits_symbols',
]);

const rateLimitSchema = z
  .object({
    /** Emails per hour, whole instance (GoTrue RATE_LIMIT_EMAIL_SENT). */
    email_sent: z.number().int().nonnegative().default(2),
    /** Anonymous sign-ins per hour per IP. */
    anonymous_users: z.number().int().nonnegative().default(30),
    /** Refresh-token grants per 5 minutes per IP. */
    token_refresh: z.number().int().nonnegative().default(150),
    /** Sign-ups and sign-ins per 5 minutes per IP. */
    sign_in_sign_ups: z.number().int().nonnegative().default(30),
    /** OTP / link verifications per 5 minutes per IP. */
    token_verifications: z.number().int().nonnegative().default(30),
  })
  .prefault({});

const authEmailSchema = z
  .object({
    enable_signup: z.boolean().default(true),
    double_confirm_changes: z.boolean().default(true),
    enable_confirmations: z.boolean().default(false),
    secure_password_change: z.boolean().default(false),
    max_frequency: z.string().default('1s'),
  })
  .prefault({});

/** `pg-functions://<host, ignored>/<schema>/<function>`: the hook URIs GoTrue runs in Postgres. */
export const PG_FUNCTION_HOOK = /^pg-functions:\/\/[^/]+\/([^/]+)\/([^/]+)$/;

const authSchema = z
  .object({
    enabled: z.boolean().default(true),
    site_url: z.string().default('http://127.0.0.1:3000'),
    additional_redirect_urls: z.array(z.string()).default([]),
    jwt_expiry: z.number().int().positive().max(604800).default(3600),
    enable_refresh_token_rotation: z.boolean().default(true),
    refresh_token_reuse_interval: z.number().int().nonnegative().default(10),
    enable_signup: z.boolean().default(true),
    enable_anonymous_sign_ins: z.boolean().default(false),
    minimum_password_length: z.number().int().min(6).default(6),
    password_requirements: passwordRequirements.default(''),
    rate_limit: rateLimitSchema,
    email: authEmailSchema,
    hook: z
      .object({
        custom_access_token: z
          .object({ enabled: z.boolean().default(false), uri: z.string().default(''), secrets: z.string().optional() })
          .refine((hook) => !hook.enabled || PG_FUNCTION_HOOK.test(hook.uri), {
            path: ['uri'],
            message: 'the local backend runs Postgres function hooks only (pg-functions://postgres/<schema>/<function>); HTTP hooks need hosted Auth or the CLI stack',
          })
          .prefault({}),
      })
      .prefault({}),
  })
  .prefault({});

const functionSchema = z.object({
  enabled: z.boolean().default(true),
  verify_jwt: z.boolean().default(true),
  import_map: z.string().optional(),
  entrypoint: z.string().optional(),
});

/** "50MiB" | "1GB" | 1024 → bytes (the CLI accepts both forms). */
const sizeSchema = z.union([z.number().int().nonnegative(), z.string()]).transform((value, ctx) => {
  if (typeof value === 'number') return value;
  const match = value.trim().match(/^(\d+(?:\.\d+)?)\s*(B|KB|KiB|MB|MiB|GB|GiB)?$/i);
  if (!match) {
    ctx.addIssue({ code: 'custom', message: `invalid size "${value}"` });
    return z.NEVER;
  }
  const units: Record<string, number> = {
    b: 1, kb: 1000, kib: 1024, mb: 1000 ** 2, mib: 1024 ** 2, gb: 1000 ** 3, gib: 1024 ** 3,
  };
  return Math.round(Number(match[1]) * units[(match[2] ?? 'b').toLowerCase()]);
});

const bucketSchema = z.object({
  public: z.boolean().default(false),
  file_size_limit: sizeSchema.optional(),
  allowed_mime_types: z.array(z.string()).optional(),
  objects_path: z.string().optional(),
});

const storageSchema = z
  .object({
    enabled: z.boolean().default(true),
    file_size_limit: sizeSchema.default(50 * 1024 * 1024),
    buckets: z.record(z.string(), bucketSchema).default({}),
  })
  .prefault({});

/**
 * [api]: what the CLI hands PostgREST as db-schemas, db-extra-search-path and db-max-rows. A schema
 * that does not exist (graphql_public, on a project without pg_graphql) simply exposes nothing.
 */
const apiSchema = z
  .object({
    enabled: z.boolean().default(true),
    /** Exposed through /rest/v1 (Accept-Profile / Content-Profile); the first is the default. */
    schemas: z.array(z.string().min(1)).min(1, 'expose at least one schema').default(['public', 'graphql_public']),
    /** Appended after the request's schema to the search_path of every API request. */
    extra_search_path: z.array(z.string().min(1)).default(['public', 'extensions']),
    max_rows: z.number().int().nonnegative().default(1000),
  })
  .prefault({});

export const projectConfigSchema = z.object({
  project_id: z.string().default('local'),
  api: apiSchema,
  auth: authSchema,
  storage: storageSchema,
  functions: z.record(z.string(), functionSchema).default({}),
});

export type ProjectConfig = z.infer<typeof projectConfigSchema>;
export type ApiConfig = ProjectConfig['api'];
export type AuthConfig = ProjectConfig['auth'];
export type RateLimitConfig = AuthConfig['rate_limit'];
export type PasswordRequirements = z.infer<typeof passwordRequirements>;

/** Deeply partial overrides (tests: `{ auth: { email: { enable_confirmations: true } } }`). */
export type DeepPartial<T> = T extends unknown[] ? T : T extends object ? { [K in keyof T]?: DeepPartial<T[K]> } : T;
export type ProjectConfigOverrides = DeepPartial<ProjectConfig>;

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function deepMerge(base: Record<string, unknown>, patch: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = { ...base };
  for (const [key, value] of Object.entries(patch)) {
    if (value === undefined) continue;
    out[key] = isPlainObject(value) && isPlainObject(out[key]) ? deepMerge(out[key], value) : value;
  }
  return out;
}

/** Validates raw TOML data (plus overrides) into a typed config; throws a readable Error. */
export function parseProjectConfig(raw: unknown, overrides: ProjectConfigOverrides = {}, source = 'config.toml'): ProjectConfig {
  const merged = deepMerge(isPlainObject(raw) ? raw : {}, overrides as Record<string, unknown>);
  const parsed = projectConfigSchema.safeParse(merged);
  if (!parsed.success) {
    const issues = parsed.error.issues.map((issue) => `${issue.path.join('.') || '(root)'}: ${issue.message}`);
    throw new Error(`Invalid ${source}: ${issues.join('; ')}`);
  }
  return parsed.data;
}

/** Reads `<projectDir>/config.toml` (missing file = CLI defaults). */
export async function loadProjectConfig(projectDir: string, overrides: ProjectConfigOverrides = {}): Promise<ProjectConfig> {
  const file = path.join(projectDir, 'config.toml');
  if (!existsSync(file)) return parseProjectConfig({}, overrides, file);
  let raw: unknown;
  try {
    raw = parseToml(await readFile(file, 'utf8'));
  } catch (error) {
    throw new Error(`Cannot parse ${file}: ${error instanceof Error ? error.message : String(error)}`, { cause: error });
  }
  return parseProjectConfig(raw, overrides, file);
}
