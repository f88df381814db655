import { House } from 'lucide-react';
import { Link, useLocation } from 'react-router';
import { PageTitle } from '@/components/layout/page-title';
import { Button } from '@/components/ui/button';
import { paths } from '@/config/paths';

export function NotFoundRoute() {
  const { pathname } = useLocation();
  return (
    <>
      <PageTitle title="Page not found" />
      {/* Whatever status the address answered with, nothing here belongs in search results. */}
      <meta name="robots" content="noindex" />
      <section className="flex flex-col items-start gap-4 py-16">
        <p className="text-sm font-medium text-primary">404</p>
        <h1 className="text-3xl font-semibold tracking-tight">Page not found</h1>
        <p className="max-w-prose text-muted-foreground">
          There is nothing at <code className="rounded bg-muted px-1 py-0.5 break-all">{pathname}</code>. It may have
          moved, or the link may be mistyped.
        </p>
        <Button asChild>
          <Link to={paths.home.getHref()}>
            <House aria-hidden="true" />
            Back to the home page
          </Link>
        </Button>
      </section>
    </>
  );
}
