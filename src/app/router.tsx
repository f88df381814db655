import { createBrowserRouter, matchRoutes, type HydrationState, type RouteObject } from 'react-router';
import { paths } from '@/config/paths';
import { RootLayout } from './layout/root-layout.tsx';
import { RouteErrorBoundary } from './route-error-boundary.tsx';
import { HomeRoute } from './routes/home.tsx';

/** Routes other than home load on demand so the first page ships only what it needs. */
export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    errorElement: <RouteErrorBoundary />,
    children: [
      { path: paths.home.path, element: <HomeRoute /> },
      { path: paths.catalog.path, lazy: async () => ({ Component: (await import('./routes/catalog.tsx')).CatalogRoute }) },
      {
        path: paths.catalogCategory.path,
        lazy: async () => ({ Component: (await import('./routes/catalog.tsx')).CatalogRoute }),
      },
      { path: paths.item.path, lazy: async () => ({ Component: (await import('./routes/item.tsx')).ItemRoute }) },
      { path: paths.search.path, lazy: async () => ({ Component: (await import('./routes/search.tsx')).SearchRoute }) },
      { path: paths.cart.path, lazy: async () => ({ Component: (await import('./routes/cart.tsx')).CartRoute }) },
      { path: paths.checkout.path, lazy: async () => ({ Component: (await import('./routes/checkout.tsx')).CheckoutRoute }) },
      { path: paths.order.path, lazy: async () => ({ Component: (await import('./routes/order.tsx')).OrderRoute }) },
      { path: paths.account.path, lazy: async () => ({ Component: (await import('./routes/account.tsx')).AccountRoute }) },
      { path: paths.signIn.path, lazy: async () => ({ Component: (await import('./routes/sign-in.tsx')).SignInRoute }) },
      { path: paths.signUp.path, lazy: async () => ({ Component: (await import('./routes/sign-up.tsx')).SignUpRoute }) },
      {
        path: paths.forgotPassword.path,
        lazy: async () => ({ Component: (await import('./routes/forgot-password.tsx')).ForgotPasswordRoute }),
      },
      {
        path: paths.resetPassword.path,
        lazy: async () => ({ Component: (await import('./routes/reset-password.tsx')).ResetPasswordRoute }),
      },
      { path: '*', lazy: async () => ({ Component: (await import('./routes/not-found.tsx')).NotFoundRoute }) },
    ],
  },
];

/**
 * Loads the code of the lazy routes the location matches, so the router starts with everything
 * it renders: hydration of prerendered HTML finds the same tree, and a first load without it
 * paints the page at once instead of an empty frame (no HydrateFallback needed).
 */
export async function loadMatchedRoutes(location: { pathname: string }): Promise<void> {
  const matches = matchRoutes(routes, location) ?? [];
  await Promise.all(
    matches.map(async ({ route }) => {
      if (typeof route.lazy !== 'function') return;
      const loaded = await route.lazy();
      Object.assign(route, { ...loaded, lazy: undefined });
    }),
  );
}

export async function createRouter(hydrationData?: HydrationState) {
  await loadMatchedRoutes(window.location);
  return createBrowserRouter(routes, { hydrationData });
}
