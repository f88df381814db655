import bcrypt from 'bcryptjs';
import type { Hono } from 'hono';
import { normalizeEmail, optionalObject, optionalString, readJsonBody, rejectPkce, takeRequestQuota, type AuthDeps } from '../auth-deps.ts';
import { admitMail, prepareEmailLink } from '../email-links.ts';
import { badRequest, forbidden, unprocessable } from '../http-errors.ts';
import type { OutgoingMail } from '../../mail/outbox.ts';
import { passwordMatches } from '../passwords.ts';
import { safeRedirect } from '../redirect-url.ts';
import { isRecoverySession } from '../sessions.ts';
import { requireUser } from '../require-user.ts';
import { loadUserJson } from '../user-json.ts';
import { confirmEmail, findUserByEmail, insertEmailIdentity, type Json, type Queryable } from '../user-store.ts';
import { validateNewPassword } from './signup.ts';

/** user_metadata merge as GoTrue does it: key by key, a null value deletes the key. */
export function mergeMetadata(current: Json | null, patch: Json): Json {
  const merged = new Map(Object.entries(current ?? {}));
  for (const [key, value] of Object.entries(patch)) {
    if (value === null) merged.delete(key);
    else merged.set(key, value);
  }
  return Object.fromEntries(merged);
}

/** Turns an anonymous user into an email user (email confirmed): identity, providers, is_anonymous=false. */
export async function upgradeAnonymousUser(db: Queryable, userId: string, email: string, metadata: Json): Promise<void> {
  await db.query(
    `update auth.users set email = $2, is_anonymous = false, email_change = '', email_change_token_new = '',
       email_change_token_current = '', email_change_confirm_status = 0,
       raw_app_meta_data = coalesce(raw_app_meta_data, '{}'::jsonb) || '{"provider": "email", "providers": ["email"]}'::jsonb,
       updated_at = now()
     where id = $1`,
    [userId, email],
  );
  await insertEmailIdentity(db, userId, email, true, metadata);
  await confirmEmail(db, userId);
}

export function registerUserRoutes(app: Hono, deps: AuthDeps): void {
  const { ctx } = deps;

  app.get('/user', async (c) => {
    const { user } = await requireUser(ctx, c.req);
    return c.json(await loadUserJson(ctx.db, user.id));
  });

  app.put('/user', async (c) => {
    const { user, sessionId } = await requireUser(ctx, c.req);
    // After authentication, before the update, as GoTrue's middleware order has it.
    takeRequestQuota(deps, c, 'user_update');
    const body = await readJsonBody(c);
    if (body.app_metadata !== undefined) throw forbidden('not_admin', 'Updating app_metadata requires admin privileges');
    const rawEmail = optionalString(body, 'email');
    const password = optionalString(body, 'password');
    const phone = optionalString(body, 'phone');
    const data = optionalObject(body, 'data');
    const auth = ctx.config.auth;
    if (phone) throw unprocessable('phone_provider_disabled', 'Phone changes are not supported by the local backend');

    const email = rawEmail ? normalizeEmail(rawEmail) : undefined;
    const emailChanges = email !== undefined && email !== (user.email ?? '');
    if (emailChanges) {
      const taken = await findUserByEmail(ctx.db, email);
      if (taken && taken.id !== user.id) throw unprocessable('email_exists', 'A user with this email address has already been registered');
    }
    let encryptedPassword: string | undefined;
    if (password !== undefined) {
      if (user.is_anonymous && !user.email && !email) {
        throw unprocessable('validation_failed', 'Updating password of an anonymous user without an email or phone is not allowed');
      }
      validateNewPassword(deps, password);
      // GoTrue checks the current password before comparing the new one with it; a recovery link's
      // session is exempt (whoever follows it has forgotten the password).
      if (password !== '' && user.encrypted_password && deps.requireCurrentPassword && !(await isRecoverySession(ctx.db, sessionId))) {
        const current = optionalString(body, 'current_password');
        if (!current) throw badRequest('current_password_required', 'Current password required when setting new password.');
        if (!(await passwordMatches(current, user.encrypted_password, deps.bcryptCost))) {
          throw badRequest('current_password_invalid', 'Current password required when setting new password.');
        }
      }
      if (user.encrypted_password && (await passwordMatches(password, user.encrypted_password, deps.bcryptCost))) {
        throw unprocessable('same_password', 'New password should be different from the old password.');
      }
      encryptedPassword = await bcrypt.hash(password, deps.bcryptCost);
    }

    const redirectTo = safeRedirect(c.req.query('redirect_to'), auth, ctx.publicUrl);
    const mails: OutgoingMail[] = [];
    let emailUpdate: { immediate: boolean; tokenNew: string; tokenCurrent: string } | null = null;
    if (emailChanges) {
      if (user.is_anonymous && !auth.email.enable_confirmations) {
        emailUpdate = { immediate: true, tokenNew: '', tokenCurrent: '' };
      } else {
        rejectPkce(body);
        // GoTrue spaces email changes per user (email_change_sent_at), whatever the new address.
        admitMail(ctx, deps.limiter, 'email_change', user.id, { sends: true });
        const addresses = { email: user.email ?? '', newEmail: email };
        const toNew = prepareEmailLink(ctx, email, 'email_change', redirectTo, addresses);
        mails.push(toNew.mail);
        let tokenCurrent = '';
        // Double confirmation: the current address (if any) must approve as well.
        if (auth.email.double_confirm_changes && user.email) {
          const toCurrent = prepareEmailLink(ctx, user.email, 'email_change', redirectTo, addresses);
          mails.push(toCurrent.mail);
          tokenCurrent = toCurrent.hash;
        }
        emailUpdate = { immediate: false, tokenNew: toNew.hash, tokenCurrent };
      }
    }

    await ctx.db.transaction(async (tx) => {
      if (data) {
        await tx.query('update auth.users set raw_user_meta_data = $2, updated_at = now() where id = $1', [
          user.id,
          mergeMetadata(user.raw_user_meta_data, data),
        ]);
      }
      if (emailUpdate?.immediate && email) {
        const metadata = mergeMetadata(user.raw_user_meta_data, data ?? {});
        await upgradeAnonymousUser(tx, user.id, email, metadata);
      } else if (emailUpdate && email) {
        await tx.query(
          `update auth.users set email_change = $2, email_change_token_new = $3, email_change_token_current = $4,
             email_change_confirm_status = 0, email_change_sent_at = now(), updated_at = now() where id = $1`,
          [user.id, email, emailUpdate.tokenNew, emailUpdate.tokenCurrent],
        );
      }
      if (encryptedPassword) {
        await tx.query('update auth.users set encrypted_password = $2, updated_at = now() where id = $1', [user.id, encryptedPassword]);
        // A password change signs out every other session of the user (GoTrue UpdatePassword).
        if (sessionId) await tx.query('delete from auth.sessions where user_id = $1 and id <> $2', [user.id, sessionId]);
      }
    });
    for (const mail of mails) await ctx.mail.send(mail);
    return c.json(await loadUserJson(ctx.db, user.id));
  });
}
