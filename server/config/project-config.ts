import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { parse as parseToml } from 'smol-toml';
import { z } from 'zod';
import { compileGoHtmlTemplate } from '../auth/go-html-template.ts';

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

/** GoTrue's auth mail templates, as `[auth.email.template.<name>]` names them. */
export const EMAIL_TEMPLATE_NAMES = ['invite', 'confirmation', 'recovery', 'magic_link', 'email_change', 'reauthentication'] as const;
export type EmailTemplateName = (typeof EMAIL_TEMPLATE_NAMES)[number];

/**
 * One auth mail: its subject and its HTML body, a Go template (server/auth/go-html-template.ts).
 * `content_path` is relative to the folder that holds supabase/, as the CLI reads it
 * ("./supabase/templates/recovery.html"); loadProjectConfig reads the file into `content`.
 */
const emailTemplateSchema = z.object({
  subject: z.string().optional(),
  content_path: z.string().optional(),
  content: z.string().optional(),
});

const authEmailSchema = z
  .object({
    enable_signup: z.boolean().default(true),
    double_confirm_changes: z.boolean().default(true),
    enable_confirmations: z.boolean().default(false),
    secure_password_change: z.boolean().default(false),
    max_frequency: z.string().default('1s'),
    template: z
      .record(z.string(), emailTemplateSchema)
      .default({})
      .superRefine((templates, ctx) => {
        for (const name of Object.keys(templates)) {
          if (!(EMAIL_TEMPLATE_NAMES as readonly string[]).includes(name)) {
            ctx.addIssue({ code: 'custom', path: [name], message: `no such auth mail template (${EMAIL_TEMPLATE_NAMES.join(', ')})` });
          }
        }
      }),
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
export type EmailTemplateConfig = z.infer<typeof emailTemplateSchema>;
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

/**
 * `content` is what the CLI makes of `content_path`; in config.toml itself it refuses it, and so
 * does the local backend.
 */
function refuseInlineTemplates(raw: unknown, source: string): void {
  const templates = isPlainObject(raw) && isPlainObject(raw.auth) && isPlainObject(raw.auth.email) ? raw.auth.email.template : undefined;
  if (!isPlainObject(templates)) return;
  for (const [name, template] of Object.entries(templates)) {
    if (isPlainObject(template) && 'content' in template) {
      throw new Error(`Invalid ${source}: auth.email.template.${name}.content: please use content_path instead`);
    }
  }
}

/**
 * Reads each template's content_path (relative to the folder holding the project folder, the
 * CLI's convention for these paths only; absolute afterwards) and compiles subject and body, so a template the local
 * backend cannot render stops it at startup, naming the construct, instead of at the first mail.
 */
async function readEmailTemplates(config: ProjectConfig, projectDir: string, source: string): Promise<void> {
  const root = path.dirname(path.resolve(projectDir));
  for (const [name, template] of Object.entries(config.auth.email.template)) {
    const key = `auth.email.template.${name}`;
    const shownPath = template.content_path ?? 'content';
    if (template.content_path) {
      // Absolute from here on, as the CLI keeps it: a config passed on as overrides still finds its files.
      const file = path.resolve(root, template.content_path);
      template.content_path = file;
      try {
        template.content = await readFile(file, 'utf8');
      } catch (error) {
        throw new Error(`Invalid ${source}: ${key}.content_path: cannot read ${file} (${error instanceof Error ? error.message : String(error)})`, { cause: error });
      }
    }
    try {
      if (template.subject !== undefined) compileGoHtmlTemplate(template.subject, `${key}.subject`);
      if (template.content !== undefined) compileGoHtmlTemplate(template.content, `${key} (${shownPath})`);
    } catch (error) {
      throw new Error(`Invalid ${source}: ${error instanceof Error ? error.message : String(error)}`, { cause: error });
    }
  }
}

/** Reads `<projectDir>/config.toml` (missing file = CLI defaults). */
export async function loadProjectConfig(projectDir: string, overrides: ProjectConfigOverrides = {}): Promise<ProjectConfig> {
  const file = path.join(projectDir, 'config.toml');
  let raw: unknown = {};
  if (existsSync(file)) {
    try {
      raw = parseToml(await readFile(file, 'utf8'));
    } catch (error) {
      throw new Error(`Cannot parse ${file}: ${error instanceof Error ? error.message : String(error)}`, { cause: error });
    }
    refuseInlineTemplates(raw, file);
  }
  const config = parseProjectConfig(raw, overrides, file);
  await readEmailTemplates(config, projectDir, file);
  return config;
}
