import type { AuthConfig } from '../config/project-config.ts';
import { isLeakedPassword } from './leaked-passwords.ts';

export interface PasswordCheck {
  ok: boolean;
  message: string;
  reasons: ('length' | 'characters' | 'pwned')[];
}

const LOWER = 'abcdefghijklmnopqrstuvwxyz';
const UPPER = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';
const DIGITS = '0123456789';
const SYMBOLS = "!@#$%^&*()_+-=[]{};':\"|<>?,./`~";

const REQUIRED_SETS: Record<AuthConfig['password_requirements'], string[]> = {
  '': [],
  letters_digits: [LOWER + UPPER, DIGITS],
  lower_upper_letters_digits: [LOWER, UPPER, DIGITS],
  lower_upper_letters_digits_symbols: [LOWER, UPPER, DIGITS, SYMBOLS],
};

/**
 * GoTrue's checkPasswordStrength: messages and reasons as auth-js surfaces them. `leaked` is hosted
 * Auth's leaked password protection (GOTRUE_PASSWORD_HIBP_ENABLED), a dashboard setting.
 */
export function checkPasswordStrength(password: string, config: AuthConfig, { leaked = false } = {}): PasswordCheck {
  const messages: string[] = [];
  const reasons: PasswordCheck['reasons'] = [];
  if (password.length < config.minimum_password_length) {
    reasons.push('length');
    messages.push(`Password should be at least ${config.minimum_password_length} characters.`);
  }
  const sets = REQUIRED_SETS[config.password_requirements];
  if (sets.some((set) => ![...password].some((char) => set.includes(char)))) {
    reasons.push('characters');
    messages.push(`Password should contain at least one character of each: ${sets.join(', ')}.`);
  }
  if (leaked && isLeakedPassword(password)) {
    reasons.push('pwned');
    messages.push('Password is known to be weak and easy to guess, please choose a different one.');
  }
  return { ok: reasons.length === 0, message: messages.join(' '), reasons };
}
