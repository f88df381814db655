import type { Context } from 'hono';
import { authenticateRequest } from '../gateway/authenticate-request.ts';
import type { ApiKeys } from '../gateway/keys.ts';
import { RestError } from './rest-error.ts';
import { isApiRole } from '../db/api-roles.ts';

export interface RequestIdentity {
  role: string;
  claims: Record<string, unknown>;
}


function wwwAuthenticate(description: string): Record<string, string> {
  return { 'WWW-Authenticate': `Bearer error="invalid_token", error_description="${description.replaceAll('"', "'")}"` };
}

/** PostgREST's JWT step: no credential → anon; expired → PGRST303; invalid → PGRST301; unknown role → 401. */
export async function identify(c: Context, keys: ApiKeys): Promise<RequestIdentity> {
  const credential = await authenticateRequest({ header: (name) => c.req.header(name) }, keys);
  if (!credential.ok) {
    if (credential.reason === 'expired') throw new RestError(401, 'PGRST303', 'JWT expired', null, null, wwwAuthenticate('JWT expired'));
    const token = c.req.header('authorization')?.replace(/^Bearer\s+/i, '') ?? c.req.header('apikey') ?? '';
    const parts = token.split('.').length;
    const message = parts === 3 ? `JWSError (${credential.message})` : `Expected 3 parts in JWT; got ${parts}`;
    throw new RestError(401, 'PGRST301', message, null, null, wwwAuthenticate(message));
  }
  if (!isApiRole(credential.role)) {
    throw new RestError(401, '22023', `role "${credential.role}" does not exist`);
  }
  return { role: credential.role, claims: { ...credential.claims, role: credential.role } };
}
