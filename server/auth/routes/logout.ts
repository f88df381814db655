import type { Hono } from 'hono';
import type { AuthDeps } from '../auth-deps.ts';
import { validationFailed } from '../http-errors.ts';
import { requireUser } from '../require-user.ts';

export function registerLogoutRoutes(app: Hono, deps: AuthDeps): void {
  const { ctx } = deps;

  /** Deleting sessions cascades to their refresh tokens, so revoked sessions can neither refresh nor call /user. */
  app.post('/logout', async (c) => {
    const scope = c.req.query('scope') ?? 'global';
    if (!['global', 'local', 'others'].includes(scope)) throw validationFailed(`Unsupported logout scope "${scope}"`);
    const { user, sessionId } = await requireUser(ctx, c.req);
    if (scope === 'global' || !sessionId) {
      await ctx.db.query('delete from auth.sessions where user_id = $1', [user.id]);
    } else if (scope === 'local') {
      await ctx.db.query('delete from auth.sessions where id = $1', [sessionId]);
    } else {
      await ctx.db.query('delete from auth.sessions where user_id = $1 and id <> $2', [user.id, sessionId]);
    }
    return c.body(null, 204);
  });
}
