import { useSearchParams } from 'react-router';
import { ComingSoon } from '@/components/layout/coming-soon';
import { PageHeader } from '@/components/layout/page-header';
import { PageTitle } from '@/components/layout/page-title';

export function SearchRoute() {
  const [params] = useSearchParams();
  const query = params.get('q')?.trim() ?? '';
  const title = query ? `Search: ${query}` : 'Search';
  return (
    <>
      <PageTitle title={title} />
      <PageHeader title={query ? `Results for “${query}”` : 'Search'} />
      <ComingSoon>Search results arrive with the catalog.</ComingSoon>
    </>
  );
}
