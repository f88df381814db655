import { use, type ComponentType } from 'react';
import { matchRoutes, type RouteObject } from 'react-router';
import { paths } from '@/config/paths';
import { RootLayout } from './layout/root-layout.tsx';
import { HomeRoute } from './routes/home.tsx';

/**
 * A route whose code loads on demand. Its element renders the component once loaded and suspends
 * until then (router navigations are transitions, so the page shown stays until the next is
 * ready); `preload` lets the first render start with the code already there.
 */
function lazyRoute(load: () => Promise<ComponentType>): Pick<RouteObject, 'element' | 'handle'> {
  let loaded: ComponentType | null = null;
  // Kept when it fails too: `use` then throws to the route error boundary ("Reload"), where a fresh
  // promise per render would suspend again and again on a chunk that is gone after a deploy.
  let pending: Promise<ComponentType> | null = null;
  const preload = (): Promise<ComponentType> => (pending ??= load().then((component) => (loaded = component)));
  function LazyRoute() {
    const Page = loaded ?? use(preload());
    return <Page />;
  }
  return { element: <LazyRoute />, handle: { preload } };
}

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
