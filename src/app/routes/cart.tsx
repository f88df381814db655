import { ComingSoon } from '@/components/layout/coming-soon';
import { PageHeader } from '@/components/layout/page-header';
import { PageTitle } from '@/components/layout/page-title';

export function CartRoute() {
  return (
    <>
      <PageTitle title="Cart" />
      <PageHeader title="Your cart" />
      <ComingSoon>Your cart is empty.</ComingSoon>
    </>
  );
}
