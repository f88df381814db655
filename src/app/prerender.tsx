import { dehydrate, QueryClient, type QueryKey } from '@tanstack/react-query';
import type { ReactElement } from 'react';
import { renderToString } from 'react-dom/server';
import { StaticRouter } from 'react-router';
import { QUERY_DEFAULTS } from '@/lib/query-client';
import type { RenderedPage } from './prerendered-page.ts';
import { AppProviders } from './providers.tsx';
import { AppRoutes } from './app-routes.tsx';
import { loadMatchedRoutes } from './router.tsx';

/**
 * The build's server entry (scripts/prerender.ts builds it with Vite's SSR build and calls it):
 * renders one address of the app to HTML with React Router's StaticRouter and React's
 * `renderToString`, with the data its queries ask for fetched first (docs/decisions/007).
 *
 * Components read data with useQuery, which does not fetch on a server. So a page is rendered once
 * to learn which enabled queries it asks for (every query goes through defaultQueryOptions), those
 * are fetched, and the page is rendered again, until nothing new is asked for (an item page asks
 * for its related items only once it has the item) and every lazy component has loaded. The HTML is
 * that last pass: complete, so it needs none of the inline scripts React streams for Suspense
 * boundaries that finish late (the CSP would refuse them).
 */

const MAX_PASSES = 5;
/** Lazy components (the header's dialogs) load from the SSR bundle's chunks: a few milliseconds. */
const LAZY_WAIT_MS = 10;
const MAX_LAZY_WAITS = 200;

function discoveringClient() {
  const client = new QueryClient({ defaultOptions: QUERY_DEFAULTS });
  const asked = new Map<string, { queryKey: QueryKey; queryHash: string }>();
  const defaultQueryOptions = client.defaultQueryOptions.bind(client);
  client.defaultQueryOptions = ((options) => {
    const defaulted = defaultQueryOptions(options);
    if (defaulted.enabled !== false) asked.set(defaulted.queryHash, defaulted);
    return defaulted;
  }) as typeof client.defaultQueryOptions;
  return { client, asked };
}

/** A Suspense boundary whose content was not ready: React rendered its fallback instead. */
const hasPendingBoundary = (markup: string) => markup.includes('<!--$?-->') || markup.includes('<!--$!-->');

/** React emits the hoisted elements (<title>, <meta>) first when it renders less than a document. */
function splitHoisted(markup: string): { head: string; body: string } {
  const hoisted = /^(?:<title>[^<]*<\/title>|<meta [^>]*\/?>|<link [^>]*\/?>)+/.exec(markup);
  const head = hoisted?.[0] ?? '';
  return { head, body: markup.slice(head.length) };
}

export async function renderPage(url: string): Promise<RenderedPage> {
  const location = new URL(url, 'http://prerender.invalid');
  await loadMatchedRoutes(location);
  const { client, asked } = discoveringClient();
  const app = (): ReactElement => (
    <AppProviders queryClient={client}>
      <StaticRouter location={`${location.pathname}${location.search}`}>
        <AppRoutes />
      </StaticRouter>
    </AppProviders>
  );

  let markup = '';
  for (let pass = 1, lazyWaits = 0; ; ) {
    markup = renderToString(app());
    const missing = [...asked.values()].filter((options) => client.getQueryState(options.queryKey)?.status !== 'success');
    if (missing.length > 0) {
      if (pass++ === MAX_PASSES) throw new Error(`${url}: still asking for data after ${MAX_PASSES} renders (${missing.map((o) => o.queryHash).join(', ')})`);
      await Promise.all(
        missing.map((options) =>
          client.fetchQuery(options).catch((error: unknown) => {
            throw new Error(`${url}: the query ${options.queryHash} failed: ${error instanceof Error ? error.message : String(error)}`);
          }),
        ),
      );
    } else if (hasPendingBoundary(markup)) {
      if (lazyWaits++ === MAX_LAZY_WAITS) throw new Error(`${url}: a lazy component did not load`);
      await new Promise((resolve) => setTimeout(resolve, LAZY_WAIT_MS));
    } else break;
  }
  return { ...splitHoisted(markup), state: dehydrate(client) };
}
