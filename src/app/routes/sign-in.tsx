import { ComingSoon } from '@/components/layout/coming-soon';
import { PageHeader } from '@/components/layout/page-header';
import { PageTitle } from '@/components/layout/page-title';

export function SignInRoute() {
  return (
    <>
      <PageTitle title="Sign in" />
      <PageHeader title="Sign in" />
      <ComingSoon>Accounts are almost ready.</ComingSoon>
    </>
  );
}
