import type { Context, MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import type { ProjectConfig } from '../config/project-config.ts';

const MiB = 1024 * 1024;

/** Room for multipart framing and form fields around an upload's bytes. */
const MULTIPART_SLACK = MiB;

type ErrorBody = (limit: number) => Record<string, unknown>;

interface ServiceLimit {
  maxBytes: (config: ProjectConfig) => number;
  /** The refusal in the shape that service's clients read. */
  body: ErrorBody;
}

const described = (limit: number): string => `The request body is larger than the ${Math.round((limit / MiB) * 10) / 10} MiB this endpoint accepts`;

/**
 * How large a request body each service reads. Uploads may be as large as the project's storage
 * file size limit; JSON APIs take far less. Nothing here is a hosted figure except storage's:
 * these bound the local backend's memory, which reads a JSON body whole.
 */
export const SERVICE_BODY_LIMITS: Record<string, ServiceLimit> = {
  '/auth/v1': {
    maxBytes: () => MiB,
    body: (limit) => ({ code: 'validation_failed', message: described(limit) }),
  },
  '/rest/v1': {
    maxBytes: () => 10 * MiB,
    body: (limit) => ({ code: 'PGRST102', message: 'Request body too large', details: described(limit), hint: null }),
  },
  '/storage/v1': {
    maxBytes: (config) => config.storage.file_size_limit + MULTIPART_SLACK,
    body: () => ({ statusCode: '413', code: 'EntityTooLarge', error: 'Payload too large', message: 'The object exceeded the maximum allowed size' }),
  },
  '/functions/v1': {
    maxBytes: () => 10 * MiB,
    body: (limit) => ({ code: 'payload_too_large', message: described(limit) }),
  },
  '/realtime/v1': {
    maxBytes: () => 3 * MiB,
    body: (limit) => ({ message: described(limit) }),
  },
  '/_dev': {
    maxBytes: () => MiB,
    body: (limit) => ({ code: 'payload_too_large', message: described(limit) }),
  },
};

/**
 * Refuses a body over the service's limit before reading it when Content-Length says so, and stops
 * reading a chunked one at the limit (Hono's bodyLimit), with 413 in the service's error shape. The
 * connection is closed: otherwise Node would read the rest of a 600 MB body only to throw it away.
 */
export function serviceBodyLimit(prefix: string, config: ProjectConfig): MiddlewareHandler {
  const service = SERVICE_BODY_LIMITS[prefix];
  if (!service) throw new Error(`no body limit for ${prefix}`);
  const maxSize = service.maxBytes(config);
  const limit = bodyLimit({
    maxSize,
    onError: (c: Context) => c.json(service.body(maxSize), 413, { Connection: 'close' }),
  });
  // A request that declares no body has none to limit. Hono's bodyLimit would look at the body
  // all the same, which makes Node's adapter build a full Request and AbortController for every
  // GET (about a tenth of a REST read's time in the server).
  return (c, next) => {
    const declaresBody = c.req.header('content-length') !== undefined || c.req.header('transfer-encoding') !== undefined;
    return declaresBody ? limit(c, next) : next();
  };
}
