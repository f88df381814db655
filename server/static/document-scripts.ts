/**
 * The module scripts a built document loads: its entry and the entry's imports, named in
 * <script src> and modulepreload links, or in the URL list of an inline script that adds them
 * (a loader that waits for the first paint, see docs/decisions/007).
 */
export function documentScripts(html: string): { entry: string | null; scripts: string[] } {
  const loaded = [...html.matchAll(/<script>([\s\S]*?)<\/script>/g)].flatMap((match) =>
    [...(match[1] ?? '').matchAll(/"(\/assets\/[^"]+\.js)"/g)].map((url) => url[1] ?? ''),
  );
  const tagged = [...html.matchAll(/<(?:script[^>]*\ssrc|link[^>]*rel="modulepreload"[^>]*\shref)="([^"]+\.js)"/g)].map((match) => match[1] ?? '');
  const entry = /\.src="(\/assets\/[^"]+\.js)"/.exec(html)?.[1] ?? /<script type="module"[^>]*\ssrc="([^"]+)"/.exec(html)?.[1] ?? null;
  return { entry, scripts: [...new Set([...loaded, ...tagged])] };
}
