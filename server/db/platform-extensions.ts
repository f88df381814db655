import { createHash } from 'node:crypto';
import { createWriteStream, existsSync } from 'node:fs';
import { mkdir, readdir, readFile, rename } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { createGzip } from 'node:zlib';
import type { Extension } from '@electric-sql/pglite';
import tar from 'tar-stream';

/**
 * Extensions every Supabase project can count on whose real versions are C code PGlite cannot
 * load: pg_net, pg_cron and supabase_vault. Each is a control file and one SQL script in
 * `extensions/` (the layout of PostgreSQL's share/extension directory), so `create extension
 * pg_cron` works on PGlite exactly as on hosted, and the server does what their background
 * workers would (server/net, server/cron).
 */
export const PLATFORM_EXTENSIONS_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), 'extensions');

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const cacheDir = path.join(repoRoot, 'node_modules', '.cache', 'lumen-pglite');

export async function platformExtensionFiles(): Promise<{ name: string; content: Buffer }[]> {
  const names = (await readdir(PLATFORM_EXTENSIONS_DIR)).filter((name) => name.endsWith('.control') || name.endsWith('.sql')).sort();
  return Promise.all(names.map(async (name) => ({ name, content: await readFile(path.join(PLATFORM_EXTENSIONS_DIR, name)) })));
}

/** A fingerprint of the extension files, for caches of databases built with them. */
export async function platformExtensionsHash(): Promise<string> {
  const hash = createHash('sha256');
  for (const file of await platformExtensionFiles()) hash.update(file.name).update(file.content);
  return hash.digest('hex').slice(0, 16);
}

/**
 * PGlite installs extensions from a gzipped tar of `share/postgresql/extension/…`. The bundle is
 * built once per content (cached under node_modules/.cache) and written atomically, so parallel
 * test workers never read half a file.
 */
export async function platformBundlePath(): Promise<string> {
  const file = path.join(cacheDir, `platform-extensions-${await platformExtensionsHash()}.tar.gz`);
  if (existsSync(file)) return file;
  await mkdir(cacheDir, { recursive: true });
  const pack = tar.pack();
  for (const entry of await platformExtensionFiles()) pack.entry({ name: `share/postgresql/extension/${entry.name}` }, entry.content);
  pack.finalize();
  const temp = `${file}.${process.pid}.tmp`;
  await pipeline(pack, createGzip(), createWriteStream(temp));
  await rename(temp, file);
  return file;
}

export const platformExtensions: Extension = {
  name: 'supabase-platform',
  setup: async () => ({ bundlePath: pathToFileURL(await platformBundlePath()) }),
};
