import type { Context } from 'hono';
import { z } from 'zod';
import { jsonNestsDeeperThan } from '../lib/json-depth.ts';
import { storageErrors } from './storage-error.ts';

/**
 * Request bodies and metadata the storage routes read, validated before use: a wrong type used
 * to reach `.replace` / `JSON.parse` unchecked and answer 500 (issue 16). Hosted storage checks
 * bodies with JSON schemas and answers 400 naming the field (`body/prefix must be string`); so
 * do these, in storage's error shape.
 */

/** The value at `path` inside `input`, or undefined where the path leads nowhere. */
function valueAt(input: unknown, path: readonly PropertyKey[]): unknown {
  let value = input;
  for (const key of path) {
    if (typeof value !== 'object' || value === null) return undefined;
    const next: unknown = Reflect.get(value, key);
    value = next;
  }
  return value;
}

/**
 * Why the body failed, ajv-style as hosted storage words it: `body/<path> must be <type>`, or
 * `body must have required property '<name>'` when the field is missing.
 */
function issueText(error: z.ZodError, input: unknown): string {
  const issue = error.issues[0];
  const path = issue?.path ?? [];
  const where = ['body', ...path.map(String)].join('/');
  const key = path.at(-1);
  if (issue?.code === 'invalid_type' && typeof key === 'string' && valueAt(input, path) === undefined) {
    return `${['body', ...path.slice(0, -1).map(String)].join('/')} must have required property '${key}'`;
  }
  if (issue?.code === 'invalid_type') return `${where} must be ${issue.expected}`;
  if (issue?.code === 'too_small' && issue.origin === 'array') return `${where} must NOT have fewer than ${String(issue.minimum)} items`;
  return `${where} ${issue?.message ?? 'is invalid'}`;
}

/** JSON text as a value: 400 when it is not JSON, or nests deeper than anything stored could. */
export function parseJsonText(text: string, what: string): unknown {
  if (jsonNestsDeeperThan(text)) throw storageErrors.invalidRequest(`${what} nests too deeply`);
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw storageErrors.invalidRequest(`${what} is not valid JSON`);
  }
}

/** The request body as JSON (an empty body is `{}`, as the routes always treated it), checked against `schema`. */
async function readValidBody<T extends z.ZodType>(c: Context, schema: T, message?: string): Promise<z.infer<T>> {
  const text = await c.req.text();
  const input = text.trim() === '' ? {} : parseJsonText(text, 'The request body');
  const parsed = schema.safeParse(input);
  if (!parsed.success) throw storageErrors.invalidRequest(message ?? issueText(parsed.error, input));
  return parsed.data;
}

/** `POST /object/list/:bucket` (storage-js `list()`): every field optional, each of its JSON type. */
const listBodySchema = z.object({
  prefix: z.string().optional(),
  search: z.string().optional(),
  limit: z.number().int().optional(),
  offset: z.number().int().optional(),
  sortBy: z.object({ column: z.string().optional(), order: z.string().optional() }).optional(),
});

export type ListBody = z.infer<typeof listBodySchema>;

export function readListBody(c: Context): Promise<ListBody> {
  return readValidBody(c, listBodySchema);
}

/**
 * `POST /bucket` (storage-js `createBucket`). The types matter beyond tidiness: PGlite throws
 * while encoding a parameter of the wrong JS type (a number for text[], a string for boolean)
 * and that left the shared connection inside a broken transaction, failing every later request.
 */
const createBucketSchema = z.object({
  id: z.string().optional(),
  name: z.string().optional(),
  public: z.boolean().optional(),
  file_size_limit: z.union([z.number().int().nonnegative().max(Number.MAX_SAFE_INTEGER), z.string()]).nullish(),
  allowed_mime_types: z.array(z.string()).nullish(),
});

export type CreateBucketBody = z.infer<typeof createBucketSchema>;

export function readCreateBucketBody(c: Context): Promise<CreateBucketBody> {
  return readValidBody(c, createBucketSchema);
}

/**
 * `POST /object/sign/:bucket/*` (storage-js `createSignedUrl`): `expiresIn` in seconds. Numeric
 * strings were accepted before and still are; anything else (a nested array used to recurse
 * in Number()) is a 400.
 */
