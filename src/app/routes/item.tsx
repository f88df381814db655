import { useParams } from 'react-router';
import { ComingSoon } from '@/components/layout/coming-soon';
import { PageHeader } from '@/components/layout/page-header';
import { PageTitle } from '@/components/layout/page-title';

export function ItemRoute() {
  const { slug = '' } = useParams();
  return (
    <>
      <PageTitle title={`Item ${slug}`} />
      <PageHeader title={slug} />
      <ComingSoon>Item details are on their way.</ComingSoon>
    </>
  );
}
