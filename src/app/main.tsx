import '../fonts.css';
import '../index.css';
import { startTransition, StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { queryClient } from '@/lib/query-client';
import { getSupabase } from '@/lib/supabase';
import { forgetTypedInputs, refocusReplacedField, watchTypedInputs } from '@/lib/typed-before-hydration';
import { whenIdle } from '@/lib/when-idle';
import { takeOverEarlyPresses } from '@/lib/early-presses';
import { getThemeStore } from '@/theme/use-theme';
import { setHydratingPrerenderedPage } from '@/hooks/use-hydrated';
import { readPrerenderedPage, seedPrerenderedData } from './prerendered-page.ts';
import { AppProviders } from './providers.tsx';
import { AppRoutes } from './app-routes.tsx';
import { loadMatchedRoutes } from './router.tsx';

getThemeStore();
// Start downloading supabase-js now, in parallel with the first render that does not need it.
void getSupabase();

const container = document.getElementById('root');
if (!container) throw new Error('index.html lacks #root');

// A prerendered page (scripts/prerender.ts) arrives with its HTML and the data it was rendered
// with. The data seeds the cache either way (and is refetched once the page is idle); the HTML is
// hydrated only when it was rendered for exactly this address, otherwise it is replaced.
const page = readPrerenderedPage(document);
const refreshPrerenderedData = page.state ? seedPrerenderedData(queryClient, page.state) : undefined;
const afterFirstRender = () => {
  setHydratingPrerenderedPage(false);
  forgetTypedInputs();
  takeOverEarlyPresses();
  // A task of its own once the page is interactive: the refetch and its re-render are not part of hydrating.
  if (refreshPrerenderedData) whenIdle(refreshPrerenderedData);
};
/**
 * Not top-level await: this module shares its chunk with everything the first route imports
 * (vite.config.ts), and the route's own chunk imports that chunk, which must finish evaluating first.
 */
async function start(container: HTMLElement) {
  await loadMatchedRoutes(window.location);
  const app = (
    <StrictMode>
      <AppProviders onCommitted={refocusReplacedField} onMounted={afterFirstRender}>
        <BrowserRouter>
          <AppRoutes />
        </BrowserRouter>
      </AppProviders>
    </StrictMode>
  );
  // Evaluating the modules and loading the route were one task; rendering starts in the next.
  await new Promise((resolve) => setTimeout(resolve));
  watchTypedInputs(container);
  // React renders each page's description; the prerendered copy would stay as a duplicate. The
  // <title> stays: React takes over the document's first <title> instead of adding one, and the page
  // is never without a title while it hydrates. The build's share-card and search-engine tags are
  // for crawlers, which read the HTML: the app never renders them, so they are left alone.
  document.head.querySelector('meta[name="description"]')?.remove();
  if (page.url !== null && page.url === `${window.location.pathname}${window.location.search}`) {
    // As a transition, React hydrates in slices and yields between them, so no long task blocks the
    // page already on screen; the DOM stays, so nothing typed meanwhile is lost.
    setHydratingPrerenderedPage(true);
    startTransition(() => void hydrateRoot(container, app));
  } else {
    // Rendered anew, the page replaces the prerendered DOM when React commits. As a transition it is
    // rendered in slices too (a page of 24 cards rendered at once was a long task of some 250 ms on a
    // phone); the prerendered form stays on screen meanwhile, and what is typed into it up to the
    // commit is carried over (watchTypedInputs above).
    const root = createRoot(container);
    startTransition(() => root.render(app));
  }
}

void start(container);
