import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestBackend, type TestBackend } from '../testing/test-backend.ts';

let backend: TestBackend;
beforeAll(async () => {
  backend = await createTestBackend();
});
afterAll(() => backend.close());

const url = (path: string) => `${backend.ctx.publicUrl}/_dev${path}`;

describe('the dev mail outbox', () => {
  it('is not readable through a rebound name, nor the admin API', async () => {
    await backend.ctx.mail.send({ to: 'victim@example.test', subject: 'Reset your password', text: 'Reset: http://localhost:54321/auth/v1/verify?token=secret' });
    const outbox = await backend.fetch('http://rebind.evil.example:54321/_dev/mail.json');
    expect(outbox.status).toBe(403);
    expect(await outbox.text()).not.toContain('secret');
    const admin = await backend.fetch('http://rebind.evil.example:54321/auth/v1/admin/users', {
      headers: { apikey: backend.ctx.keys.serviceRoleKey, Authorization: `Bearer ${backend.ctx.keys.serviceRoleKey}` },
    });
    expect(admin.status).toBe(403);
    expect((await backend.fetch(url('/mail.json'))).status).toBe(200);
  });

  it('accepts mail from functions with the service-role key only', async () => {
    const body = JSON.stringify({ to: 'reader@example.test', subject: 'Receipt <#1>', text: 'See https://example.test/orders/1 for details' });
    const refused = await backend.fetch(url('/mail/send'), {
      method: 'POST',
      headers: { Authorization: `Bearer ${backend.ctx.keys.anonKey}`, 'Content-Type': 'application/json' },
      body,
    });
    expect(refused.status).toBe(401);
    const accepted = await backend.fetch(url('/mail/send'), {
      method: 'POST',
      headers: { Authorization: `Bearer ${backend.ctx.keys.serviceRoleKey}`, 'Content-Type': 'application/json' },
      body,
    });
    expect(accepted.status).toBe(202);
    const bad = await backend.fetch(url('/mail/send'), {
      method: 'POST',
      headers: { apikey: backend.ctx.keys.secretKey, 'Content-Type': 'application/json' },
      body: JSON.stringify({ to: 'not an address', subject: 'x', text: 'y' }),
    });
    expect(bad.status).toBe(400);
    const [latest] = (await (await backend.fetch(url('/mail.json?to=reader@example.test'))).json()) as { subject: string; links: string[] }[];
    expect(latest).toMatchObject({ subject: 'Receipt <#1>', links: ['https://example.test/orders/1'] });
  });

  it('sends a message once per Idempotency-Key, answering a repeat with the first message', async () => {
    const send = (key: string, subject: string) =>
      backend.fetch(url('/mail/send'), {
        method: 'POST',
        headers: { Authorization: `Bearer ${backend.ctx.keys.serviceRoleKey}`, 'Content-Type': 'application/json', 'Idempotency-Key': key },
        body: JSON.stringify({ to: 'once@example.test', subject, text: 'Thank you.' }),
      });
    const first = await send('order-7/receipt', 'Receipt #7');
    expect(first.status).toBe(202);
    const again = await send('order-7/receipt', 'Receipt #7');
    expect(again.status).toBe(200);
    expect(await again.json()).toEqual(await first.json());
    expect((await send('order-7/cancellation', 'Cancelled #7')).status).toBe(202);
    expect((await send('x'.repeat(257), 'Too long')).status).toBe(400);
    const mails = (await (await backend.fetch(url('/mail.json?to=once@example.test'))).json()) as { subject: string }[];
    expect(mails.map((mail) => mail.subject)).toEqual(['Cancelled #7', 'Receipt #7']);
  });

  it('lists messages on an HTML page with clickable, escaped links', async () => {
    await backend.ctx.mail.send({ to: 'page@example.test', subject: '<script>alert(1)</script>', text: 'Reset: http://localhost:54321/auth/v1/verify?token=abc&type=recovery' });
    const page = await backend.fetch(url('/mail'));
    expect(page.headers.get('content-type')).toContain('text/html');
    const html = await page.text();
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(html).not.toContain('<script>alert(1)</script>');
    expect(html).toContain('<a href="http://localhost:54321/auth/v1/verify?token=abc&amp;type=recovery">');
  });

  it('shows a mail with HTML as a mail client would: in a sandboxed frame without scripts, with the text part beside it', async () => {
    await backend.ctx.mail.send({
      to: 'framed@example.test',
      subject: 'Your "order"',
      text: 'See your order: http://localhost:54321/orders/7K3Q-9XPD?key=a&b',
      html: '<!doctype html><html><head><title>Order</title></head><body><p class="x">Hi &amp; <b>welcome</b></p><script>alert(1)</script></body></html>',
    });
    await backend.ctx.mail.send({ to: 'framed@example.test', subject: 'Plain only', text: 'Nothing but text.' });
    const page = await backend.fetch(url('/mail'));
    const html = await page.text();
    const frames = [...html.matchAll(/<iframe [^>]*>/g)].map((match) => match[0]);
    const framed = frames.find((frame) => frame.includes('title="Your &quot;order&quot;"'));
    expect(framed).toBeDefined();
    // No allow-scripts (nor allow-same-origin): the mail's script cannot run; links open in a new tab.
    expect(framed).toContain('sandbox="allow-popups allow-popups-to-escape-sandbox"');
    // The whole document, escaped into the attribute, with a base that sends links to a new tab.
    expect(framed).toContain(
      'srcdoc="&lt;!doctype html&gt;&lt;html&gt;&lt;head&gt;&lt;base target=&quot;_blank&quot;&gt;&lt;title&gt;Order&lt;/title&gt;&lt;/head&gt;&lt;body&gt;&lt;p class=&quot;x&quot;&gt;Hi &amp;amp; &lt;b&gt;welcome&lt;/b&gt;&lt;/p&gt;&lt;script&gt;alert(1)&lt;/script&gt;',
    );
    expect(html).not.toContain('<script>alert(1)</script>');
    expect(html).toMatch(/<details>\s*<summary>Text part<\/summary>\s*<pre>See your order: <a href="http:\/\/localhost:54321\/orders\/7K3Q-9XPD\?key=a&amp;b">/);
    // A mail without HTML shows its text as before, with no frame.
    expect(html).toMatch(/<h2>Plain only<\/h2>\s*<p class="meta">[^<]*<\/p>\s*<pre>Nothing but text\.<\/pre>/);
    // The frame inherits the page's policy: scripts, images, fonts and connections stay blocked.
    expect(page.headers.get('content-security-policy')).toBe("default-src 'none'; style-src 'unsafe-inline'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'");
  });
});
