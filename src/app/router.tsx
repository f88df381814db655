import { matchRoutes, type RouteObject } from 'react-router';
import { paths } from '@/config/paths';
import { RootLayout } from './layout/root-layout.tsx';
import { lazyRoute } from './lazy-route.tsx';
import { HomeRoute } from './routes/home.tsx';

const catalog = lazyRoute(async () => (await import('./routes/catalog.tsx')).CatalogRoute);

/** Routes other than home load on demand so the first page ships only what it needs. */
export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    children: [
      { path: paths.home.path, element: <HomeRoute /> },
      { path: paths.catalog.path, ...catalog },
      { path: paths.catalogCategory.path, ...catalog },
      { path: paths.item.path, ...lazyRoute(async () => (await import('./routes/item.tsx')).ItemRoute) },
      { path: paths.search.path, ...lazyRoute(async () => (await import('./routes/search.tsx')).SearchRoute) },
      { path: paths.cart.path, ...lazyRoute(async () => (await import('./routes/cart.tsx')).CartRoute) },
      { path: paths.saved.path, ...lazyRoute(async () => (await import('./routes/saved.tsx')).SavedRoute) },
      { path: paths.checkout.path, ...lazyRoute(async () => (await import('./routes/checkout.tsx')).CheckoutRoute) },
      { path: paths.order.path, ...lazyRoute(async () => (await import('./routes/order.tsx')).OrderRoute) },
      { path: paths.account.path, ...lazyRoute(async () => (await import('./routes/account.tsx')).AccountRoute) },
      { path: paths.signIn.path, ...lazyRoute(async () => (await import('./routes/sign-in.tsx')).SignInRoute) },
      { path: paths.signUp.path, ...lazyRoute(async () => (await import('./routes/sign-up.tsx')).SignUpRoute) },
      { path: paths.forgotPassword.path, ...lazyRoute(async () => (await import('./routes/forgot-password.tsx')).ForgotPasswordRoute) },
      { path: paths.resetPassword.path, ...lazyRoute(async () => (await import('./routes/reset-password.tsx')).ResetPasswordRoute) },
      // Any other one-part address: a store page, or not found (the route tells them apart).
      { path: paths.storePage.path, ...lazyRoute(async () => (await import('./routes/store-page.tsx')).StorePageRoute) },
      { path: paths.admin.path, ...lazyRoute(async () => (await import('./routes/admin.tsx')).AdminRoute) },
      { path: '*', ...lazyRoute(async () => (await import('./routes/not-found.tsx')).NotFoundRoute) },
    ],
  },
];

/**
 * Loads the code of the lazy routes the location matches, so the first render has everything it
 * shows: hydration of prerendered HTML finds the same tree, and a first load without it paints the
 * page at once instead of an empty frame.
 */
export async function loadMatchedRoutes(location: { pathname: string }): Promise<void> {
  const matches = matchRoutes(routes, location) ?? [];
  await Promise.all(matches.map(({ route }) => (route.handle as { preload?: () => Promise<unknown> } | undefined)?.preload?.()));
}
