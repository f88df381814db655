import { ArrowRight } from 'lucide-react';
import { Link } from 'react-router';
import { useShowcase } from '../api/get-showcase.ts';
import { ItemGrid, ItemGridError, ItemGridSkeleton } from './item-grid.tsx';

export function ShowcaseSection({ kind, title, moreHref }: { kind: 'featured' | 'new'; title: string; moreHref: string }) {
  const result = useShowcase(kind);
  const headingId = `showcase-${kind}`;
  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-6">
      <div className="flex items-baseline justify-between gap-4">
        <h2 id={headingId} className="text-2xl font-semibold tracking-tight">
          {title}
        </h2>
        <Link to={moreHref} className="flex items-center gap-1 text-sm font-medium text-primary hover:underline">
          See all <span className="sr-only">{title.toLowerCase()}</span>
          <ArrowRight aria-hidden="true" className="size-4" />
        </Link>
      </div>
      {result.isPending ? (
        <ItemGridSkeleton count={kind === 'featured' ? 4 : 8} />
      ) : result.isError ? (
        <ItemGridError message={result.error.message} onRetry={() => void result.refetch()} />
      ) : (
        <ItemGrid items={result.data} label={title} />
      )}
    </section>
  );
}
