import { createHash } from 'node:crypto';
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { APP_SHELL, type CspOptions, documentSecurityHeaders, precompress } from '../server/index.ts';
import { prerenderSite } from './prerender.ts';

/**
 * After `vite build`: prerender the public routes (scripts/prerender.ts), hash every inline script
 * of dist/index.html for the CSP, write dist/build-manifest.json (read by the server) and
 * dist/_headers (the same headers for static hosts such as Netlify or Cloudflare Pages), then
 * precompress the text files (scripts/precompress.ts).
 */

/** Origins besides the page's own that the build connects to: the hosted Supabase URL, HTTP and WebSocket. */
export function connectSourcesFor(supabaseUrl: string | undefined): string[] {
  return supabaseUrl ? [supabaseUrl, supabaseUrl.replace(/^http/, 'ws')] : [];
}

/** `dist/_headers`: the security headers the local server sends on every page, plus the asset cache. */
export function renderHeadersFile(options: CspOptions): string {
  const headerLines = Object.entries(documentSecurityHeaders(options)).map(([name, value]) => `  ${name}: ${value}`);
  return ['/*', ...headerLines, '/assets/*', '  Cache-Control: public, max-age=31536000, immutable', ''].join('\n');
}

export async function postbuild(distDir: string, supabaseUrl: string | undefined): Promise<string[]> {
  const html = await readFile(path.join(distDir, 'index.html'), 'utf8');
  const inlineScripts = [...html.matchAll(/<script>([\s\S]*?)<\/script>/g)].map((match) => match[1] ?? '');
  if (inlineScripts.length === 0) throw new Error('dist/index.html has no inline theme script');

  const scriptHashes = inlineScripts.map((source) => `'sha256-${createHash('sha256').update(source).digest('base64')}'`);
  const connectSources = connectSourcesFor(supabaseUrl);
  const manifest = { scriptHashes, connectSources, inlineScriptBytes: inlineScripts.map((s) => Buffer.byteLength(s)) };
  await writeFile(path.join(distDir, 'build-manifest.json'), `${JSON.stringify(manifest, null, 2)}\n`);
  await writeFile(path.join(distDir, '_headers'), renderHeadersFile({ scriptHashes, connectSources }));
  // Netlify / Cloudflare Pages: a prerendered page where there is one (files come first), the app
  // shell for every other deep link (the local server does the same).
  await writeFile(path.join(distDir, '_redirects'), `/*  /${APP_SHELL}  200\n`);
  return scriptHashes;
}

const scriptPath = fileURLToPath(import.meta.url);
if (process.argv[1] && path.resolve(process.argv[1]) === scriptPath) {
  const rootDir = path.resolve(path.dirname(scriptPath), '..');
  const distDir = path.join(rootDir, 'dist');
  const started = performance.now();
  const pages = await prerenderSite(rootDir, distDir);
  console.log(`postbuild: ${pages} pages prerendered in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  const scriptHashes = await postbuild(distDir, process.env.VITE_SUPABASE_URL);
  console.log(`postbuild: CSP hashes ${scriptHashes.join(' ')}`);
  const compressed = await precompress(distDir);
  const kib = (bytes: number) => `${(bytes / 1024).toFixed(0)} KiB`;
  console.log(
    `postbuild: ${compressed.files} files precompressed, ${kib(compressed.bytes)} → ${kib(compressed.brotliBytes)} brotli, ${kib(compressed.gzipBytes)} gzip`,
  );
}
