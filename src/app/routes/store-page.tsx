import { useLocation } from 'react-router';
import { paths } from '@/config/paths';
import { STORE_PAGE_SLUGS } from '@/config/store-pages';
import { StorePageView } from '@/features/store-pages/components/store-page';
import { NotFoundRoute } from './not-found.tsx';

/**
 * The store pages share this route, which also receives every other one-part address nothing else
 * matched: the address says which page it is (React Router matches it in any case and with a
 * trailing slash), and anything else is not found.
 */
export function StorePageRoute() {
  const { pathname } = useLocation();
  const address = pathname.toLowerCase().replace(/\/+$/, '');
  const slug = STORE_PAGE_SLUGS.find((candidate) => paths.storePage.getHref(candidate) === address);
  if (!slug) return <NotFoundRoute />;
  return <StorePageView key={slug} slug={slug} />;
}
