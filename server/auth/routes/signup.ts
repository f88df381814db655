import { randomUUID } from 'node:crypto';
import bcrypt from 'bcryptjs';
import type { Hono } from 'hono';
import { readJsonBody, normalizeEmail, optionalObject, optionalString, rejectPkce, takeRequestQuota, userAgent, type AuthDeps } from '../auth-deps.ts';
import { admitMail, prepareEmailLink } from '../email-links.ts';
import { AuthHttpError, badRequest, unprocessable, validationFailed } from '../http-errors.ts';
import { checkPasswordStrength } from '../password-policy.ts';
import { safeRedirect } from '../redirect-url.ts';
import { createSession, sessionResponse } from '../sessions.ts';
import { userJson } from '../user-json.ts';
import { findUserByEmail, findUserById, insertUser, listIdentities } from '../user-store.ts';

export const MAX_PASSWORD_LENGTH = 72;

/** Length, bcrypt's 72-byte cap and the configured strength rules (weak_password with reasons). */
export function validateNewPassword(deps: AuthDeps, password: string): void {
  if (Buffer.byteLength(password) > MAX_PASSWORD_LENGTH) {
    throw validationFailed(`Password cannot be longer than ${MAX_PASSWORD_LENGTH} characters`);
  }
  const check = checkPasswordStrength(password, deps.ctx.config.auth, { leaked: deps.leakedPasswordProtection });
  if (!check.ok) throw unprocessable('weak_password', check.message, { weak_password: { reasons: check.reasons } });
}

export function registerSignupRoutes(app: Hono, deps: AuthDeps): void {
  const { ctx } = deps;

  app.post('/signup', async (c) => {
    const body = await readJsonBody(c);
    const auth = ctx.config.auth;
    if (!auth.enable_signup) throw unprocessable('signup_disabled', 'Signups not allowed for this instance');
    const rawEmail = optionalString(body, 'email');
    const phone = optionalString(body, 'phone');
    const password = optionalString(body, 'password');
    const data = optionalObject(body, 'data') ?? {};

    if (!rawEmail && !phone) {
      // Anonymous sign-in (signInAnonymously): no credentials at all.
      if (!auth.enable_anonymous_sign_ins) throw unprocessable('anonymous_provider_disabled', 'Anonymous sign-ins are disabled');
      takeRequestQuota(deps, c, 'anonymous_sign_ins');
      const id = randomUUID();
      const session = await ctx.db.transaction(async (tx) => {
        await insertUser(tx, { id, email: null, encryptedPassword: null, confirmed: false, isAnonymous: true, appMetadata: {}, userMetadata: data });
        const created = await createSession(tx, id, 'anonymous', userAgent(c));
        await tx.query('update auth.users set last_sign_in_at = now() where id = $1', [id]);
        const user = await findUserById(tx, id);
        if (!user) throw new Error('anonymous user vanished');
        return sessionResponse(ctx, tx, user, created.sessionId, created.refreshToken, 'anonymous');
      });
      return c.json(session);
    }
    // GoTrue counts every sign-up attempt, before validating it.
    takeRequestQuota(deps, c, 'signups');
    if (!rawEmail) throw badRequest('phone_provider_disabled', 'Phone signups are disabled');
    if (!auth.email.enable_signup) throw badRequest('email_provider_disabled', 'Email signups are disabled');
    const email = normalizeEmail(rawEmail);
    if (!password) throw validationFailed('Signup requires a valid password');
    validateNewPassword(deps, password);

    const autoconfirm = !auth.email.enable_confirmations;
    const redirectTo = safeRedirect(c.req.query('redirect_to'), auth, ctx.publicUrl);
    // Hashed before the address is looked up: with confirmations on, a registered address must not
    // be answered sooner than a new one (the hash is most of the work).
    const encryptedPassword = await bcrypt.hash(password, deps.bcryptCost);
    const existing = await findUserByEmail(ctx.db, email);
    if (existing) {
      if (autoconfirm) throw unprocessable('user_already_exists', 'User already registered');
      // Same limits as a sign-up that mails, so repeats answer alike whoever holds the address.
      admitMail(ctx, deps.limiter, 'signup', email, { sends: !existing.email_confirmed_at });
      if (existing.email_confirmed_at) {
        // GoTrue hides registered addresses when confirmations are on: a fake, sessionless user.
        const now = new Date().toISOString();
        return c.json({
          id: randomUUID(), aud: 'authenticated', role: 'authenticated', email, phone: '',
          confirmation_sent_at: now, app_metadata: { provider: 'email', providers: ['email'] },
          user_metadata: data, identities: [], created_at: now, updated_at: now, is_anonymous: false,
        });
      }
      // Unconfirmed: resend the confirmation.
      const { hash, mail } = prepareEmailLink(ctx, email, 'signup', redirectTo);
      await ctx.db.query(
        `update auth.users set confirmation_token = $2, confirmation_sent_at = now(), updated_at = now() where id = $1`,
        [existing.id, hash],
      );
      await ctx.mail.send(mail);
      const user = await findUserById(ctx.db, existing.id);
      if (!user) throw new Error('user vanished');
      return c.json(userJson(user, await listIdentities(ctx.db, user.id)));
    }

    const id = randomUUID();
    const appMetadata = { provider: 'email', providers: ['email'] };
    if (autoconfirm) {
      const session = await ctx.db.transaction(async (tx) => {
        await insertUser(tx, {
          id, email, encryptedPassword, confirmed: true, isAnonymous: false, appMetadata,
          userMetadata: { ...data, email_verified: true },
        });
        const created = await createSession(tx, id, 'password', userAgent(c));
        await tx.query('update auth.users set last_sign_in_at = now() where id = $1', [id]);
        const user = await findUserById(tx, id);
        if (!user) throw new Error('new user vanished');
        return sessionResponse(ctx, tx, user, created.sessionId, created.refreshToken, 'password');
      });
      return c.json(session);
    }
    rejectPkce(body);
    admitMail(ctx, deps.limiter, 'signup', email, { sends: true });
    const { hash, mail } = prepareEmailLink(ctx, email, 'signup', redirectTo);
    const user = await ctx.db.transaction(async (tx) => {
      await insertUser(tx, {
        id, email, encryptedPassword, confirmed: false, isAnonymous: false, appMetadata, userMetadata: data,
        confirmationToken: hash,
      });
      const row = await findUserById(tx, id);
      if (!row) throw new AuthHttpError(500, 'unexpected_failure', 'Database error saving new user');
      return userJson(row, await listIdentities(tx, id));
    });
    await ctx.mail.send(mail);
    return c.json(user);
  });
}
