import { paths } from '@/config/paths';

const AUTH_PATHS: readonly string[] = [paths.signIn.path, paths.signUp.path, paths.forgotPassword.path, paths.resetPassword.path];

/**
 * Where a "Sign in" link on a page goes: to sign-in, and back to that page afterwards (an item
 * page, a search, the cart). From the home page, the front door, it goes on to the account page
 * (sign-in's default). On the sign-in pages themselves it keeps the `next` they carry, so hopping
 * between Sign in and Create account does not lose where the visitor was going.
 */
export function signInHrefFor(location: { pathname: string; search: string }): string {
  if (AUTH_PATHS.includes(location.pathname)) return paths.signIn.getHref(new URLSearchParams(location.search).get('next') ?? undefined);
  if (location.pathname === paths.home.path && !location.search) return paths.signIn.getHref();
  return paths.signIn.getHref(`${location.pathname}${location.search}`);
}
