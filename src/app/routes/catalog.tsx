import { useParams } from 'react-router';
import { PageHeader } from '@/components/layout/page-header';
import { PageTitle } from '@/components/layout/page-title';
import { useCategories } from '@/features/catalog/api/get-categories';
import { CatalogListing } from '@/features/catalog/components/catalog-listing';
import { NotFoundRoute } from './not-found.tsx';

export function CatalogRoute() {
  const { category: slug } = useParams();
  const categories = useCategories();
  const category = slug ? categories.data?.find((candidate) => candidate.slug === slug) : undefined;
  if (slug && categories.isSuccess && !category) return <NotFoundRoute />;
  const title = slug ? (category?.name ?? 'Catalog') : 'Catalog';
  return (
    <>
      <PageTitle title={title} description={category?.description ?? 'Every item in the Lumen catalog, with filters and sorting.'} />
      <PageHeader title={title} description={category?.description ?? 'Everything we carry, newest first.'} />
      <CatalogListing />
    </>
  );
}
