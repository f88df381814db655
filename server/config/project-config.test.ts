import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { loadProjectConfig, parseProjectConfig } from './project-config.ts';

const dirs: string[] = [];
async function projectWith(toml: string): Promise<string> {
  const dir = await mkdtemp(path.join(tmpdir(), 'lumen-config-'));
  dirs.push(dir);
  await writeFile(path.join(dir, 'config.toml'), toml);
  return dir;
}
afterAll(() => Promise.all(dirs.map((dir) => rm(dir, { recursive: true, force: true }))));

describe('project config', () => {
  it('fills in the Supabase CLI defaults', () => {
    const config = parseProjectConfig({});
    expect(config.auth).toMatchObject({
      site_url: 'http://127.0.0.1:3000',
      enable_signup: true,
      enable_anonymous_sign_ins: false,
      minimum_password_length: 6,
      password_requirements: '',
      jwt_expiry: 3600,
      enable_refresh_token_rotation: true,
      refresh_token_reuse_interval: 10,
      email: { enable_signup: true, enable_confirmations: false, double_confirm_changes: true },
      rate_limit: { email_sent: 2, sign_in_sign_ups: 30, token_refresh: 150, token_verifications: 30, anonymous_users: 30 },
    });
    expect(config.functions).toEqual({});
    expect(config.api).toEqual({ enabled: true, schemas: ['public', 'graphql_public'], extra_search_path: ['public', 'extensions'], max_rows: 1000 });
  });

  it('reads [api] schemas, extra_search_path and max_rows as the CLI writes them', async () => {
    const dir = await projectWith(`
[api]
enabled = true
port = 54321
schemas = ["public", "api"]
extra_search_path = ["public", "extensions", "utils"]
max_rows = 250
`);
    expect((await loadProjectConfig(dir)).api).toEqual({ enabled: true, schemas: ['public', 'api'], extra_search_path: ['public', 'extensions', 'utils'], max_rows: 250 });
    await expect(loadProjectConfig(await projectWith('[api]\nschemas = []\n'))).rejects.toThrow(/api\.schemas: expose at least one schema/);
  });

  it('reads auth, functions and storage buckets from config.toml', async () => {
    const dir = await projectWith(`
project_id = "demo"
[auth]
site_url = "http://localhost:5173"
enable_anonymous_sign_ins = true
minimum_password_length = 10
password_requirements = "letters_digits"
[auth.email]
enable_confirmations = true
[functions.delete-account]
verify_jwt = false
[storage.buckets.avatars]
public = false
file_size_limit = "5MiB"
allowed_mime_types = ["image/png", "image/*"]
[analytics]
enabled = false
`);
    const config = await loadProjectConfig(dir);
    expect(config.project_id).toBe('demo');
    expect(config.auth).toMatchObject({ site_url: 'http://localhost:5173', enable_anonymous_sign_ins: true, minimum_password_length: 10, password_requirements: 'letters_digits' });
    expect(config.auth.email.enable_confirmations).toBe(true);
    expect(config.functions['delete-account']).toMatchObject({ verify_jwt: false, enabled: true });
    expect(config.storage.buckets.avatars).toEqual({ public: false, file_size_limit: 5 * 1024 * 1024, allowed_mime_types: ['image/png', 'image/*'] });
  });

  it('applies deep overrides on top of the file', async () => {
    const dir = await projectWith('[auth]\nminimum_password_length = 12\n');
    const config = await loadProjectConfig(dir, { auth: { email: { enable_confirmations: true }, rate_limit: { email_sent: 99 } } });
    expect(config.auth.minimum_password_length).toBe(12);
    expect(config.auth.email.enable_confirmations).toBe(true);
    expect(config.auth.rate_limit).toMatchObject({ email_sent: 99, sign_in_sign_ups: 30 });
  });

  it('uses defaults when config.toml is missing', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'lumen-config-'));
    dirs.push(dir);
    expect((await loadProjectConfig(dir)).auth.minimum_password_length).toBe(6);
  });

  it('rejects invalid values with the key path', async () => {
    const dir = await projectWith('[auth]\nminimum_password_length = "eight"\n');
    await expect(loadProjectConfig(dir)).rejects.toThrow(/auth\.minimum_password_length/);
    const broken = await projectWith('[auth\n');
    await expect(loadProjectConfig(broken)).rejects.toThrow(/Cannot parse/);
  });

  it("parses Lumen's own supabase/config.toml", async () => {
    const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
    const config = await loadProjectConfig(path.join(root, 'supabase'));
    expect(config.project_id).toBe('lumen');
    expect(config.auth).toMatchObject({ enable_anonymous_sign_ins: true, minimum_password_length: 8, site_url: 'http://localhost:54321' });
    expect(config.auth.email.enable_confirmations).toBe(false);
    expect(config.api).toMatchObject({ schemas: ['public'], extra_search_path: ['public', 'extensions'], max_rows: 1000 });
    expect(Object.keys(config.auth.email.template).sort()).toEqual(['confirmation', 'email_change', 'invite', 'magic_link', 'recovery']);
    expect(config.auth.email.template.recovery?.content).toContain('{{ .ConfirmationURL }}');
  });
});

