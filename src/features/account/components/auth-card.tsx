import type { ReactNode } from 'react';

/** The frame of the sign-in, sign-up and password pages: one centred card at every width. */
export function AuthCard({ title, description, children, footer }: { title: string; description?: ReactNode; children: ReactNode; footer?: ReactNode }) {
  return (
    <div className="mx-auto flex w-full max-w-md flex-col gap-6 py-4 sm:py-10">
      <div className="flex flex-col gap-2">
        <h1 className="text-3xl font-semibold tracking-tight">{title}</h1>
        {description ? <p className="text-muted-foreground">{description}</p> : null}
      </div>
      <div className="rounded-lg border border-border bg-surface p-5 shadow-sm sm:p-6">{children}</div>
      {footer ? <div className="flex flex-col gap-2 text-sm text-muted-foreground">{footer}</div> : null}
    </div>
  );
}
