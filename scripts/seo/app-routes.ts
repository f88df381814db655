import type { RouteTable } from '../../server/index.ts';
import { paths } from '../../src/config/paths.ts';

/**
 * How the server (and a static host, through dist/_redirects) answers an address that has no
 * prerendered page. The router (src/app/router.tsx) knows more routes than these: the public ones
 * are all prerendered, and a test checks every path in src/config/paths.ts is one or the other.
 */
export const ROUTE_TABLE: RouteTable = {
  app: [
    paths.cart.path,
    paths.saved.path,
    paths.checkout.path,
    paths.account.path,
    paths.order.path,
    paths.resetPassword.path,
    // The admin's own start page, and the pages routed inside it.
    paths.admin.getHref(),
    paths.admin.path,
  ],
  lookups: { item: paths.item.path, category: paths.catalogCategory.path },
};

/** The backend's own APIs, on the same origin when the local server serves the app. */
const BACKEND_PREFIXES = ['/auth/', '/rest/', '/storage/v1/object/sign/', '/functions/', '/realtime/', '/_dev/'];

/** robots.txt's Disallow lines: the app-only pages (by their fixed prefix) and the APIs. */
export function privatePrefixes(table: RouteTable = ROUTE_TABLE): string[] {
  const prefixes = [...new Set([...table.app.map((pattern) => pattern.replace(/[:*].*$/, '')), ...BACKEND_PREFIXES])];
  // "/admin" already covers "/admin/".
  return prefixes.filter((prefix) => !prefixes.some((other) => other !== prefix && prefix.startsWith(other)));
}

/**
 * dist/_redirects for Netlify-style static hosts: files (the prerendered pages) come first, the
 * app-only pages get the app shell, and everything else the not-found page with a 404.
 */
export function redirectsFile(appShell: string, table: RouteTable = ROUTE_TABLE): string {
  return [
    '# A shopper\'s own pages and the store admin: the app renders them in the browser.',
    ...table.app.map((pattern) => `${pattern}  /${appShell}  200`),
    '# Every other address that is not a file of the build (prerendered pages are files): not found.',
    '# An item published after the build answers 404 here until the next build, though the app still shows it.',
    '/*  /404.html  404',
    '',
  ].join('\n');
}
