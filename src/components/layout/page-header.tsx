import type { ReactNode } from 'react';

export function PageHeader({ title, description }: { title: ReactNode; description?: ReactNode }) {
  return (
    <div className="mb-8 flex flex-col gap-2">
      <h1 className="text-3xl font-semibold tracking-tight text-balance [overflow-wrap:anywhere]">{title}</h1>
      {description ? <p className="max-w-prose text-muted-foreground">{description}</p> : null}
    </div>
  );
}
