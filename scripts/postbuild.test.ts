import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { postbuild } from './postbuild.ts';

let distDir = '';

afterEach(async () => {
  if (distDir) await rm(distDir, { recursive: true, force: true });
});

describe('postbuild for a static host', () => {
  it('lets the hosted project serve images and connections, and writes the single-page-app fallback', async () => {
    distDir = await mkdtemp(path.join(tmpdir(), 'lumen-postbuild-'));
    await writeFile(path.join(distDir, 'index.html'), '<html><head><script>document.documentElement.dataset.theme="light"</script></head></html>');
    await postbuild(distDir, 'https://abcd.supabase.co');
    const headers = await readFile(path.join(distDir, '_headers'), 'utf8');
    expect(headers).toMatch(/img-src 'self' data: blob: https:\/\/abcd\.supabase\.co;/);
    expect(headers).toMatch(/connect-src 'self' https:\/\/abcd\.supabase\.co wss:\/\/abcd\.supabase\.co;/);
    expect(headers).not.toMatch(/img-src[^;]*wss:/);
    const redirects = await readFile(path.join(distDir, '_redirects'), 'utf8');
    expect(redirects).toContain("/account  /app-shell.html  200\n");
    expect(redirects).toContain("/orders/:reference  /app-shell.html  200\n");
    expect(redirects.trimEnd().split("\n").at(-1)).toBe("/*  /404.html  404");
  });

  it('allows only its own origin when the build targets the local backend', async () => {
    distDir = await mkdtemp(path.join(tmpdir(), 'lumen-postbuild-'));
    await writeFile(path.join(distDir, 'index.html'), '<html><head><script>1</script></head></html>');
    await postbuild(distDir, undefined);
    const headers = await readFile(path.join(distDir, '_headers'), 'utf8');
    expect(headers).toMatch(/img-src 'self' data: blob:;/);
    expect(headers).toMatch(/connect-src 'self';/);
  });
});

/** The document CSP line of a written `_headers` file. */
async function builtCsp(dir: string): Promise<string> {
  const headers = await readFile(path.join(dir, '_headers'), 'utf8');
  const line = headers.split('\n').find((candidate) => candidate.trimStart().startsWith('Content-Security-Policy: '));
  if (!line) throw new Error(`no Content-Security-Policy in _headers:\n${headers}`);
  return line.trim().slice('Content-Security-Policy: '.length);
}

async function buildWith(siteKey: string | undefined): Promise<{ csp: string; hash: string; manifest: Record<string, unknown> }> {
  distDir = await mkdtemp(path.join(tmpdir(), 'lumen-postbuild-'));
  await writeFile(path.join(distDir, 'index.html'), '<html><head><script>1</script></head></html>');
  const [hash] = await postbuild(distDir, 'https://abcd.supabase.co', siteKey);
  const manifest = JSON.parse(await readFile(path.join(distDir, 'build-manifest.json'), 'utf8')) as Record<string, unknown>;
  return { csp: await builtCsp(distDir), hash: hash ?? '', manifest };
}

describe('postbuild and the CAPTCHA widget (VITE_TURNSTILE_SITE_KEY)', () => {
  // Written out in full: any other source slipping into the policy fails these.
  const policy = (hash: string, scripts: string, frames: string): string =>
    `default-src 'self'; script-src 'self' ${hash}${scripts}; style-src 'self' 'unsafe-inline'; ` +
    "img-src 'self' data: blob: https://abcd.supabase.co; font-src 'self'; " +
    `connect-src 'self' https://abcd.supabase.co wss://abcd.supabase.co; ${frames}` +
    "object-src 'none'; base-uri 'self'; form-action 'self'; frame-ancestors 'none'";

  it('keeps the policy as it was when the build has no site key', async () => {
    const { csp, hash, manifest } = await buildWith(undefined);
    expect(csp).toBe(policy(hash, '', ''));
    expect(csp).not.toContain('frame-src');
    expect(csp).not.toContain('challenges.cloudflare.com');
    expect(Object.keys(manifest).sort()).toEqual(['connectSources', 'inlineScriptBytes', 'routes', 'scriptHashes']);
  });

  it('treats an empty site key as none', async () => {
    const { csp, hash } = await buildWith('');
    expect(csp).toBe(policy(hash, '', ''));
  });

  it('allows Turnstile’s script and challenge frame from its one origin, and nothing else', async () => {
    const { csp, hash, manifest } = await buildWith('0x4AAAAAAAtest-site-key');
    expect(csp).toBe(policy(hash, ' https://challenges.cloudflare.com', 'frame-src https://challenges.cloudflare.com; '));
    // The site key is public, but it has no business in the headers.
    expect(csp).not.toContain('0x4AAAAAAAtest-site-key');
    expect(manifest).toMatchObject({ scriptSources: ['https://challenges.cloudflare.com'], frameSources: ['https://challenges.cloudflare.com'] });
  });
});
