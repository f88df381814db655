import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestBackend, type TestBackend } from '../testing/test-backend.ts';
import { settleAfterResponse } from '../lib/after-response.ts';
import { signedInClient, uniqueEmail } from './testing/auth-fixtures.ts';

/** Mail templates as config.toml's [auth.email.template.*] would give them (here inline, as `content`). */
const RECOVERY = `<!-- dropped, as Go's html/template drops comments -->
<html lang="en"><head><title>{{ .Email }}</title></head>
<body>
  <p>Reset the password for {{ .Email }} at <a href="{{ .SiteURL }}">the shop</a>.</p>
  <p><a href="{{ .ConfirmationURL }}">Choose a new password</a></p>
</body></html>`;

const EMAIL_CHANGE = `<p>From {{ .Email }} to {{ .NewEmail }}, this one to {{ .SendingTo }}.</p><p><a href="{{ .ConfirmationURL }}">Confirm</a></p>`;
const CONFIRMATION_WITH_CODE = `<p><a href="{{ .ConfirmationURL }}">Confirm</a> or type {{ .Token }}</p>`;

let backend: TestBackend;
beforeAll(async () => {
  backend = await createTestBackend({
    config: {
      auth: {
        site_url: 'http://localhost:54321',
        email: {
          template: {
            recovery: { subject: 'Reset the password of {{ .Email }}', content: RECOVERY },
            email_change: { subject: 'Confirm your new address', content: EMAIL_CHANGE },
            confirmation: { content: CONFIRMATION_WITH_CODE },
          },
        },
      },
    },
  });
});
afterAll(() => backend.close());

async function latestMail(to: string) {
  await settleAfterResponse();
  const [mail] = await backend.ctx.mail.list({ to });
  if (!mail) throw new Error(`no mail for ${to}`);
  return mail;
}

describe('auth mails from config.toml templates', () => {
  it('recovery: subject and HTML from the template, escaped as Go escapes them, text read off the HTML, the link first in links and working', async () => {
    const { email } = await signedInClient(backend);
    const { error } = await backend.anonClient().auth.resetPasswordForEmail(email, { redirectTo: 'http://localhost:54321/reset-password' });
    expect(error).toBeNull();
    const mail = await latestMail(email);
    // The subject is a template too (html/template, as GoTrue renders it).
    expect(mail.subject).toBe(`Reset the password of ${email}`);
    const link = mail.links[0];
    expect(new URL(link).pathname).toBe('/auth/v1/verify');
    expect(new URL(link).searchParams.get('type')).toBe('recovery');
    expect(mail.html).not.toContain('dropped');
    expect(mail.html).toContain(`<title>${email}</title>`);
    expect(mail.html).toContain(`<a href="${link.replaceAll('&', '&amp;')}">Choose a new password</a>`);
    expect(mail.text).toBe(`Reset the password for ${email} at the shop: http://localhost:54321.\n\nChoose a new password: ${link}\n`);
    // The template offers no code, so the mail has none.
    expect(mail.text).not.toMatch(/\b\d{6}\b/);
    expect(mail.html).not.toMatch(/\b\d{6}\b/);
    const followed = await backend.fetch(link, { redirect: 'manual' });
    expect(followed.status).toBe(303);
    expect(followed.headers.get('location')).toContain('access_token=');
  });

  it("escapes the address as html/template does ('+' too)", async () => {
    const email = uniqueEmail('ada+shop');
    expect((await backend.serviceClient().auth.admin.createUser({ email, password: 'long-enough-1', email_confirm: true })).error).toBeNull();
    await backend.anonClient().auth.resetPasswordForEmail(email);
    const mail = await latestMail(email);
    expect(mail.html).toContain(`for ${email.replace('+', '&#43;')} at`);
    expect(mail.subject).toBe(`Reset the password of ${email.replace('+', '&#43;')}`);
    expect(mail.text).toContain(`for ${email} at`);
  });

  it('email change: both mails name the current and the new address, each its own link', async () => {
    const { client, email } = await signedInClient(backend);
    const newEmail = uniqueEmail('moved');
    expect((await client.auth.updateUser({ email: newEmail })).error).toBeNull();
    const toNew = await latestMail(newEmail);
    const toCurrent = await latestMail(email);
    expect(toNew.subject).toBe('Confirm your new address');
    expect(toNew.html).toContain(`From ${email} to ${newEmail}, this one to ${newEmail}.`);
    expect(toCurrent.html).toContain(`From ${email} to ${newEmail}, this one to ${email}.`);
    expect(toNew.links[0]).not.toBe(toCurrent.links[0]);
    expect((await backend.fetch(toNew.links[0], { redirect: 'manual' })).status).toBe(303);
    expect((await backend.fetch(toCurrent.links[0], { redirect: 'manual' })).headers.get('location')).toContain('access_token=');
  });

  it('a template without a subject keeps GoTrue’s; one that asks for the code gets it', async () => {
    const email = uniqueEmail('confirm');
    const confirming = await createTestBackend({
      config: { auth: { email: { enable_confirmations: true, template: { confirmation: { content: CONFIRMATION_WITH_CODE } } } } },
    });
    try {
      expect((await confirming.anonClient().auth.signUp({ email, password: 'long-enough-1' })).error).toBeNull();
      const [mail] = await confirming.ctx.mail.list({ to: email });
      expect(mail.subject).toBe('Confirm Your Signup');
      expect(mail.text).toMatch(/^Confirm: http:\/\/localhost:54321\/auth\/v1\/verify\?\S+ or type \d{6}\n$/);
    } finally {
      await confirming.close();
    }
  });

  it('without templates, GoTrue’s default mails with the link and the code', async () => {
    const plain = await createTestBackend();
    try {
      const { email } = await signedInClient(plain);
      await plain.anonClient().auth.resetPasswordForEmail(email);
      await settleAfterResponse();
      const [mail] = await plain.ctx.mail.list({ to: email });
      expect(mail.subject).toBe('Reset Your Password');
      expect(mail.text).toMatch(/Alternatively, enter the code: \d{6}\n$/);
    } finally {
      await plain.close();
    }
  });
});
