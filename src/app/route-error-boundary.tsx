import { isRouteErrorResponse, useRouteError } from 'react-router';
import { PageTitle } from '@/components/layout/page-title';
import { Button } from '@/components/ui/button';

/** Shown when a route fails to load or render (e.g. a lazy chunk missing after a deploy). */
export function RouteErrorBoundary() {
  const error = useRouteError();
  const message = isRouteErrorResponse(error) ? `${error.status} ${error.statusText}` : 'Something went wrong.';
  return (
    <main id="main" className="mx-auto flex max-w-xl flex-col items-start gap-4 px-4 py-16">
      <PageTitle title="Error" />
      <h1 className="text-3xl font-semibold">This page could not be shown</h1>
      <p className="text-muted-foreground">{message} Reloading usually fixes it.</p>
      <Button onClick={() => window.location.reload()}>Reload</Button>
    </main>
  );
}
