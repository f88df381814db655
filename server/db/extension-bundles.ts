import { readdir, readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { gunzip } from 'node:zlib';
import type { PGlite } from '@electric-sql/pglite';
import { vector } from '@electric-sql/pglite-pgvector';
import tar from 'tar-stream';
import { platformBundlePath } from './platform-extensions.ts';

/**
 * The extension bundles the local backend can put into a running PGlite: PGlite's contrib
 * bundles (`dist/<name>.tar.gz`, what its `@electric-sql/pglite/contrib/*` modules point at, plus a
 * few it ships without a module), pgvector's package, and the platform bundle (pg_net, pg_cron,
 * Vault in SQL). Each bundle is a gzipped tar of `share/postgresql/extension/…` control and SQL
 * files and `lib/postgresql/*.so` side modules. PGlite itself only installs bundles named at
 * `PGlite.create`, all of them at every start; installing one later into its file system works
 * the same for Postgres: `create extension` reads the control file, and the first call into the
 * library compiles its `.so` then (extensions-on-demand.ts decides when).
 */

const gunzipAsync = promisify(gunzip);
const CONTROL_FILE = /^share\/postgresql\/extension\/([^/]+)\.control$/;

/** The calls of Emscripten's FS that installing a bundle needs (PGlite types it loosely). */
interface EmscriptenFs {
  analyzePath(path: string): { exists: boolean };
  mkdirTree(path: string): void;
  writeFile(path: string, data: Uint8Array): void;
}

function moduleFs(db: PGlite): { fs: EmscriptenFs; prefix: string } {
  const mod = db.Module;
  return { fs: mod.FS as EmscriptenFs, prefix: mod.WASM_PREFIX };
}

/** Whether Postgres in `db` can find the extension's control file (built in or installed). */
export function extensionAvailable(db: PGlite, name: string): boolean {
  const { fs, prefix } = moduleFs(db);
  return fs.analyzePath(`${prefix}/share/postgresql/extension/${name}.control`).exists;
}

async function pgliteBundles(): Promise<string[]> {
  const dist = path.dirname(createRequire(import.meta.url).resolve('@electric-sql/pglite'));
  return (await readdir(dist)).filter((file) => file.endsWith('.tar.gz')).sort().map((file) => path.join(dist, file));
}

let bundleList: Promise<string[]> | null = null;

/** Every bundle file, PGlite's first; listed once per process. */
export function extensionBundles(db: PGlite): Promise<string[]> {
  bundleList ??= (async () => {
    const { bundlePath } = await vector.setup(db, {});
    return [...(await pgliteBundles()), fileURLToPath(bundlePath), await platformBundlePath()];
  })();
  return bundleList;
}

interface BundleFile {
  /** Path inside the bundle, e.g. `share/postgresql/extension/hstore.control`. */
  name: string;
  data: Buffer;
}

/** A bundle's files, gunzipped in one piece (off the main thread) and split as a tar. */
async function readBundle(file: string): Promise<BundleFile[]> {
  const files: BundleFile[] = [];
  const extract = tar.extract();
  const reading = (async () => {
    for await (const entry of extract) {
      const chunks: Buffer[] = [];
      for await (const chunk of entry) chunks.push(chunk as Buffer);
      const name = entry.header.name.replace(/^\.\//, '');
      if (entry.header.type === 'file' && !name.startsWith('.')) files.push({ name, data: Buffer.concat(chunks) });
    }
  })();
  extract.end(await gunzipAsync(await readFile(file)));
  await reading;
  return files;
}

function controlNames(files: BundleFile[]): string[] {
  return files.flatMap((entry) => CONTROL_FILE.exec(entry.name)?.[1] ?? []);
}

/** The extensions each bundle read so far holds (its control files' names). */
const extensionsByBundle = new Map<string, string[]>();

/**
 * The files of the bundles installed so far, kept for the next database this process opens (tests
 * open dozens; pgcrypto's alone takes tens of milliseconds to gunzip). PGlite copies what it is
 * given into its own file system, so one copy serves every database.
 */
const installedBundles = new Map<string, BundleFile[]>();

/** A bundle's files when it holds extension `name`, else null (and what it holds is remembered). */
async function bundleWith(file: string, name: string): Promise<BundleFile[] | null> {
  const known = extensionsByBundle.get(file);
  if (known && !known.includes(name)) return null;
  const installed = installedBundles.get(file);
  if (installed) return installed;
  const files = await readBundle(file);
  extensionsByBundle.set(file, controlNames(files));
  if (!controlNames(files).includes(name)) return null;
  installedBundles.set(file, files);
  return files;
}

/** Every extension some bundle holds, by name (reads every bundle once: about 0.1 s). */
export async function bundledExtensions(db: PGlite): Promise<string[]> {
  const names: string[] = [];
  for (const file of await extensionBundles(db)) {
    let known = extensionsByBundle.get(file);
    if (!known) {
      known = controlNames(await readBundle(file));
      extensionsByBundle.set(file, known);
    }
    names.push(...known);
  }
  return names.sort();
}

/**
 * Installs the bundle holding extension `name` into PGlite's file system, where Postgres looks
 * for extensions; false when no bundle holds it. The bundle named after the extension is tried
 * first, so the usual case reads one file once; `moddatetime`, `autoinc`, `refint` and
 * `insert_username` live together in PGlite's `spi` bundle and need the scan, as does a name no
 * bundle holds (about 0.1 s, once per process).
 */
export async function installExtension(db: PGlite, name: string): Promise<boolean> {
  const bundles = await extensionBundles(db);
  const named = bundles.filter((file) => path.basename(file) === `${name}.tar.gz`);
  for (const file of [...named, ...bundles.filter((file) => !named.includes(file))]) {
    const files = await bundleWith(file, name);
    if (files === null) continue;
    writeBundle(db, files);
    return true;
  }
  return false;
}

/** Copies a bundle's files into PGlite's file system. */
function writeBundle(db: PGlite, files: BundleFile[]): void {
  const { fs, prefix } = moduleFs(db);
  for (const { name, data } of files) {
    const target = `${prefix}/${name}`;
    const dir = target.slice(0, target.lastIndexOf('/'));
    if (!fs.analyzePath(dir).exists) fs.mkdirTree(dir);
    fs.writeFile(target, data);
  }
}
