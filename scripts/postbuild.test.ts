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
    expect(await readFile(path.join(distDir, '_redirects'), 'utf8')).toBe('/*  /app-shell.html  200\n');
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
