import { useEffect, useTransition } from 'react';
import { OfflineMessage } from '@/components/layout/offline-message';
import { PageTitle } from '@/components/layout/page-title';
import { useOnlineStatus } from '@/hooks/use-online-status';

/**
 * A page whose code could not be fetched offline. `retry` is called when the connection returns
 * (also when it came back before this was shown) and on Retry; it runs as a transition, so this
 * stays on screen, "Retrying…", until the page is ready rather than flashing to nothing.
 */
export function RouteOffline({ retry }: { retry: () => void }) {
  const online = useOnlineStatus();
  const [retrying, startRetry] = useTransition();
  useEffect(() => {
    if (online) startRetry(retry);
  }, [online, retry]);
  return (
    <>
      <PageTitle title="You're offline" />
      <OfflineMessage onRetry={() => startRetry(retry)} retrying={retrying} />
    </>
  );
}
