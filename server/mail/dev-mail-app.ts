import { z } from 'zod';
import { Hono } from 'hono';
import { html, raw } from 'hono/html';
import type { ServerContext } from '../context.ts';
import { resolveBearer } from '../gateway/resolve-bearer.ts';
import { verifyJwt } from '../gateway/jwt.ts';

/** What a function posts to `/_dev/mail/send`, as a mail provider's API takes it. */
const MAIL_REQUEST = z.object({
  to: z.string().trim().regex(/^[^\s@]+@[^\s@]+$/),
  subject: z.string(),
  text: z.string(),
  html: z.string().optional().catch(undefined),
});

const dateFormat = new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeStyle: 'medium', timeZone: 'UTC' });

/** Wraps http(s) URLs in links; everything else stays escaped text. */
function linkify(text: string) {
  const parts = text.split(/(https?:\/\/[^\s<>"']+)/g);
  return parts.map((part, index) => (index % 2 === 1 ? html`<a href="${part}">${part}</a>` : html`${part}`));
}

/**
 * A mail's HTML as the outbox frames it: links open in a new tab, as a mail client opens them
 * (the sandbox lets that tab escape it), instead of loading the shop inside the frame.
 */
function framedMail(mailHtml: string): string {
  const base = '<base target="_blank">';
  const head = /<head\b[^>]*>/i.exec(mailHtml);
  return head ? mailHtml.slice(0, head.index + head[0].length) + base + mailHtml.slice(head.index + head[0].length) : base + mailHtml;
}

/**
 * `/_dev`: the local mail outbox. Every mail the backend sends (auth confirmations and recovery
 * links, receipts that functions send through POST /_dev/mail/send) is kept and readable here, its
 * HTML as a mail client shows it and its text part beside it.
 * Local only: hosted deployments use Supabase Auth's mailer and a mail provider key.
 */
export function createDevMailApp(ctx: Pick<ServerContext, 'mail' | 'keys'>): Hono {
  const app = new Hono();

  app.get('/mail.json', async (c) => {
    const to = c.req.query('to');
    const limit = Number(c.req.query('limit') ?? 100);
    const messages = await ctx.mail.list({ to, limit: Number.isInteger(limit) && limit > 0 ? Math.min(limit, 1000) : 100 });
    return c.json(messages, 200, { 'Cache-Control': 'no-store' });
  });

  app.get('/mail', async (c) => {
    const messages = await ctx.mail.list({ limit: 200 });
    const body = html`<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <title>Mail outbox · Lumen local backend</title>
    <style>
      :root { color-scheme: light dark; font-family: system-ui, sans-serif; }
      body { max-width: 60rem; margin: 2rem auto; padding: 0 1rem; line-height: 1.5; }
      article { border: 1px solid color-mix(in srgb, currentColor 20%, transparent); border-radius: 8px; padding: 1rem; margin: 1rem 0; }
      pre { white-space: pre-wrap; word-break: break-word; font: inherit; }
      .meta { opacity: 0.75; font-size: 0.9rem; }
      iframe { display: block; width: 100%; height: 40rem; border: 1px solid color-mix(in srgb, currentColor 20%, transparent); border-radius: 6px; }
      details { margin-top: 0.75rem; }
      summary { cursor: pointer; }
    </style>
  </head>
  <body>
    <h1>Mail outbox</h1>
    <p class="meta">${messages.length} message(s), newest first. Also as <a href="/_dev/mail.json">JSON</a>.</p>
    ${messages.length === 0 ? html`<p>No mail has been sent yet.</p>` : ''}
    ${messages.map(
      (message) => html`<article>
        <h2>${message.subject}</h2>
        <p class="meta">To ${message.to} · ${dateFormat.format(new Date(message.created_at))} UTC</p>
        ${message.html
          ? html`<iframe title="${message.subject}" sandbox="allow-popups allow-popups-to-escape-sandbox" srcdoc="${framedMail(message.html)}"></iframe>
              <details>
                <summary>Text part</summary>
                <pre>${linkify(message.text)}</pre>
              </details>`
          : html`<pre>${linkify(message.text)}</pre>`}
      </article>`,
    )}
  </body>
</html>`;
    // A mail's HTML shows in a sandboxed frame (srcdoc, no scripts) that inherits this policy: its
    // inline styles are all it may use, so a mail can neither run script nor load anything.
    return c.html(raw(await body), 200, {
      'Cache-Control': 'no-store',
      'Content-Security-Policy': "default-src 'none'; style-src 'unsafe-inline'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'",
    });
  });

  // Functions send mail here (LUMEN_MAIL_API_URL) with the service-role key, like a provider API,
  // and like one it honours Idempotency-Key: a repeated key answers with the first message's id.
  app.post('/mail/send', async (c) => {
    const bearer = resolveBearer(c.req.header('authorization'), c.req.header('apikey'), ctx.keys);
    const verified = bearer ? await verifyJwt(bearer, ctx.keys.jwtSecret) : null;
    if (!verified?.ok || verified.claims.role !== 'service_role') {
      return c.json({ error: 'The mail API needs the service-role key.' }, 401);
    }
    const parsed = MAIL_REQUEST.safeParse(await c.req.json().catch(() => null));
    if (!parsed.success) {
      return c.json({ error: 'Send JSON {"to": "<address>", "subject": "<text>", "text": "<text>", "html"?: "<html>"}.' }, 400);
    }
    const body = parsed.data;
    const to = body.to;
    const links = [...body.text.matchAll(/https?:\/\/[^\s<>"']+/g)].map((match) => match[0]);
    const idempotencyKey = c.req.header('idempotency-key')?.trim();
    if (idempotencyKey !== undefined && (idempotencyKey === '' || idempotencyKey.length > 256)) {
      return c.json({ error: 'Idempotency-Key must be 1 to 256 characters.' }, 400);
    }
    const sent = await ctx.mail.send({ to, subject: body.subject, text: body.text, html: body.html, links, idempotencyKey });
    return c.json({ id: sent.id }, sent.repeated ? 200 : 202);
  });

  return app;
}
