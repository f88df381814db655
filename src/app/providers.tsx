import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { useEffect, useLayoutEffect, type ReactNode } from 'react';
import { queryClient as browserQueryClient } from '@/lib/query-client';

/**
 * Calls `onCommitted` in the first commit, before the browser paints or handles another key, and
 * `onMounted` once after it (for a prerendered page: once it is hydrated).
 */
function AfterFirstCommit({ onCommitted, onMounted }: { onCommitted?: () => void; onMounted: () => void }) {
  useLayoutEffect(() => onCommitted?.(), [onCommitted]);
  useEffect(() => onMounted(), [onMounted]);
  return null;
}

/** The app's providers; prerendering passes a query client of its own per page. */
export function AppProviders({
  children,
  queryClient = browserQueryClient,
  onCommitted,
  onMounted,
}: {
  children: ReactNode;
  queryClient?: QueryClient;
  onCommitted?: () => void;
  onMounted?: () => void;
}) {
  return (
    <QueryClientProvider client={queryClient}>
      {children}
      {onMounted ? <AfterFirstCommit onCommitted={onCommitted} onMounted={onMounted} /> : null}
    </QueryClientProvider>
  );
}
