import { dictionary } from '@zxcvbn-ts/language-common';

/**
 * Hosted Auth's "leaked password protection" asks HaveIBeenPwned whether a password has been seen in
 * a breach. The local backend has no internet, so it asks a well-known offline list instead: the
 * ~49,000 most common passwords from breaches that zxcvbn-ts ranks passwords with. A smaller net
 * than HIBP, but it catches what people actually type ("password", "qwertyuiop", "iloveyou1").
 */
let common: Set<string> | null = null;

export function isLeakedPassword(password: string): boolean {
  common ??= new Set(dictionary['passwords-common']);
  // The list is lower-case: "Password" and "PASSWORD" are as guessable as "password".
  return common.has(password.toLowerCase());
}
