import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { useEffect, type ReactNode } from 'react';
import { queryClient as browserQueryClient } from '@/lib/query-client';

/** Calls `onMounted` once, after the first commit (for a prerendered page: once it is hydrated). */
function AfterFirstCommit({ onMounted }: { onMounted: () => void }) {
  useEffect(() => onMounted(), [onMounted]);
  return null;
}

/** The app's providers; prerendering passes a query client of its own per page. */
export function AppProviders({
  children,
  queryClient = browserQueryClient,
  onMounted,
}: {
  children: ReactNode;
  queryClient?: QueryClient;
  onMounted?: () => void;
}) {
  return (
    <QueryClientProvider client={queryClient}>
      {children}
      {onMounted ? <AfterFirstCommit onMounted={onMounted} /> : null}
    </QueryClientProvider>
  );
}
