import { ComingSoon } from '@/components/layout/coming-soon';
import { PageHeader } from '@/components/layout/page-header';
import { PageTitle } from '@/components/layout/page-title';
import { ThemeRadioGroup } from '@/theme/theme-radio-group';

export function AccountRoute() {
  return (
    <>
      <PageTitle title="Account" />
      <PageHeader title="Your account" />
      <section aria-labelledby="appearance-heading" className="mb-8 flex max-w-md flex-col gap-3">
        <h2 id="appearance-heading" className="text-xl font-semibold">
          Appearance
        </h2>
        <ThemeRadioGroup legend="Colour theme" />
      </section>
      <ComingSoon>Profile and security settings arrive with accounts.</ComingSoon>
    </>
  );
}
