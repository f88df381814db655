import { Component, type ErrorInfo, type ReactNode } from 'react';
import { Outlet, useLocation } from 'react-router';
import { PageTitle } from '@/components/layout/page-title';
import { Button } from '@/components/ui/button';
import { RouteOffline } from './route-offline.tsx';

/** Shown when a route fails to load or render online (e.g. a lazy chunk missing after a deploy). */
export function RouteErrorPage() {
  return (
    <div className="flex max-w-xl flex-col items-start gap-4 py-8">
      <PageTitle title="Error" />
      <h1 className="text-3xl font-semibold">This page could not be shown</h1>
      <p className="text-muted-foreground">Something went wrong. Reloading usually fixes it.</p>
      <Button onClick={() => window.location.reload()}>Reload</Button>
    </div>
  );
}

interface BoundaryState {
  /** The address the boundary last rendered for: a new one is tried afresh. */
  pathname: string;
  failure: { offline: boolean } | null;
}

/**
 * Catches what a route throws while loading or rendering and shows RouteErrorPage instead of a
 * blank page, until the address changes (the next page is tried afresh, and nothing above it is
 * remounted). It sits around the layout's outlet, so the header and footer stay; app-routes.tsx has
 * another around the whole app, `standalone`, for a failure of the layout itself. A failure while
 * offline shows the offline message and is retried when the connection returns. A class: React has
 * no hook for this.
 */
export class RouteErrorBoundary extends Component<{ pathname: string; standalone?: boolean; children: ReactNode }, BoundaryState> {
  override state: BoundaryState = { pathname: this.props.pathname, failure: null };

  static getDerivedStateFromProps(props: { pathname: string }, state: BoundaryState): Partial<BoundaryState> | null {
    return props.pathname === state.pathname ? null : { pathname: props.pathname, failure: null };
  }

  static getDerivedStateFromError(): Partial<BoundaryState> {
    return { failure: { offline: typeof navigator !== 'undefined' && !navigator.onLine } };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    console.error('A route failed to render', error, info.componentStack);
  }

  /** Renders the route again (RouteOffline calls it in a transition, the page shown stays until then). */
  private readonly retry = () => this.setState({ failure: null });

  override render(): ReactNode {
    const { failure } = this.state;
    if (!failure) return this.props.children;
    const page = failure.offline ? <RouteOffline retry={this.retry} /> : <RouteErrorPage />;
    return this.props.standalone ? (
      <main id="main" className="mx-auto max-w-xl px-4 py-8">
        {page}
      </main>
    ) : (
      page
    );
  }
}

/** The layout's outlet inside its own boundary; reading the address here keeps the layout from re-rendering on every navigation. */
export function RouteOutlet() {
  const { pathname } = useLocation();
  return (
    <RouteErrorBoundary pathname={pathname}>
      <Outlet />
    </RouteErrorBoundary>
  );
}
