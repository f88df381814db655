/**
 * Turns what supabase-js returns or throws into a sentence a person can act on. Errors are
 * read by shape (name, status, code) so this file needs no import from supabase-js.
 */
export interface ErrorLike {
  name?: string;
  message?: string;
  status?: number;
  code?: string;
  reasons?: string[];
}

function asErrorLike(error: unknown): ErrorLike {
  return typeof error === 'object' && error !== null ? (error as ErrorLike) : { message: String(error) };
}

export const NETWORK_MESSAGE = 'We could not reach Lumen. Check your connection and try again — nothing you typed is lost.';
export const RATE_LIMIT_MESSAGE = 'Too many attempts. Wait a minute, then try again.';

const REASONS: Record<string, string> = {
  length: 'it must be at least 8 characters long',
  characters: 'it must mix lower- and upper-case letters, digits and symbols',
  pwned: 'it appears in a list of leaked passwords',
};

export function isNetworkError(error: unknown): boolean {
  const e = asErrorLike(error);
  return (
    e.name === 'AuthRetryableFetchError' ||
    e.name === 'FunctionsFetchError' ||
    (e.name === 'TypeError' && /fetch|network|load failed/i.test(e.message ?? '')) ||
    (e.status === 0 && e.name !== 'AuthApiError') ||
    /Failed to fetch|NetworkError|ERR_/i.test(e.message ?? '')
  );
}

export function authErrorMessage(error: unknown): string {
  const e = asErrorLike(error);
  if (isNetworkError(error)) return NETWORK_MESSAGE;
  if (e.status === 429 || e.code === 'over_request_rate_limit' || e.code === 'over_email_send_rate_limit') return RATE_LIMIT_MESSAGE;
  switch (e.code) {
    case 'weak_password': {
      const reasons = (e.reasons ?? []).map((reason) => REASONS[reason] ?? reason);
      return reasons.length > 0 ? `This password is too weak: ${reasons.join('; ')}.` : `This password is too weak. ${e.message ?? ''}`.trim();
    }
    case 'user_already_exists':
    case 'email_exists':
      return 'An account with this e-mail already exists. Sign in, or reset its password.';
    case 'invalid_credentials':
      return 'That e-mail and password do not match an account. Check both and try again.';
    case 'email_not_confirmed':
      return 'This e-mail address is not confirmed yet. Follow the link we sent to it, then sign in.';
    case 'same_password':
      return 'The new password must be different from your current one.';
    case 'current_password_required':
      return 'Enter your current password.';
    case 'current_password_invalid':
      return 'That is not your current password. Check it, or sign out and use “Forgot your password?”.';
    case 'session_not_found':
    case 'bad_jwt':
      return 'Your session has ended. Sign in again.';
    case 'email_address_invalid':
    case 'validation_failed':
      return e.message ? `${e.message}.`.replace(/\.\.$/, '.') : 'Check the e-mail address.';
    default:
      return e.message ? e.message : 'Something went wrong. Try again.';
  }
}

/** Which field a server error belongs to, so the form can mark and focus it. */
export function authErrorField(error: unknown): 'email' | 'password' | 'current' | null {
  const code = asErrorLike(error).code;
  if (code === 'current_password_required' || code === 'current_password_invalid') return 'current';
  if (code === 'weak_password' || code === 'same_password') return 'password';
  if (code === 'user_already_exists' || code === 'email_exists' || code === 'email_address_invalid') return 'email';
  return null;
}
