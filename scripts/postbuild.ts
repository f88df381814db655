import { createHash } from 'node:crypto';
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { APP_SHELL, type CspOptions, documentSecurityHeaders, precompress } from '../server/index.ts';
import { prerenderSite } from './prerender.ts';
import { redirectsFile, ROUTE_TABLE } from './seo/app-routes.ts';

/**
 * After `vite build`: prerender the public routes (scripts/prerender.ts), hash every inline script
 * of dist/index.html for the CSP (which also allows Cloudflare Turnstile when the build has
 * VITE_TURNSTILE_SITE_KEY), write dist/build-manifest.json (read by the server) and dist/_headers
 * (the same headers for static hosts such as Netlify or Cloudflare Pages), then precompress the
 * text files (scripts/precompress.ts).
 */

/** Origins besides the page's own that the build connects to: the hosted Supabase URL, HTTP and WebSocket. */
export function connectSourcesFor(supabaseUrl: string | undefined): string[] {
  return supabaseUrl ? [supabaseUrl, supabaseUrl.replace(/^http/, 'ws')] : [];
}

/** Cloudflare Turnstile serves the CAPTCHA widget's script and its challenge iframe from this origin (src/lib/captcha.ts). */
export const TURNSTILE_ORIGIN = 'https://challenges.cloudflare.com';

/**
 * The script and frame origins a build with a Turnstile site key needs; none without one, so a
 * build without CAPTCHA keeps the policy it always had.
 */
export function captchaSourcesFor(turnstileSiteKey: string | undefined): Pick<CspOptions, 'scriptSources' | 'frameSources'> {
  return turnstileSiteKey ? { scriptSources: [TURNSTILE_ORIGIN], frameSources: [TURNSTILE_ORIGIN] } : {};
}

/** `dist/_headers`: the security headers the local server sends on every page, plus the asset cache. */
export function renderHeadersFile(options: CspOptions): string {
  const headerLines = Object.entries(documentSecurityHeaders(options)).map(([name, value]) => `  ${name}: ${value}`);
  return ['/*', ...headerLines, '/assets/*', '  Cache-Control: public, max-age=31536000, immutable', ''].join('\n');
}

export async function postbuild(distDir: string, supabaseUrl: string | undefined, turnstileSiteKey?: string): Promise<string[]> {
  const html = await readFile(path.join(distDir, 'index.html'), 'utf8');
  const inlineScripts = [...html.matchAll(/<script>([\s\S]*?)<\/script>/g)].map((match) => match[1] ?? '');
  if (inlineScripts.length === 0) throw new Error('dist/index.html has no inline theme script');

  const scriptHashes = inlineScripts.map((source) => `'sha256-${createHash('sha256').update(source).digest('base64')}'`);
  const connectSources = connectSourcesFor(supabaseUrl);
  // In the manifest too, so the local server sends a CAPTCHA build the same policy as dist/_headers.
  const captchaSources = captchaSourcesFor(turnstileSiteKey);
  // The route table tells the local server what answers an address with no prerendered page (404, 410 or the app).
  const manifest = { scriptHashes, connectSources, ...captchaSources, routes: ROUTE_TABLE, inlineScriptBytes: inlineScripts.map((s) => Buffer.byteLength(s)) };
  await writeFile(path.join(distDir, 'build-manifest.json'), `${JSON.stringify(manifest, null, 2)}\n`);
  await writeFile(path.join(distDir, '_headers'), renderHeadersFile({ scriptHashes, connectSources, ...captchaSources }));
  // Netlify-style static hosts: a prerendered page where there is one (files come first), the app
  // shell for the app's own pages, the not-found page with 404 for the rest (the local server does the same).
  await writeFile(path.join(distDir, '_redirects'), redirectsFile(APP_SHELL));
  return scriptHashes;
}

const scriptPath = fileURLToPath(import.meta.url);
if (process.argv[1] && path.resolve(process.argv[1]) === scriptPath) {
  const rootDir = path.resolve(path.dirname(scriptPath), '..');
  const distDir = path.join(rootDir, 'dist');
  const started = performance.now();
  const pages = await prerenderSite(rootDir, distDir);
  console.log(`postbuild: ${pages} pages prerendered in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  const scriptHashes = await postbuild(distDir, process.env.VITE_SUPABASE_URL, process.env.VITE_TURNSTILE_SITE_KEY);
  console.log(`postbuild: CSP hashes ${scriptHashes.join(' ')}`);
  const compressed = await precompress(distDir);
  const kib = (bytes: number) => `${(bytes / 1024).toFixed(0)} KiB`;
  console.log(
    `postbuild: ${compressed.files} files precompressed, ${kib(compressed.bytes)} → ${kib(compressed.brotliBytes)} brotli, ${kib(compressed.gzipBytes)} gzip`,
  );
}
