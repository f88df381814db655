import type { ReactNode } from 'react';
import { cn } from '@/utils/cn';

/** One titled card of the account page; `tone="danger"` marks the destructive zone. */
export function AccountSection({
  id,
  title,
  description,
  tone = 'default',
  children,
}: {
  id: string;
  title: string;
  description?: ReactNode;
  tone?: 'default' | 'danger';
  children: ReactNode;
}) {
  return (
    <section
      id={id}
      aria-labelledby={`${id}-heading`}
      className={cn(
        'flex scroll-mt-24 flex-col gap-5 rounded-lg border bg-surface p-5 shadow-sm sm:p-6',
        tone === 'danger' ? 'border-danger/50' : 'border-border',
      )}
    >
      <div className="flex flex-col gap-1">
        <h2 id={`${id}-heading`} className={cn('text-xl font-semibold', tone === 'danger' && 'text-danger')}>
          {title}
        </h2>
        {description ? <p className="text-sm text-muted-foreground">{description}</p> : null}
      </div>
      {children}
    </section>
  );
}

/** A sub-heading inside a section (e.g. Security → Password, E-mail). */
export function AccountSubsection({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <div role="group" aria-labelledby={id} className="flex flex-col gap-3 border-t border-border pt-5 first:border-t-0 first:pt-0">
      <h3 id={id} className="font-semibold">
        {title}
      </h3>
      {children}
    </div>
  );
}
