import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { isInvalidValue } from '../db/postgres-error.ts';

/**
 * Storage's error shape (supabase-protocol.md §4.3): HTTP 400 for almost everything, with the
 * real status in the body; 500 stays 500. storage-js reads `message` and `statusCode`. A few
 * errors answer with their own HTTP status, as upstream's `userStatusCode` does (416 for a range).
 */
export class StorageError extends Error {
  readonly status: number;
  readonly code: string;
  readonly error: string;
  readonly httpStatus: ContentfulStatusCode;

  constructor(status: number, code: string, error: string, message: string, httpStatus: ContentfulStatusCode = status === 500 ? 500 : 400) {
    super(message);
    this.status = status;
    this.code = code;
    this.error = error;
    this.httpStatus = httpStatus;
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
  /** A Range no byte of the object satisfies: HTTP 416 itself, as upstream's file backend answers it. */
  invalidRange: () => new StorageError(416, 'InvalidRange', 'invalid_range', 'invalid range provided', 416),
  expiredToken: () => new StorageError(400, 'ExpiredToken', 'ExpiredToken', 'The provided token has expired.'),
  unsupported: (what: string) =>
    new StorageError(501, 'NotImplemented', 'not_implemented', `${what} is not supported by the local storage service`),
};

export function storageErrorResponse(c: Context, error: StorageError, headers?: Record<string, string>): Response {
  return c.json({ statusCode: String(error.status), code: error.code, error: error.error, message: error.message }, error.httpStatus, headers);
}

/** The storage app's onError: storage errors as they are, a value Postgres refused as 400, the rest 500. */
export function answerStorageError(error: Error, c: Context): Response {
  if (error instanceof StorageError) return storageErrorResponse(c, error);
  // Class 22 is Postgres refusing a value the request supplied (a NUL in a bucket name, \u0000 in
  // metadata): the client's fault, so a 400 as PostgREST answers it, never a 500.
  if (isInvalidValue(error)) return storageErrorResponse(c, storageErrors.invalidRequest(error.message));
  console.error('storage:', error);
  return storageErrorResponse(c, new StorageError(500, 'InternalError', 'internal', 'Internal server error'));
}
