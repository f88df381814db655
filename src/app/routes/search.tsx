import { useSearchParams } from 'react-router';
import { PageHeader } from '@/components/layout/page-header';
import { PageTitle } from '@/components/layout/page-title';
import { CatalogListing } from '@/features/catalog/components/catalog-listing';
import { SearchForm } from '@/features/search/components/search-form';

export function SearchRoute() {
  const [params] = useSearchParams();
  const query = params.get('q')?.trim() ?? '';
  return (
    <>
      <PageTitle title={query ? `Search: ${query}` : 'Search'} description="Search the Lumen catalog." />
      <PageHeader title={query ? `Results for “${query}”` : 'Search'} />
      <div className="mb-6 max-w-xl">
        <SearchForm key={query} initialQuery={query} />
      </div>
      <CatalogListing showCategories={false} />
    </>
  );
}
