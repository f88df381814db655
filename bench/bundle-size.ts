import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

/**
 * What the first route costs: the inline theme script, and the JS and CSS that index.html
 * loads before the first route can render (entry script + its modulepreloads + stylesheets).
 */
export async function measureBundle(distDir: string) {
  const html = await readFile(path.join(distDir, 'index.html'), 'utf8');
  const inline = [...html.matchAll(/<script>([\s\S]*?)<\/script>/g)].map((m) => m[1] ?? '');
  const scripts = [...html.matchAll(/<script type="module"[^>]*src="([^"]+)"/g), ...html.matchAll(/<link rel="modulepreload"[^>]*href="([^"]+)"/g)].map(
    (m) => m[1] ?? '',
  );
  const styles = [...html.matchAll(/<link rel="stylesheet"[^>]*href="([^"]+)"/g)].map((m) => m[1] ?? '');
  const gzipKiB = async (files: string[]) => {
    let bytes = 0;
    for (const file of files) bytes += gzipSync(await readFile(path.join(distDir, file))).length;
    return Math.round((bytes / 1024) * 10) / 10;
  };
  return {
    inlineThemeScriptBytes: inline.reduce((sum, source) => sum + Buffer.byteLength(source), 0),
    firstRouteJsGzipKiB: await gzipKiB(scripts),
    firstRouteCssGzipKiB: await gzipKiB(styles),
  };
}
