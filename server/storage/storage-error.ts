import type { Context } from 'hono';

/**
 * Storage's error shape (supabase-protocol.md §4.3): HTTP 400 for almost everything, with the
 * real status in the body; 500 stays 500. storage-js reads `message` and `statusCode`.
 */
export class StorageError extends Error {
  readonly status: number;
  readonly code: string;
  readonly error: string;

  constructor(status: number, code: string, error: string, message: string) {
    super(message);
    this.status = status;
    this.code = code;
    this.error = error;
  }
}

export const storageErrors = {
  noSuchKey: () => new StorageError(404, 'NoSuchKey', 'not_found', 'Object not found'),
  noSuchBucket: () => new StorageError(404, 'NoSuchBucket', 'Bucket not found', 'Bucket not found'),
  accessDenied: (message = 'new row violates row-level security policy') => new StorageError(403, 'AccessDenied', 'Unauthorized', message),
  duplicate: () => new StorageError(409, 'Duplicate', 'Duplicate', 'The resource already exists'),
  tooLarge: () => new StorageError(413, 'EntityTooLarge', 'Payload too large', 'The object exceeded the maximum allowed size'),
  invalidMime: (type: string) => new StorageError(415, 'InvalidMimeType', 'invalid_mime_type', `mime type ${type} is not supported`),
  invalidKey: (name: string) => new StorageError(400, 'InvalidKey', 'Invalid Input', `Invalid key: ${name}`),
  invalidRequest: (message: string) => new StorageError(400, 'InvalidRequest', 'Invalid Input', message),
  unsupported: (what: string) =>
    new StorageError(501, 'NotImplemented', 'not_implemented', `${what} is not supported by the local storage service`),
};

export function storageErrorResponse(c: Context, error: StorageError): Response {
  const httpStatus = error.status === 500 ? 500 : 400;
  return c.json({ statusCode: String(error.status), code: error.code, error: error.error, message: error.message }, httpStatus);
}
