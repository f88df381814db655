import { Hono } from 'hono';
import type { MailOutbox } from './outbox.ts';

/** `/_dev` routes for the local outbox. The HTML page at /_dev/mail comes with the storage issue. */
export function createDevMailApp(mail: MailOutbox): Hono {
  const app = new Hono();
  app.get('/mail.json', async (c) => {
    const to = c.req.query('to');
    const limit = Number(c.req.query('limit') ?? 100);
    const messages = await mail.list({ to, limit: Number.isInteger(limit) && limit > 0 ? Math.min(limit, 1000) : 100 });
    return c.json(messages, 200, { 'Cache-Control': 'no-store' });
  });
  return app;
}