describe('[auth.email.template.*]', () => {
  /** A repository with supabase/config.toml and the given files, as the CLI lays it out. */
  async function repoWith(toml: string, files: Record<string, string> = {}): Promise<string> {
    const root = await mkdtemp(path.join(tmpdir(), 'lumen-templates-'));
    dirs.push(root);
    await mkdir(path.join(root, 'supabase', 'templates'), { recursive: true });
    await writeFile(path.join(root, 'supabase', 'config.toml'), toml);
    for (const [name, text] of Object.entries(files)) await writeFile(path.join(root, name), text);
    return path.join(root, 'supabase');
  }

  it('reads subject and content_path, the path relative to the folder that holds supabase/ (the CLI\'s convention)', async () => {
    const dir = await repoWith('[auth.email.template.recovery]\nsubject = "Reset your password"\ncontent_path = "./supabase/templates/recovery.html"\n', {
      'supabase/templates/recovery.html': '<p><a href="{{ .ConfirmationURL }}">Reset</a></p>',
    });
    const { template } = (await loadProjectConfig(dir)).auth.email;
    expect(template).toEqual({
      recovery: {
        subject: 'Reset your password',
        content_path: path.join(path.dirname(dir), 'supabase', 'templates', 'recovery.html'),
        content: '<p><a href="{{ .ConfirmationURL }}">Reset</a></p>',
      },
    });
    expect(parseProjectConfig({}).auth.email.template).toEqual({});
  });

  it('refuses, at load, a template with a construct the local renderer does not support, naming it, the template and the line', async () => {
    const dir = await repoWith('[auth.email.template.recovery]\ncontent_path = "./supabase/templates/recovery.html"\n', {
      'supabase/templates/recovery.html': '<p>Reset:</p>\n{{ if .Token }}<p>{{ .Token }}</p>{{ end }}',
    });
    await expect(loadProjectConfig(dir)).rejects.toThrow(
      /config\.toml: auth\.email\.template\.recovery \(\.\/supabase\/templates\/recovery\.html\), line 2: \{\{ if \.Token \}\}: "if" is not supported/,
    );
    const subject = await repoWith('[auth.email.template.confirmation]\nsubject = "{{ .Email | upper }}"\n');
    await expect(loadProjectConfig(subject)).rejects.toThrow(/auth\.email\.template\.confirmation\.subject, line 1: .*a pipeline \(\|\) is not supported/);
  });

  it('refuses a missing file, an unknown template name and inline content, as the CLI does', async () => {
    await expect(loadProjectConfig(await repoWith('[auth.email.template.recovery]\ncontent_path = "./templates/recovery.html"\n'))).rejects.toThrow(
      /auth\.email\.template\.recovery\.content_path: cannot read .*templates\/recovery\.html/,
    );
    await expect(loadProjectConfig(await repoWith('[auth.email.template.recover]\nsubject = "x"\n'))).rejects.toThrow(
      /auth\.email\.template\.recover: no such auth mail template \(invite, confirmation, recovery, magic_link, email_change, reauthentication\)/,
    );
    await expect(loadProjectConfig(await repoWith('[auth.email.template.recovery]\ncontent = "<p>x</p>"\n'))).rejects.toThrow(
      /auth\.email\.template\.recovery\.content: please use content_path instead/,
    );
  });
});
