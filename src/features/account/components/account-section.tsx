import type { ReactNode } from 'react';

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
