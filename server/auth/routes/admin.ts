import { randomUUID } from 'node:crypto';
import bcrypt from 'bcryptjs';
import type { Hono } from 'hono';
import { normalizeEmail, optionalObject, optionalString, readJsonBody, type AuthDeps } from '../auth-deps.ts';
import { AuthHttpError, unprocessable } from '../http-errors.ts';
import { goDurationMs } from '../../lib/go-duration.ts';
import { requireAdmin } from '../require-user.ts';
import { loadUserJson, userJson } from '../user-json.ts';
import { confirmEmail, findUserByEmail, findUserById, insertEmailIdentity, insertUser, listIdentities, type Json } from '../user-store.ts';
import { validateNewPassword } from './signup.ts';

const userNotFound = () => new AuthHttpError(404, 'user_not_found', 'User not found');

/** The last millisecond a JavaScript Date can represent. */
const MAX_DATE_MS = 8.64e15;

/** "24h", "30m", "none" → ms (GoTrue's ban_duration, a Go duration); null = lift the ban. */
function parseBanDuration(value: string): number | null {
  if (value === 'none') return null;
  const ms = goDurationMs(value);
  // Beyond what a Date holds ("99999999999999999999h") there is no end time to store: a 400, not a RangeError.
  if (ms === null || Date.now() + ms > MAX_DATE_MS) throw new AuthHttpError(400, 'validation_failed', 'invalid format for ban duration');
  return ms;
}

/** `?page=&per_page=`: unparseable values fall back to the defaults; pages past any offset Postgres holds are a 400. */
function pagination(pageText: string | undefined, perPageText: string | undefined): { page: number; perPage: number } {
  const page = Math.max(1, Number.parseInt(pageText ?? '1', 10) || 1);
  const perPage = Math.min(1000, Math.max(1, Number.parseInt(perPageText ?? '50', 10) || 50));
  if (!Number.isSafeInteger(page * perPage)) throw new AuthHttpError(400, 'validation_failed', 'Bad Pagination Parameters: page is out of range');
  return { page, perPage };
}

