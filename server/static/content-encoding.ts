/** Encodings the build writes next to each compressible file (scripts/precompress.ts), best first. */
export const PRECOMPRESSED = [
  { encoding: 'br', extension: '.br' },
  { encoding: 'gzip', extension: '.gz' },
] as const;

export type Encoding = (typeof PRECOMPRESSED)[number]['encoding'];

/** Media types worth compressing (text); images and fonts are compressed already. */
export const COMPRESSIBLE_EXTENSIONS = new Set(['.html', '.js', '.mjs', '.css', '.svg', '.json', '.txt', '.webmanifest', '.xml']);

/**
 * The best of `available` that the request's Accept-Encoding allows (RFC 9110 §12.5.3: q-values,
 * `*`, `identity`), or null for the file as it is. Equal q-values keep our order (brotli first).
 */
export function chooseEncoding(acceptEncoding: string | undefined, available: readonly Encoding[]): Encoding | null {
  if (!acceptEncoding || available.length === 0) return null;
  const weights = new Map<string, number>();
  for (const part of acceptEncoding.split(',')) {
    const [name = '', ...params] = part.trim().split(';');
    const qParam = params.map((param) => param.trim()).find((param) => param.toLowerCase().startsWith('q='));
    const q = qParam ? Number(qParam.slice(2)) : 1;
    if (name) weights.set(name.trim().toLowerCase(), Number.isFinite(q) ? q : 0);
  }
  let best: { encoding: Encoding; q: number } | null = null;
  for (const encoding of available) {
    const q = weights.get(encoding) ?? weights.get('*') ?? 0;
    if (q > 0 && (!best || q > best.q)) best = { encoding, q };
  }
  return best?.encoding ?? null;
}
