/**
 * The module scripts a built document loads: its entry and the entry's imports. A document of the
 * build names them in the small inline loader that adds them after the first paint
 * (vite.config.ts); a plain Vite document names them in <script src> and modulepreload links.
 */
export function documentScripts(html: string): { entry: string | null; scripts: string[] } {
  const loaded = [...html.matchAll(/<script>([\s\S]*?)<\/script>/g)].flatMap((match) =>
    [...(match[1] ?? '').matchAll(/"(\/assets\/[^"]+\.js)"/g)].map((url) => url[1] ?? ''),
  );
  const tagged = [...html.matchAll(/<(?:script[^>]*\ssrc|link[^>]*rel="modulepreload"[^>]*\shref)="([^"]+\.js)"/g)].map((match) => match[1] ?? '');
  const entry = /\.src="(\/assets\/[^"]+\.js)"/.exec(html)?.[1] ?? /<script type="module"[^>]*\ssrc="([^"]+)"/.exec(html)?.[1] ?? null;
  return { entry, scripts: [...new Set([...loaded, ...tagged])] };
}
