import { useLocation } from 'react-router';
import { paths, STORE_PAGE_SLUGS } from '@/config/paths';
import { StorePageView } from '@/features/store-pages/components/store-page';
import { NotFoundRoute } from './not-found.tsx';

/**
 * The store pages share this route; the router gives each of them an explicit address, so the
 * address says which page it is (React Router matches it in any case and with a trailing slash).
 */
export function StorePageRoute() {
  const { pathname } = useLocation();
  const address = pathname.toLowerCase().replace(/\/+$/, '');
  const slug = STORE_PAGE_SLUGS.find((candidate) => paths.storePage.getHref(candidate) === address);
  if (!slug) return <NotFoundRoute />;
  return <StorePageView key={slug} slug={slug} />;
}
