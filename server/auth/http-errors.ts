/** The API version auth-js sends and whose echo makes it read `code` (supabase-protocol.md §2.1). */
export const API_VERSION = '2024-01-01';

/**
 * A GoTrue error: `{code, message}` with the HTTP status and `x-sb-error-code`.
 * Thrown anywhere in a route; the auth app's error handler turns it into the response.
 */
export class AuthHttpError extends Error {
  readonly status: number;
  readonly code: string;
  readonly extra: Record<string, unknown>;

  constructor(status: number, code: string, message: string, extra: Record<string, unknown> = {}) {
    super(message);
    this.status = status;
    this.code = code;
    this.extra = extra;
  }
}

export const badRequest = (code: string, message: string) => new AuthHttpError(400, code, message);
export const validationFailed = (message: string) => new AuthHttpError(400, 'validation_failed', message);
export const forbidden = (code: string, message: string) => new AuthHttpError(403, code, message);
export const unprocessable = (code: string, message: string, extra?: Record<string, unknown>) =>
  new AuthHttpError(422, code, message, extra);

export function authErrorResponse(error: AuthHttpError): Response {
  return Response.json(
    { code: error.code, message: error.message, ...error.extra },
    {
      status: error.status,
      headers: { 'X-Supabase-Api-Version': API_VERSION, 'x-sb-error-code': error.code },
    },
  );
}

/** OAuth-style error GoTrue still uses for a few token-endpoint cases. */
export function oauthErrorResponse(status: number, error: string, description: string): Response {
  return Response.json(
    { error, error_description: description },
    { status, headers: { 'X-Supabase-Api-Version': API_VERSION } },
  );
}
