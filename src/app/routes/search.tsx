import { useSearchParams } from 'react-router';
import { PageHeader } from '@/components/layout/page-header';
import { PageTitle } from '@/components/layout/page-title';
import { SEARCH_MAX_LENGTH } from '@/config/search';
import { CatalogListing } from '@/features/catalog/components/catalog-listing';
import { CategoryList } from '@/features/catalog/components/category-list';
import { ShowcaseSection } from '@/features/catalog/components/showcase-section';
import { SearchForm } from '@/features/search/components/search-form';
import { paths } from '@/config/paths';

/** A search that found nothing says so and offers ways on: never the whole catalogue instead. */
function NoResults({ query }: { query: string }) {
  return (
    <div className="flex flex-col gap-10">
      <div className="flex flex-col gap-2 rounded-lg border border-dashed border-border p-6">
        <h2 className="text-xl font-semibold [overflow-wrap:anywhere]">No results for “{query}”</h2>
        <p className="text-muted-foreground">Check the spelling, try a more general word (“lamp”, “chair”, “mug”), or browse below.</p>
      </div>
      <CategoryList />
      <ShowcaseSection kind="featured" title="Popular right now" moreHref={`${paths.catalog.getHref()}?featured=1`} />
    </div>
  );
}

export function SearchRoute() {
  const [params] = useSearchParams();
  const query = (params.get('q') ?? '').trim().slice(0, SEARCH_MAX_LENGTH).trim();
  return (
    <>
      <PageTitle title={query ? `Search: ${query}` : 'Search'} description="Search the Lumen catalog." />
      <PageHeader title={query ? `Results for “${query}”` : 'Search'} />
      <div className="mb-6 max-w-xl">
        <SearchForm key={query} initialQuery={query} />
      </div>
      <CatalogListing showCategories={false} noMatches={<NoResults query={query} />} />
    </>
  );
}
