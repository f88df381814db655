import { createHash } from 'node:crypto';
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { baseSecurityHeaders, contentSecurityPolicy } from '../server/static/security-headers.ts';

/**
 * After `vite build`: hash every inline script of dist/index.html for the CSP, write
 * dist/build-manifest.json (read by the server) and dist/_headers (the same headers for
 * static hosts such as Netlify or Cloudflare Pages).
 */
const distDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', 'dist');
const html = await readFile(path.join(distDir, 'index.html'), 'utf8');
const inlineScripts = [...html.matchAll(/<script>([\s\S]*?)<\/script>/g)].map((match) => match[1] ?? '');
if (inlineScripts.length === 0) throw new Error('dist/index.html has no inline theme script');

const scriptHashes = inlineScripts.map((source) => `'sha256-${createHash('sha256').update(source).digest('base64')}'`);
await writeFile(
  path.join(distDir, 'build-manifest.json'),
  `${JSON.stringify({ scriptHashes, inlineScriptBytes: inlineScripts.map((s) => Buffer.byteLength(s)) }, null, 2)}\n`,
);

const connectSources = process.env.VITE_SUPABASE_URL ? [process.env.VITE_SUPABASE_URL, process.env.VITE_SUPABASE_URL.replace(/^http/, 'ws')] : [];
const headers = { ...baseSecurityHeaders, 'Content-Security-Policy': contentSecurityPolicy({ scriptHashes, connectSources }) };
const headerLines = Object.entries(headers).map(([name, value]) => `  ${name}: ${value}`);
await writeFile(
  path.join(distDir, '_headers'),
  ['/*', ...headerLines, '/assets/*', '  Cache-Control: public, max-age=31536000, immutable', ''].join('\n'),
);
console.log(`postbuild: CSP hashes ${scriptHashes.join(' ')}`);
