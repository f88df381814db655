import { useLocation, useRoutes } from 'react-router';
import { RouteErrorBoundary } from './route-error-boundary.tsx';
import { routes } from './router.tsx';

/**
 * The app's pages, under whichever router holds the address (BrowserRouter in the browser,
 * StaticRouter when prerendering). React Router's declarative mode: Lumen loads data with TanStack
 * Query, not route loaders, and the data router cost 15 KiB more of the first route's script.
 */
export function AppRoutes() {
  const { pathname } = useLocation();
  // The layout has its own boundary around each page (the header stays); this one is for the layout.
  return (
    <RouteErrorBoundary pathname={pathname} standalone>
      {useRoutes(routes)}
    </RouteErrorBoundary>
  );
}
