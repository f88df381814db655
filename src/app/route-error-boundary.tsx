import { Component, type ErrorInfo, type ReactNode } from 'react';
import { PageTitle } from '@/components/layout/page-title';
import { Button } from '@/components/ui/button';

/** Shown when a route fails to load or render (e.g. a lazy chunk missing after a deploy). */
export function RouteErrorPage() {
  return (
    <main id="main" className="mx-auto flex max-w-xl flex-col items-start gap-4 px-4 py-16">
      <PageTitle title="Error" />
      <h1 className="text-3xl font-semibold">This page could not be shown</h1>
      <p className="text-muted-foreground">Something went wrong. Reloading usually fixes it.</p>
      <Button onClick={() => window.location.reload()}>Reload</Button>
    </main>
  );
}

/**
 * Catches what a route throws while loading or rendering and shows RouteErrorPage instead of a
 * blank page, until the address changes (the next page is tried afresh, and nothing above it is
 * remounted). A class: React has no hook for this.
 */
export class RouteErrorBoundary extends Component<{ pathname: string; children: ReactNode }, { failedAt: string | null }> {
  override state: { failedAt: string | null } = { failedAt: null };

  static getDerivedStateFromError(): { failedAt: string } {
    // The address is filled in by componentDidCatch; until then any failure shows the error page.
    return { failedAt: '' };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    this.setState({ failedAt: this.props.pathname });
    console.error('A route failed to render', error, info.componentStack);
  }

  override render(): ReactNode {
    const { failedAt } = this.state;
    const failed = failedAt === '' || failedAt === this.props.pathname;
    return failed ? <RouteErrorPage /> : this.props.children;
  }
}
