import { createHash, randomInt } from 'node:crypto';
import type { ServerContext } from '../context.ts';
import { goDurationMs } from '../lib/go-duration.ts';
import { AuthHttpError } from './http-errors.ts';
import type { OutgoingMail } from '../mail/outbox.ts';
import { htmlToText, linksIn } from '../mail/html-text.ts';
import type { EmailTemplateName } from '../config/project-config.ts';
import { compileGoHtmlTemplate, type GoHtmlTemplate, type TemplateData } from './go-html-template.ts';
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

/** GoTrue's own default, also what it makes of a zero max_frequency (an empty or "0s" setting). */
const DEFAULT_MAX_FREQUENCY_MS = 60_000;

/** `[auth.email] max_frequency` (a Go duration: "1s", "60s", "1m0s", "500ms") in milliseconds. */
export function maxFrequencyMs(duration: string): number {
  const ms = duration.trim() === '' ? 0 : goDurationMs(duration);
  if (ms === null) throw new Error(`max_frequency "${duration}" is not a duration like "60s" or "1m0s"`);
  return ms > 0 ? ms : DEFAULT_MAX_FREQUENCY_MS;
}

const HOUR_MS = 3_600_000;

/** The mails GoTrue spaces out per user, each kind by its own `*_sent_at` column. */
export type MailKind = 'signup' | 'recovery' | 'email_change';

/**
 * Lets one mail of `kind` go to `recipient` (an address, or a user id for an email change), with
 * GoTrue's checks in GoTrue's order (sendPasswordRecovery and the like, then sendEmail):
 *
 * 1. `[auth.email] max_frequency` per recipient and kind: 429 over_email_send_rate_limit "For
 *    security purposes, you can only request this after N seconds.".
 * 2. `[auth.rate_limit] email_sent`, the instance's fixed hourly window: 429 "email rate limit
 *    exceeded". GoTrue counts it only when confirmations are on (it skips it for
 *    MAILER_AUTOCONFIRM), except that 0 refuses every mail.
 *
 * A request the frequency refuses therefore spends nothing of the hourly quota, so a flood at a
 * few addresses cannot use it up for everyone else; and only a mail that goes out starts the wait.
 *
 * `sends: false` is for answers that must not tell whether an address has an account (no such
 * account, or one that needs no mail): the same checks and the same 429s, and the same wait
 * afterwards, but nothing is taken from the hourly quota.
 */
export function admitMail(ctx: ServerContext, limiter: RateLimiter, kind: MailKind, recipient: string, { sends }: { sends: boolean }): void {
  const frequencyMs = maxFrequencyMs(ctx.config.auth.email.max_frequency);
  const name = `${kind}_mail`;
  const waitMs = limiter.msUntilNext(name, recipient);
  if (waitMs > 0) {
    // GoTrue's figure: the whole seconds left, rounded down.
    const seconds = Math.floor(waitMs / 1000);
    throw new AuthHttpError(429, 'over_email_send_rate_limit', `For security purposes, you can only request this after ${seconds} seconds.`);
  }
  const { email_sent: perHour } = ctx.config.auth.rate_limit;
  const counted = perHour === 0 || ctx.config.auth.email.enable_confirmations;
  if (counted) {
    const allowed = sends ? limiter.takeInWindow('email_sent', perHour, HOUR_MS) : limiter.hasRoomInWindow('email_sent', perHour, HOUR_MS);
    if (!allowed) throw new AuthHttpError(429, 'over_email_send_rate_limit', 'email rate limit exceeded');
  }
  limiter.spaceOut(name, recipient, frequencyMs);
}

/** Which `[auth.email.template.<name>]` each kind of link mail uses (GoTrue's templatemailer). */
const TEMPLATE_NAMES: Record<EmailLinkType, EmailTemplateName> = {
  signup: 'confirmation',
  recovery: 'recovery',
  email_change: 'email_change',
  invite: 'invite',
  magiclink: 'magic_link',
};

/** Compiled templates by source: config.toml's are compiled once, at startup, and again here once. */
const compiled = new Map<string, GoHtmlTemplate>();
function renderTemplate(source: string, where: string, data: TemplateData): string {
  let template = compiled.get(source);
  if (!template) {
    template = compileGoHtmlTemplate(source, where);
    compiled.set(source, template);
  }
  return template.render(data);
}

/** GoTrue's built-in mail, for a kind config.toml gives no template: with the link and the code. */
function defaultMail(type: EmailLinkType, link: string, otp: string): { text: string; html: string } {
  const text = `${SUBJECTS[type]}\n\n${INTROS[type]}\n${link}\n\nAlternatively, enter the code: ${otp}\n`;
  const html =
    `<h2>${SUBJECTS[type]}</h2><p>${INTROS[type]}</p><p><a href="${link.replace(/&/g, '&amp;')}">${SUBJECTS[type]}</a></p>` +
    `<p>Alternatively, enter the code: ${otp}</p>`;
  return { text, html };
}

/** For an email change: the account's current address and the one it changes to (GoTrue's .Email and .NewEmail). */
export interface EmailChangeAddresses {
  email: string;
  newEmail: string;
}

/**
 * Builds a verify-link mail; the caller stores `hash` on the user and sends `mail` after its
 * transaction commits (the outbox writes through the same single PGlite connection).
 * Link: `${publicUrl}/auth/v1/verify?token=<hash>&type=<type>&redirect_to=<url>` like GoTrue's ConfirmationURL.
 * With a template for its kind in config.toml, subject and HTML are the template's, rendered with
 * GoTrue's data, and the text part is read off the HTML; `links` starts with the verify link.
 */
export function prepareEmailLink(
  ctx: ServerContext,
  to: string,
  type: EmailLinkType,
  redirectTo: string,
  addresses?: EmailChangeAddresses,
): { hash: string; mail: OutgoingMail } {
  const otp = newOtp();
  const hash = tokenHash(to, otp);
  const params = new URLSearchParams({ token: hash, type, redirect_to: redirectTo });
  const link = `${ctx.publicUrl}/auth/v1/verify?${params.toString()}`;
  const name = TEMPLATE_NAMES[type];
  const template = ctx.config.auth.email.template[name];
  const data: TemplateData = {
    ConfirmationURL: link,
    SiteURL: ctx.config.auth.site_url,
    Email: addresses?.email ?? to,
    NewEmail: addresses?.newEmail ?? '',
    Token: otp,
    TokenHash: hash,
    RedirectTo: redirectTo,
    // GoTrue gives only email-change mails the address they go to.
    SendingTo: type === 'email_change' ? to : undefined,
  };
  const where = `auth.email.template.${name}`;
  const subject = template?.subject !== undefined ? renderTemplate(template.subject, `${where}.subject`, data) : SUBJECTS[type];
  if (template?.content === undefined) {
    return { hash, mail: { to, subject, ...defaultMail(type, link, otp), links: [link] } };
  }
  const html = renderTemplate(template.content, where, data);
  return { hash, mail: { to, subject, text: htmlToText(html), html, links: [...new Set([link, ...linksIn(html)])] } };
}
