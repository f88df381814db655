import { PackageSearch, RotateCw } from 'lucide-react';
import { memo, type ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import type { ItemSummary } from '../api/item-schemas.ts';
import { ItemCard } from './item-card.tsx';

const GRID = 'grid grid-cols-2 gap-x-4 gap-y-8 sm:grid-cols-3 lg:grid-cols-4';

/**
 * Memoised: the listing around it re-renders as a background refetch starts and ends ("updating…"),
 * and with the page's items unchanged (the same array, by TanStack Query's structural sharing) the
 * 24 cards are not rendered again. Those updates come through useSyncExternalStore, which React
 * renders in one uninterruptible task: on a slow phone that was a long task after every refresh.
 */
export const ItemGrid = memo(function ItemGrid({ items, label, cardHeading = 'h3' }: { items: ItemSummary[]; label: string; cardHeading?: 'h2' | 'h3' }) {
  return (
    <ul className={GRID} aria-label={label}>
      {items.map((item, index) => (
        <li key={item.id}>
          <ItemCard item={item} priority={index < 4} heading={cardHeading} />
        </li>
      ))}
    </ul>
  );
});

export function ItemGridSkeleton({ count = 8 }: { count?: number }) {
  return (
    <div role="status" aria-label="Loading items" className={GRID}>
      {Array.from({ length: count }, (_, index) => (
        <div key={index} className="flex flex-col gap-2">
          <Skeleton className="aspect-[4/5]" />
          <Skeleton className="h-4 w-3/4" />
          <Skeleton className="h-4 w-1/3" />
        </div>
      ))}
    </div>
  );
}

export function ItemGridEmpty({ children, action }: { children: ReactNode; action?: ReactNode }) {
  return (
    <div className="flex flex-col items-center gap-4 rounded-lg border border-dashed border-border px-6 py-16 text-center">
      <PackageSearch aria-hidden="true" className="size-10 text-muted-foreground" />
      <p className="max-w-prose text-muted-foreground">{children}</p>
      {action}
    </div>
  );
}

export function ItemGridError({ message, onRetry }: { message: string; onRetry: () => void }) {
  return (
    <div role="alert" className="flex flex-col items-center gap-4 rounded-lg border border-danger/40 px-6 py-16 text-center">
      <p className="font-medium">The catalog could not be loaded.</p>
      <p className="max-w-prose text-sm text-muted-foreground">{message}</p>
      <Button variant="secondary" onClick={onRetry}>
        <RotateCw aria-hidden="true" />
        Try again
      </Button>
    </div>
  );
}
