import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { parse as parseToml } from 'smol-toml';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadProjectConfig } from '../server/index.ts';
import { createTestBackend, type TestBackend } from '../server/testing/test-backend.ts';
import { LUMEN_PROJECT_DIR } from '../supabase/tests/lumen-database.ts';
import { authMails } from './generate-auth-mails.ts';

const ROOT = path.dirname(LUMEN_PROJECT_DIR);
const REGENERATE = 'run node --import tsx scripts/generate-auth-mails.ts and commit what it writes';

describe('the auth mail templates', () => {
  it('in supabase/templates/ are what the script writes from the shared mail layout', async () => {
    for (const mail of authMails()) {
      expect(await readFile(path.join(ROOT, mail.contentPath), 'utf8'), `${mail.contentPath} differs from the generator: ${REGENERATE}`).toBe(mail.html);
    }
  });

  it("are named in config.toml with the script's subjects", async () => {
    const config = parseToml(await readFile(path.join(LUMEN_PROJECT_DIR, 'config.toml'), 'utf8')) as { auth: { email: { template: unknown } } };
    const expected = Object.fromEntries(authMails().map((mail) => [mail.name, { subject: mail.subject, content_path: mail.contentPath }]));
    expect(config.auth.email.template, `config.toml's [auth.email.template.*] differ from the generator: ${REGENERATE} (it prints the sections)`).toEqual(expected);
  });

  it('offer the link, never the code the app has no field for', () => {
    for (const mail of authMails()) {
      expect(mail.html, mail.name).toContain('<a href="{{ .ConfirmationURL }}" class="lm-button"');
      expect(mail.html, mail.name).not.toContain('.Token');
    }
  });
});

describe("Lumen's auth mails from the local backend", () => {
  let backend: TestBackend;
  beforeAll(async () => {
    const { auth } = await loadProjectConfig(LUMEN_PROJECT_DIR);
    backend = await createTestBackend({ config: { auth: { site_url: auth.site_url, email: { template: auth.email.template } } } });
  });
  afterAll(() => backend.close());

  it('a reset: the shop layout with the link and no code, in HTML and text', async () => {
    const email = 'reader+reset@example.test';
    expect((await backend.serviceClient().auth.admin.createUser({ email, password: 'long-enough-1', email_confirm: true })).error).toBeNull();
    expect((await backend.anonClient().auth.resetPasswordForEmail(email, { redirectTo: 'http://localhost:54321/reset-password' })).error).toBeNull();
    await expect.poll(async () => (await backend.ctx.mail.list({ to: email })).length).toBe(1);
    const [mail] = await backend.ctx.mail.list({ to: email });
    const link = mail.links[0];
    expect(mail.subject).toBe('Reset your Lumen password');
    expect(new URL(link).searchParams.get('type')).toBe('recovery');
    expect(mail.html).toContain('<meta name="color-scheme" content="light dark">');
    expect(mail.html).toContain(`<a href="${link.replaceAll('&', '&amp;')}" class="lm-button"`);
    expect(mail.html).toContain('the Lumen account for reader&#43;reset@example.test.');
    expect(mail.html).toContain('href="http://localhost:54321/contact"');
    expect(mail.text).toContain(`Choose a new password: ${link}\n`);
    expect(mail.text).toContain('the Lumen account for reader+reset@example.test.');
    expect(mail.text).toContain('Contact us: http://localhost:54321/contact');
    expect(mail.text).not.toMatch(/\b\d{6}\b/);
    expect(mail.text).not.toContain('code');
    expect(mail.text).not.toMatch(/<|&#/);
  });
});
