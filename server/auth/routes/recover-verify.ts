import type { Context, Hono } from 'hono';
import { normalizeEmail, optionalString, readJsonBody, rejectPkce, requestLimit, userAgent, type AuthDeps } from '../auth-deps.ts';
import { admitMail, prepareEmailLink, tokenHash } from '../email-links.ts';
import { AuthHttpError, forbidden, validationFailed } from '../http-errors.ts';
import { safeRedirect } from '../redirect-url.ts';
import { runAfterResponse } from '../../lib/after-response.ts';
import { createSession, sessionResponse } from '../sessions.ts';
import { confirmEmail, findUserByEmail, findUserById, findUserByToken, type Json, type Queryable, type UserRow } from '../user-store.ts';
import { upgradeAnonymousUser } from './user.ts';

/** How long a mailed link / OTP stays valid (CLI `[auth.email] otp_expiry` default). */
const OTP_EXPIRY_MS = 3600 * 1000;

const VERIFY_TYPES = ['signup', 'recovery', 'email_change', 'invite', 'magiclink', 'email'] as const;
type VerifyType = (typeof VERIFY_TYPES)[number];

const otpExpired = () => forbidden('otp_expired', 'Token has expired or is invalid');

type VerifyOutcome =
  | { kind: 'session'; session: Json; type: VerifyType }
  | { kind: 'message'; message: string };

function isExpired(sentAt: Date | null): boolean {
  return !sentAt || sentAt.getTime() + OTP_EXPIRY_MS < Date.now();
}

/** Finds the user a token hash belongs to for the given verify type, locking their row (`db` is the consuming transaction). */
async function findByHash(db: Queryable, type: VerifyType, hash: string): Promise<{ user: UserRow; column: 'new' | 'current' | null } | null> {
  if (type === 'signup' || type === 'invite') {
    const user = await findUserByToken(db, 'confirmation_token', hash);
    return user && !isExpired(user.confirmation_sent_at) ? { user, column: null } : null;
  }
  if (type === 'recovery' || type === 'magiclink') {
    const user = await findUserByToken(db, 'recovery_token', hash);
    return user && !isExpired(user.recovery_sent_at) ? { user, column: null } : null;
  }
  if (type === 'email') {
    return (await findByHash(db, 'signup', hash)) ?? (await findByHash(db, 'magiclink', hash));
  }
  const byNew = await findUserByToken(db, 'email_change_token_new', hash);
  if (byNew && !isExpired(byNew.email_change_sent_at)) return { user: byNew, column: 'new' };
  const byCurrent = await findUserByToken(db, 'email_change_token_current', hash);
  if (byCurrent && !isExpired(byCurrent.email_change_sent_at)) return { user: byCurrent, column: 'current' };
  return null;
}

const AMR_METHOD: Record<VerifyType, string> = {
  signup: 'otp', email: 'otp', invite: 'otp', magiclink: 'magiclink', recovery: 'recovery', email_change: 'email_change',
};

/** Consumes the token and signs the user in (or records half of a double email-change confirmation). */
async function verifyToken(deps: AuthDeps, c: Context, type: VerifyType, hash: string): Promise<VerifyOutcome> {
  const { ctx } = deps;
  // Found and consumed in one transaction: the same link opened twice at once signs in once.
  return ctx.db.transaction(async (tx) => {
    const found = await findByHash(tx, type, hash);
    if (!found) throw otpExpired();
    const { user, column } = found;
    if (type === 'email_change') {
      const needsBoth = user.email_change_token_current !== '' && user.email_change_token_new !== '' && user.email;
      if (needsBoth && (user.email_change_confirm_status ?? 0) === 0) {
        const cleared = column === 'new' ? 'email_change_token_new' : 'email_change_token_current';
        await tx.query(`update auth.users set ${cleared} = '', email_change_confirm_status = 1 where id = $1`, [user.id]);
        return { kind: 'message', message: 'Confirmation link accepted. Please proceed to confirm link sent to the other email' };
      }
      if (!user.email_change) throw otpExpired();
      await upgradeAnonymousUser(tx, user.id, user.email_change, user.raw_user_meta_data ?? {});
    } else if (type === 'recovery' || type === 'magiclink') {
      await tx.query(`update auth.users set recovery_token = '', updated_at = now() where id = $1`, [user.id]);
      if (!user.email_confirmed_at) await confirmEmail(tx, user.id);
    } else {
      await confirmEmail(tx, user.id);
    }
    await tx.query('update auth.users set last_sign_in_at = now() where id = $1', [user.id]);
    const created = await createSession(tx, user.id, AMR_METHOD[type], userAgent(c));
    const fresh = await findUserById(tx, user.id);
    if (!fresh) throw otpExpired();
    return { kind: 'session', type, session: await sessionResponse(ctx, tx, fresh, created.sessionId, created.refreshToken, 'otp') };
  });
}

function parseType(value: string | undefined): VerifyType {
  if (!value || !(VERIFY_TYPES as readonly string[]).includes(value)) throw validationFailed(`Verify requires a verification type`);
  return value as VerifyType;
}

