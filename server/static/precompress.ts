import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { COMPRESSIBLE_EXTENSIONS } from './content-encoding.ts';


async function* files(dir: string): AsyncGenerator<string> {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* files(full);
    else if (entry.isFile()) yield full;
  }
}

/**
 * Writes `<file>.br` (brotli, quality 11) and `<file>.gz` (gzip, level 9) next to every text file of
 * the build, once, at build time; the server picks one by Accept-Encoding
 * (server/static/static-app.ts). Static hosts that compress by themselves simply ignore them.
 */
export async function precompress(distDir: string): Promise<{ files: number; bytes: number; brotliBytes: number; gzipBytes: number }> {
  const totals = { files: 0, bytes: 0, brotliBytes: 0, gzipBytes: 0 };
  for await (const file of files(distDir)) {
    if (!COMPRESSIBLE_EXTENSIONS.has(path.extname(file))) continue;
    const content = await readFile(file);
    const brotli = brotliCompressSync(content, {
      params: { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY, [constants.BROTLI_PARAM_SIZE_HINT]: content.length },
    });
    const gzip = gzipSync(content, { level: constants.Z_BEST_COMPRESSION });
    // A copy that would not be smaller (a near-empty file) is not written: the file goes as it is.
    if (brotli.length < content.length) await writeFile(`${file}.br`, brotli);
    if (gzip.length < content.length) await writeFile(`${file}.gz`, gzip);
    totals.files++;
    totals.bytes += content.length;
    totals.brotliBytes += brotli.length;
    totals.gzipBytes += gzip.length;
  }
  return totals;
}
