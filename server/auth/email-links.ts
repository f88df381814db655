import { createHash, randomInt } from 'node:crypto';
import type { ServerContext } from '../context.ts';
import { goDurationMs } from '../lib/go-duration.ts';
import { AuthHttpError } from './http-errors.ts';
import type { OutgoingMail } from '../mail/outbox.ts';
import type { RateLimiter } from './rate-limiter.ts';

export type EmailLinkType = 'signup' | 'recovery' | 'email_change' | 'invite' | 'magiclink';

/** GoTrue's token hash: hex(sha224(email + otp)); the link carries the hash, the mail shows the OTP. */
export function tokenHash(email: string, otp: string): string {
  return createHash('sha224').update(email + otp).digest('hex');
}

export function newOtp(): string {
  return String(randomInt(0, 1_000_000)).padStart(6, '0');
}

const SUBJECTS: Record<EmailLinkType, string> = {
  signup: 'Confirm Your Signup',
  recovery: 'Reset Your Password',
  email_change: 'Confirm Email Change',
  invite: 'You have been invited',
  magiclink: 'Your Magic Link',
};

const INTROS: Record<EmailLinkType, string> = {
  signup: 'Follow this link to confirm your user:',
  recovery: 'Follow this link to reset the password for your user:',
  email_change: 'Follow this link to confirm the update of your email:',
  invite: 'You have been invited to create a user. Follow this link to accept the invite:',
  magiclink: 'Follow this link to login:',
};

/** `[auth.email] max_frequency` (a Go duration: "1s", "60s", "1m0s", "500ms") in milliseconds. */
export function maxFrequencyMs(duration: string): number {
  // Empty: no frequency limit.
  const ms = duration.trim() === '' ? 0 : goDurationMs(duration);
  if (ms === null) throw new Error(`max_frequency "${duration}" is not a duration like "60s" or "1m0s"`);
  return ms;
}

/**
 * `email_sent`: mails per hour for the whole instance, not per IP. A number configures GoTrue's
 * IntervalLimiter: that many per fixed hour, counted from start-up.
 */
export function takeEmailQuota(ctx: ServerContext, limiter: RateLimiter): void {
  if (!limiter.takeInWindow('email_sent', ctx.config.auth.rate_limit.email_sent, 3_600_000)) {
    throw new AuthHttpError(429, 'over_email_send_rate_limit', 'email rate limit exceeded');
  }
}

/**
 * Builds a verify-link mail; the caller stores `hash` on the user and sends `mail` after its
 * transaction commits (the outbox writes through the same single PGlite connection).
 * Link: `${publicUrl}/auth/v1/verify?token=<hash>&type=<type>&redirect_to=<url>` like GoTrue's ConfirmationURL.
 */
export function prepareEmailLink(
  ctx: ServerContext,
  to: string,
  type: EmailLinkType,
  redirectTo: string,
): { hash: string; mail: OutgoingMail } {
  const otp = newOtp();
  const hash = tokenHash(to, otp);
  const params = new URLSearchParams({ token: hash, type, redirect_to: redirectTo });
  const link = `${ctx.publicUrl}/auth/v1/verify?${params.toString()}`;
  const text = `${SUBJECTS[type]}\n\n${INTROS[type]}\n${link}\n\nAlternatively, enter the code: ${otp}\n`;
  const html =
    `<h2>${SUBJECTS[type]}</h2><p>${INTROS[type]}</p><p><a href="${link.replace(/&/g, '&amp;')}">${SUBJECTS[type]}</a></p>` +
    `<p>Alternatively, enter the code: ${otp}</p>`;
  return { hash, mail: { to, subject: SUBJECTS[type], text, html, links: [link] } };
}