/** Service-role user management (supabase.auth.admin.*). */
export function registerAdminRoutes(app: Hono, deps: AuthDeps): void {
  const { ctx } = deps;

  app.use('/admin/*', async (c, next) => {
    await requireAdmin(ctx, c.req);
    await next();
  });

  app.get('/admin/users', async (c) => {
    const { page, perPage } = pagination(c.req.query('page'), c.req.query('per_page'));
    const { rows } = await ctx.db.query<{ id: string }>('select id from auth.users order by created_at desc, id limit $1 offset $2', [
      perPage,
      (page - 1) * perPage,
    ]);
    const total = (await ctx.db.query<{ n: number }>('select count(*)::int as n from auth.users')).rows[0]?.n ?? 0;
    const users: Json[] = [];
    for (const row of rows) {
      const user = await loadUserJson(ctx.db, row.id);
      if (user) users.push(user);
    }
    const lastPage = Math.max(1, Math.ceil(total / perPage));
    const base = `${ctx.publicUrl}/auth/v1/admin/users`;
    const links = [`<${base}?page=${lastPage}&per_page=${perPage}>; rel="last"`];
    if (page < lastPage) links.unshift(`<${base}?page=${page + 1}&per_page=${perPage}>; rel="next"`);
    return c.json({ users, aud: 'authenticated' }, 200, { 'x-total-count': String(total), link: links.join(', ') });
  });

  app.post('/admin/users', async (c) => {
    const body = await readJsonBody(c);
    const rawEmail = optionalString(body, 'email');
    const password = optionalString(body, 'password');
    const userMetadata = optionalObject(body, 'user_metadata') ?? optionalObject(body, 'data') ?? {};
    const appMetadata = optionalObject(body, 'app_metadata') ?? {};
    const confirmed = body.email_confirm === true;
    if (!rawEmail) throw new AuthHttpError(400, 'validation_failed', 'Creating a user requires an email or phone (phone is not supported locally)');
    const email = normalizeEmail(rawEmail);
    if (await findUserByEmail(ctx.db, email)) throw unprocessable('email_exists', 'A user with this email address has already been registered');
    if (password !== undefined) validateNewPassword(deps, password);
    const id = randomUUID();
    const encryptedPassword = password ? await bcrypt.hash(password, deps.bcryptCost) : null;
    await ctx.db.transaction(async (tx) => {
      await insertUser(tx, {
        id, email, encryptedPassword, confirmed, isAnonymous: false,
        appMetadata: { provider: 'email', providers: ['email'], ...appMetadata },
        userMetadata: confirmed ? { ...userMetadata, email_verified: true } : userMetadata,
      });
    });
    return c.json(await loadUserJson(ctx.db, id));
  });

  app.get('/admin/users/:id', async (c) => {
    const user = await loadUserJson(ctx.db, c.req.param('id'));
    if (!user) throw userNotFound();
    return c.json(user);
  });

  app.put('/admin/users/:id', async (c) => {
    const user = await findUserById(ctx.db, c.req.param('id'));
    if (!user) throw userNotFound();
    const body = await readJsonBody(c);
    const rawEmail = optionalString(body, 'email');
    const password = optionalString(body, 'password');
    const userMetadata = optionalObject(body, 'user_metadata');
    const appMetadata = optionalObject(body, 'app_metadata');
    const banDuration = optionalString(body, 'ban_duration');
    const email = rawEmail ? normalizeEmail(rawEmail) : undefined;
    if (email && email !== user.email) {
      const taken = await findUserByEmail(ctx.db, email);
      if (taken && taken.id !== user.id) throw unprocessable('email_exists', 'A user with this email address has already been registered');
    }
    if (password !== undefined) validateNewPassword(deps, password);
    const encryptedPassword = password ? await bcrypt.hash(password, deps.bcryptCost) : undefined;
    await ctx.db.transaction(async (tx) => {
      if (email && email !== user.email) {
        await tx.query(`update auth.users set email = $2, is_anonymous = false, updated_at = now() where id = $1`, [user.id, email]);
        await insertEmailIdentity(tx, user.id, email, Boolean(user.email_confirmed_at), user.raw_user_meta_data ?? {});
      }
      if (encryptedPassword) await tx.query('update auth.users set encrypted_password = $2, updated_at = now() where id = $1', [user.id, encryptedPassword]);
      // Admin metadata updates merge at the top level, like GoTrue's UpdateUserMetaData / UpdateAppMetaData.
      if (userMetadata) {
        await tx.query(`update auth.users set raw_user_meta_data = coalesce(raw_user_meta_data, '{}'::jsonb) || $2::jsonb, updated_at = now() where id = $1`, [user.id, userMetadata]);
      }
      if (appMetadata) {
        await tx.query(`update auth.users set raw_app_meta_data = coalesce(raw_app_meta_data, '{}'::jsonb) || $2::jsonb, updated_at = now() where id = $1`, [user.id, appMetadata]);
      }
      if (body.email_confirm === true) await confirmEmail(tx, user.id);
      if (banDuration !== undefined) {
        const ms = parseBanDuration(banDuration);
        await tx.query('update auth.users set banned_until = $2, updated_at = now() where id = $1', [user.id, ms === null ? null : new Date(Date.now() + ms)]);
        if (ms !== null) await tx.query('delete from auth.sessions where user_id = $1', [user.id]);
      }
    });
    return c.json(await loadUserJson(ctx.db, user.id));
  });

  /** Hard delete cascades to identities, sessions and every app row referencing auth.users on delete cascade. */
  app.delete('/admin/users/:id', async (c) => {
    const user = await findUserById(ctx.db, c.req.param('id'));
    if (!user) throw userNotFound();
    const body = await readJsonBody(c);
    if (body.should_soft_delete === true) {
      await ctx.db.transaction(async (tx) => {
        await tx.query(
          `update auth.users set deleted_at = now(), email = null, phone = null, encrypted_password = '',
             raw_user_meta_data = '{}'::jsonb, updated_at = now() where id = $1`,
          [user.id],
        );
        await tx.query('delete from auth.identities where user_id = $1', [user.id]);
        await tx.query('delete from auth.sessions where user_id = $1', [user.id]);
      });
      return c.json(userJson({ ...user, deleted_at: new Date() }, await listIdentities(ctx.db, user.id)));
    }
    await ctx.db.query('delete from auth.users where id = $1', [user.id]);
    return c.json({});
  });
}
