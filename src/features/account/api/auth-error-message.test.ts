import { describe, expect, it } from 'vitest';
import { authErrorField, authErrorMessage, NETWORK_MESSAGE, RATE_LIMIT_MESSAGE } from './auth-error-message.ts';

describe('authErrorMessage', () => {
  it('names each weak-password reason', () => {
    expect(authErrorMessage({ name: 'AuthWeakPasswordError', status: 422, code: 'weak_password', reasons: ['length', 'pwned'] })).toBe(
      'This password is too weak: it must be at least 8 characters long; it appears in a list of leaked passwords.',
    );
  });

  it('maps rate limits by status or code', () => {
    expect(authErrorMessage({ name: 'AuthApiError', status: 429, code: 'over_email_send_rate_limit' })).toBe(RATE_LIMIT_MESSAGE);
    expect(authErrorMessage({ name: 'AuthApiError', status: 429 })).toBe(RATE_LIMIT_MESSAGE);
  });

  it('recognises a network failure', () => {
    expect(authErrorMessage({ name: 'AuthRetryableFetchError', status: 0, message: 'Failed to fetch' })).toBe(NETWORK_MESSAGE);
    expect(authErrorMessage(new TypeError('Failed to fetch'))).toBe(NETWORK_MESSAGE);
  });

  it('explains credentials, confirmation and duplicates, and points duplicates at the e-mail field', () => {
    expect(authErrorMessage({ name: 'AuthApiError', status: 400, code: 'invalid_credentials' })).toMatch(/do not match an account/);
    expect(authErrorMessage({ name: 'AuthApiError', status: 400, code: 'email_not_confirmed' })).toMatch(/not confirmed yet/);
    expect(authErrorMessage({ name: 'AuthApiError', status: 422, code: 'user_already_exists' })).toMatch(/already exists/);
    expect(authErrorField({ code: 'email_exists' })).toBe('email');
    expect(authErrorField({ code: 'same_password' })).toBe('password');
    expect(authErrorField({ code: 'invalid_credentials' })).toBeNull();
  });

  it('falls back to the message it was given', () => {
    expect(authErrorMessage(new Error('Your avatar could not be removed: disk on fire'))).toBe('Your avatar could not be removed: disk on fire');
  });
});
