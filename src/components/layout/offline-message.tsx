import { RotateCw, WifiOff } from 'lucide-react';
import { Button } from '@/components/ui/button';

/**
 * In place of a page (or its content) that could not be fetched because the device is offline:
 * says so plainly, not as an error, and offers Retry. Whoever shows it also tries again by itself
 * when the connection returns (the header and the rest of the frame stay usable meanwhile).
 */
export function OfflineMessage({
  heading: Heading = 'h1',
  onRetry,
  retrying = false,
}: {
  heading?: 'h1' | 'h2';
  onRetry: () => void;
  retrying?: boolean;
}) {
  return (
    <div data-testid="offline-message" className="flex max-w-xl flex-col items-start gap-4 py-8">
      <WifiOff aria-hidden="true" className="size-8 text-muted-foreground" />
      <Heading className="text-2xl font-semibold">You're offline</Heading>
      <p className="text-muted-foreground">This page will load when you're back online.</p>
      <Button variant="secondary" onClick={onRetry} disabled={retrying}>
        <RotateCw aria-hidden="true" />
        {retrying ? 'Retrying…' : 'Retry'}
      </Button>
    </div>
  );
}
