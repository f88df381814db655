import type { ReactNode } from 'react';
import { Skeleton } from '@/components/ui/skeleton';

/**
 * The outline of a page whose feature has not landed yet: its heading and a skeleton of
 * its content, so the route, title and layout exist for the feature to fill in.
 */
export function ComingSoon({ children }: { children: ReactNode }) {
  return (
    <section className="flex flex-col gap-4" aria-label="Not available yet">
      <p className="text-muted-foreground">{children}</p>
      <div className="grid grid-cols-2 gap-4 md:grid-cols-4">
        {Array.from({ length: 4 }, (_, index) => (
          <Skeleton key={index} className="aspect-[4/5] motion-safe:animate-none" />
        ))}
      </div>
    </section>
  );
}
