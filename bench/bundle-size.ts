import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { documentScripts } from '../server/index.ts';

/**
 * What the first route costs: the inline theme script (the first inline script), and the JS and
 * CSS that index.html loads for the first route (the scripts its after-first-paint loader adds —
 * the entry and its imports, see vite.config.ts — and its stylesheets).
 */
export async function measureBundle(distDir: string) {
  const html = await readFile(path.join(distDir, 'index.html'), 'utf8');
  const inline = [...html.matchAll(/<script>([\s\S]*?)<\/script>/g)].map((m) => m[1] ?? '');
  const { scripts } = documentScripts(html);
  if (scripts.length === 0) throw new Error('dist/index.html loads no scripts');
  const styles = [...html.matchAll(/<link rel="stylesheet"[^>]*href="([^"]+)"/g)].map((m) => m[1] ?? '');
  const gzipKiB = async (files: string[]) => {
    let bytes = 0;
    for (const file of files) bytes += gzipSync(await readFile(path.join(distDir, file))).length;
    return Math.round((bytes / 1024) * 10) / 10;
  };
  return {
    inlineThemeScriptBytes: Buffer.byteLength(inline[0] ?? ''),
    firstRouteJsGzipKiB: await gzipKiB(scripts),
    firstRouteCssGzipKiB: await gzipKiB(styles),
  };
}