export function registerRecoverVerifyRoutes(app: Hono, deps: AuthDeps): void {
  const { ctx } = deps;

  app.post('/recover', requestLimit(deps, 'recover'), async (c) => {
    const body = await readJsonBody(c);
    const rawEmail = optionalString(body, 'email');
    if (!rawEmail) throw validationFailed('Password recovery requires an email');
    rejectPkce(body);
    const email = normalizeEmail(rawEmail);
    const redirectTo = safeRedirect(c.req.query('redirect_to'), ctx.config.auth, ctx.publicUrl);
    // Recovery must not reveal who has an account, so known and unknown addresses get the same
    // answers: 200 {}, and the same 429s (admitMail): a repeat inside [auth.email] max_frequency
    // is refused for an unknown address too, and an unknown one sends nothing and spends nothing.
    const found = await findUserByEmail(ctx.db, email);
    const user = found && !found.deleted_at ? found : null;
    admitMail(ctx, deps.limiter, 'recovery', email, { sends: user !== null });
    if (user) {
      // Written after the answer, so a known address is not answered later than an unknown one.
      runAfterResponse('recovery mail', async () => {
        const { hash, mail } = prepareEmailLink(ctx, email, 'recovery', redirectTo);
        await ctx.db.query('update auth.users set recovery_token = $2, recovery_sent_at = now() where id = $1', [user.id, hash]);
        await ctx.mail.send(mail);
      });
    }
    return c.json({});
  });

  /** resend({ type: 'signup' | 'email_change', email }): mails the pending link again; 200 {} either way. */
  app.post('/resend', requestLimit(deps, 'resend'), async (c) => {
    const body = await readJsonBody(c);
    const type = optionalString(body, 'type');
    const rawEmail = optionalString(body, 'email');
    if (type !== 'signup' && type !== 'email_change') throw validationFailed('Missing one of these types: signup, email_change');
    if (!rawEmail) throw validationFailed('Missing one of these params: email, phone');
    const email = normalizeEmail(rawEmail);
    const redirectTo = safeRedirect(c.req.query('redirect_to'), ctx.config.auth, ctx.publicUrl);
    // As for /recover: an address with nothing to resend gets the answers one with a mail gets.
    if (type === 'signup') {
      const user = await findUserByEmail(ctx.db, email);
      const resends = user !== null && !user.email_confirmed_at;
      admitMail(ctx, deps.limiter, 'signup', email, { sends: resends });
      if (!resends) return c.json({});
      const { hash, mail } = prepareEmailLink(ctx, email, 'signup', redirectTo);
      await ctx.db.query('update auth.users set confirmation_token = $2, confirmation_sent_at = now() where id = $1', [user.id, hash]);
      await ctx.mail.send(mail);
      return c.json({});
    }
    const { rows } = await ctx.db.query<{ id: string; email: string | null }>(
      `select id, email from auth.users where lower(email_change) = lower($1) and email_change_token_new <> ''`,
      [email],
    );
    admitMail(ctx, deps.limiter, 'email_change', rows[0]?.id ?? email, { sends: rows[0] !== undefined });
    if (!rows[0]) return c.json({});
    const { hash, mail } = prepareEmailLink(ctx, email, 'email_change', redirectTo, { email: rows[0].email ?? '', newEmail: email });
    await ctx.db.query('update auth.users set email_change_token_new = $2, email_change_sent_at = now() where id = $1', [rows[0].id, hash]);
    await ctx.mail.send(mail);
    return c.json({});
  });

  /** The mailed link: 303 to redirect_to with the session (or the error) in the URL fragment, like GoTrue's implicit flow. */
  app.get('/verify', requestLimit(deps, 'verify'), async (c) => {
    const redirectTo = safeRedirect(c.req.query('redirect_to'), ctx.config.auth, ctx.publicUrl);
    const fragment = new URLSearchParams();
    try {
      const type = parseType(c.req.query('type'));
      const token = c.req.query('token') ?? '';
      const outcome = await verifyToken(deps, c, type, token);
      if (outcome.kind === 'message') {
        fragment.set('message', outcome.message);
      } else {
        const session = outcome.session;
        fragment.set('access_token', String(session.access_token));
        fragment.set('expires_at', String(session.expires_at));
        fragment.set('expires_in', String(session.expires_in));
        fragment.set('refresh_token', String(session.refresh_token));
        fragment.set('token_type', 'bearer');
        fragment.set('type', outcome.type);
        fragment.set('sb', '');
      }
    } catch (error) {
      if (!(error instanceof AuthHttpError)) throw error;
      fragment.set('error', error.status === 429 ? 'over_request_rate_limit' : 'access_denied');
      fragment.set('error_code', error.code);
      fragment.set('error_description', error.code === 'otp_expired' ? 'Email link is invalid or has expired' : error.message);
    }
    const target = new URL(redirectTo);
    target.hash = fragment.toString();
    return c.redirect(target.toString(), 303);
  });

  /** verifyOtp: `{type, token_hash}` or `{type, email, token}` (the 6-digit code from the mail). */
  app.post('/verify', requestLimit(deps, 'verify'), async (c) => {
    const body = await readJsonBody(c);
    const type = parseType(optionalString(body, 'type'));
    const tokenHashParam = optionalString(body, 'token_hash');
    let hash = tokenHashParam ?? '';
    if (!hash) {
      const rawEmail = optionalString(body, 'email');
      const token = optionalString(body, 'token');
      if (!rawEmail || !token) throw validationFailed('Only an email address or phone number should be provided on verify');
      const email = normalizeEmail(rawEmail);
      hash = tokenHash(email, token);
      // An email change OTP is hashed with the address it was sent to (new or current); try the user's pending one.
      if (type === 'email_change') {
        const user = await findUserByEmail(ctx.db, email);
        if (user?.email_change) {
          const candidate = tokenHash(user.email_change, token);
          if (candidate === user.email_change_token_new) hash = candidate;
        }
      }
    }
    const outcome = await verifyToken(deps, c, type, hash);
    if (outcome.kind === 'message') return c.json({ msg: outcome.message, code: 200 });
    return c.json(outcome.session);
  });
}
