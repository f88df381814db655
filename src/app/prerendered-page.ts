// query-core, not react-query: scripts/prerender.ts imports this file and must not load React itself.
import { hydrate, type DehydratedState, type QueryClient } from '@tanstack/query-core';

/**
 * What scripts/prerender.ts writes into a prerendered page besides its HTML, and how the browser
 * reads it back: the address the page was rendered for (on #root) and the data it was rendered
 * with (a JSON script, which a CSP without 'unsafe-inline' allows since it never runs).
 */
export const PRERENDERED_ATTRIBUTE = 'data-prerendered';

/** One page as src/app/prerender.tsx renders it. */
export interface RenderedPage {
  /** The hoisted <title>, <meta> and preload <link> elements, for <head>. */
  head: string;
  /** The markup that goes inside #root. */
  body: string;
  /** The data the page was rendered with, for the browser's query cache. */
  state: DehydratedState;
}
export const STATE_SCRIPT_ID = 'lumen-prerender-state';

/** JSON that is safe inside <script>: nothing in it can close the element or open a comment. */
export function serializeState(state: DehydratedState | object): string {
  return JSON.stringify(state).replace(/</g, '\\u003c').replace(/\u2028/g, '\\u2028').replace(/\u2029/g, '\\u2029');
}

export function readPrerenderedPage(doc: Document): { url: string | null; state: DehydratedState | null } {
  const root = doc.getElementById('root');
  const script = doc.getElementById(STATE_SCRIPT_ID);
  let state: DehydratedState | null = null;
  try {
    state = script?.textContent ? (JSON.parse(script.textContent) as DehydratedState) : null;
  } catch {
    state = null;
  }
  return { url: root?.getAttribute(PRERENDERED_ATTRIBUTE) ?? null, state };
}

/**
 * Seeds the cache with a prerendered page's data as if it had just been fetched: the first render
 * must match the HTML, and a query that counts as stale would render as "fetching" (an "updating…"
 * note the HTML does not have). Returns the refresh to call once the page is on screen and
 * interactive: the data was read at build time, so stock and prices are fetched again at once.
 */
export function seedPrerenderedData(queryClient: QueryClient, state: DehydratedState): () => void {
  const now = Date.now();
  const fresh: DehydratedState = {
    ...state,
    queries: state.queries.map((query) => ({ ...query, state: { ...query.state, dataUpdatedAt: now } })),
  };
  hydrate(queryClient, fresh);
  const prerendered = new Set(state.queries.map((query) => query.queryHash));
  return () => void queryClient.invalidateQueries({ predicate: (query) => prerendered.has(query.queryHash) });
}
