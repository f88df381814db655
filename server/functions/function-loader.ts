import { stat } from 'node:fs/promises';
import path from 'node:path';
import { tsImport } from 'tsx/esm/api';
import { takeServedHandler, type FetchHandler } from './deno-shim.ts';

const NAME = /^[A-Za-z0-9][A-Za-z0-9_-]{0,62}$/;

interface Loaded {
  mtimeMs: number;
  handler: FetchHandler;
}

interface FetchExport {
  fetch: FetchHandler;
}

function isFetchExport(value: unknown): value is FetchExport {
  return typeof value === 'object' && value !== null && typeof (value as { fetch?: unknown }).fetch === 'function';
}

/** `export default { fetch }`; outside an ES-module package the export arrives wrapped once more. */
function defaultFetch(exported: unknown): FetchHandler | null {
  const candidate = isFetchExport(exported) ? exported : (exported as { default?: unknown } | undefined)?.default;
  return isFetchExport(candidate) ? candidate.fetch.bind(candidate) : null;
}

/**
 * Loads `<functionsDir>/<name>/index.ts` and returns its handler: the one given to Deno.serve
 * or the default export's `fetch`. A changed file (by mtime) is imported again on the next request.
 */
export function createFunctionLoader(functionsDir: string) {
  const cache = new Map<string, Loaded>();
  // Loads run one at a time: Deno.serve hands its handler over through one shared slot.
  let queue: Promise<unknown> = Promise.resolve();

  return function load(name: string): Promise<FetchHandler | null> {
    const next = queue.then(() => loadNow(name));
    queue = next.catch(() => undefined);
    return next;
  };

  async function loadNow(name: string): Promise<FetchHandler | null> {
    if (!NAME.test(name) || name.startsWith('_')) return null;
    const entry = path.join(functionsDir, name, 'index.ts');
    const info = await stat(entry).catch(() => null);
    if (!info?.isFile()) return null;
    const cached = cache.get(name);
    if (cached && cached.mtimeMs === info.mtimeMs) return cached.handler;

    takeServedHandler();
    // tsImport loads through a fresh tsx namespace on every call, so an edited file is read anew.
    const module = (await tsImport(entry, { parentURL: import.meta.url })) as { default?: unknown };
    const served = takeServedHandler();
    const handler = served ?? defaultFetch(module.default);
    if (!handler) throw new Error(`${name}/index.ts neither calls Deno.serve nor exports default { fetch }`);
    cache.set(name, { mtimeMs: info.mtimeMs, handler });
    return handler;
  }
}