const signBodySchema = z.object({
  expiresIn: z.union([z.number(), z.string().trim().regex(/^\d+(\.\d+)?$/).transform(Number)]).pipe(z.number().positive().finite()),
});

export function readSignBody(c: Context): Promise<{ expiresIn: number }> {
  return readValidBody(c, signBodySchema, 'expiresIn must be a positive number of seconds');
}

/** `POST /object/move` (storage-js `move`): the object, its new name, and optionally a new bucket. */
const moveBodySchema = z.object({
  bucketId: z.string(),
  sourceKey: z.string(),
  destinationKey: z.string(),
  destinationBucket: z.string().optional(),
});

export type MoveBody = z.infer<typeof moveBodySchema>;

export function readMoveBody(c: Context): Promise<MoveBody> {
  return readValidBody(c, moveBodySchema);
}

/** `DELETE /object/:bucket` (storage-js `remove`): at least one object name. */
const deleteBodySchema = z.object({ prefixes: z.array(z.string()).min(1) });

export function readDeleteBody(c: Context): Promise<{ prefixes: string[] }> {
  return readValidBody(c, deleteBodySchema);
}

/** User metadata is stored as a jsonb object (storage-js sends `metadata` as an object). */
const userMetadataSchema = z.record(z.string(), z.unknown());

/** `metadata` as JSON text (a multipart field, or the decoded x-metadata header) → the object. */
export function parseUserMetadata(text: string, what: string): Record<string, unknown> {
  const parsed = userMetadataSchema.safeParse(parseJsonText(text, what));
  if (!parsed.success) throw storageErrors.invalidRequest(`${what} must be a JSON object`);
  return parsed.data;
}

const BASE64 = /^[A-Za-z0-9+/_-]*={0,2}$/;

/** The `x-metadata` header: base64 of a JSON object. Node's decoder skips junk, so check first. */
export function parseMetadataHeader(header: string): Record<string, unknown> {
  const compact = header.trim();
  if (!BASE64.test(compact)) throw storageErrors.invalidRequest('x-metadata must be base64-encoded JSON');
  return parseUserMetadata(Buffer.from(compact, 'base64').toString('utf8'), 'x-metadata');
}

export interface UploadBody {
  bytes: Uint8Array;
  mimetype: string;
  cacheControl: string;
  userMetadata: Record<string, unknown> | null;
}

/** A multipart body undici cannot parse (truncated, no boundary) is the client's fault: 400. */
async function formDataOf(c: Context): Promise<FormData> {
  try {
    return await c.req.formData();
  } catch {
    throw storageErrors.invalidRequest('The multipart body could not be parsed');
  }
}

/** An upload's bytes and metadata: a multipart form (storage-js with a Blob/File) or the raw body. */
export async function readUpload(c: Context): Promise<UploadBody> {
  const contentType = c.req.header('content-type') ?? '';
  if (contentType.startsWith('multipart/form-data')) {
    const form = await formDataOf(c);
    const file = [...form.values()].find((value): value is File => typeof value !== 'string');
    if (!file) throw storageErrors.invalidRequest('The multipart body has no file part');
    const cache = form.get('cacheControl');
    const declared = form.get('contentType');
    const metadata = form.get('metadata');
    return {
      bytes: new Uint8Array(await file.arrayBuffer()),
      mimetype: (typeof declared === 'string' && declared) || file.type || 'application/octet-stream',
      cacheControl: typeof cache === 'string' && cache ? `max-age=${cache}` : 'no-cache',
      userMetadata: typeof metadata === 'string' ? parseUserMetadata(metadata, 'The metadata field') : null,
    };
  }
  const encodedMetadata = c.req.header('x-metadata');
  return {
    bytes: new Uint8Array(await c.req.arrayBuffer()),
    mimetype: contentType || 'application/octet-stream',
    cacheControl: c.req.header('cache-control') ?? 'no-cache',
    userMetadata: encodedMetadata ? parseMetadataHeader(encodedMetadata) : null,
  };
}
