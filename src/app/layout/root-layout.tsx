import { OfflineNotice } from '@/components/layout/offline-notice';
import { RouteOutlet } from '../route-error-boundary.tsx';
import { SavedComposition } from './saved-slots.tsx';
import { ScrollRestoration } from './scroll-restoration.tsx';
import { SessionCartProvider } from './session-cart-provider.tsx';
import { SiteFooter } from './site-footer.tsx';
import { SiteHeader } from './site-header.tsx';

export function RootLayout() {
  return (
    <SessionCartProvider>
      <SavedComposition>
        <div className="flex min-h-dvh flex-col">
          <a
            href="#main"
            className="sr-only z-50 rounded-md bg-primary px-4 py-2 text-primary-foreground focus:not-sr-only focus:fixed focus:top-2 focus:left-2"
          >
            Skip to content
          </a>
          <SiteHeader />
          <OfflineNotice />
          <main id="main" tabIndex={-1} className="mx-auto w-full max-w-7xl flex-1 px-4 py-8 focus:outline-none sm:px-6">
            {/* The first route's code is loaded before the first render (router.tsx), so a prerendered
                page hydrates in one pass; later pages load theirs during the navigation, a transition
                that keeps this page on screen until the next one is ready. A page that fails shows its
                error (or, offline, the offline message) here, in the frame. */}
            <RouteOutlet />
          </main>
          <SiteFooter />
          {/* Back and Forward return to where the visitor was on the page, new pages start at the top. */}
          <ScrollRestoration />
        </div>
      </SavedComposition>
    </SessionCartProvider>
  );
}
