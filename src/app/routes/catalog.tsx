import { useParams } from 'react-router';
import { ComingSoon } from '@/components/layout/coming-soon';
import { PageHeader } from '@/components/layout/page-header';
import { PageTitle } from '@/components/layout/page-title';

export function CatalogRoute() {
  const { category } = useParams();
  const title = category ? `Catalog: ${category}` : 'Catalog';
  return (
    <>
      <PageTitle title={title} />
      <PageHeader title={title} description="Every item, with filters and sorting." />
      <ComingSoon>The catalog grid is being stocked.</ComingSoon>
    </>
  );
}
