import { WifiOff } from 'lucide-react';
import { useOnlineStatus } from '@/hooks/use-online-status';

/**
 * Shown while the browser is offline. Reads keep showing what was loaded; changes fail with their
 * own message (and roll back), so nobody believes something was saved that was not. When the
 * connection returns, queries refetch and realtime channels rejoin.
 */
export function OfflineNotice() {
  const online = useOnlineStatus();
  if (online) return null;
  return (
    <div role="status" data-testid="offline-notice" className="border-b border-border bg-muted text-foreground">
      <p className="mx-auto flex max-w-7xl items-center gap-2 px-4 py-2 text-sm sm:px-6">
        <WifiOff aria-hidden="true" className="size-4 shrink-0" />
        You are offline. What you see may be out of date, and changes cannot be saved until the connection is back.
      </p>
    </div>
  );
}
