import { useId, type ReactNode } from 'react';
import { cn } from '@/utils/cn';

/**
 * A titled card of a settings-like page (the account page's sections, the admin item page's panels).
 * `id` makes it a link target (the account page's in-page links); `tone="danger"` marks a destructive zone.
 */
export function CardSection({
  id,
  title,
  description,
  tone = 'default',
  children,
}: {
  id?: string;
  title: string;
  description?: ReactNode;
  tone?: 'default' | 'danger';
  children: ReactNode;
}) {
  const generatedId = useId();
  const headingId = `${id ?? generatedId}-heading`;
  return (
    <section
      id={id}
      aria-labelledby={headingId}
      className={cn(
        'flex scroll-mt-24 flex-col gap-5 rounded-lg border bg-surface p-5 shadow-sm sm:p-6',
        tone === 'danger' ? 'border-danger/50' : 'border-border',
      )}
    >
      <div className="flex flex-col gap-1">
        <h2 id={headingId} className={cn('text-xl font-semibold', tone === 'danger' && 'text-danger')}>
          {title}
        </h2>
        {description ? <p className="text-sm text-muted-foreground">{description}</p> : null}
      </div>
      {children}
    </section>
  );
}
