/**
 * The count on a Saved link: a badge drawn over the link's heart or at the end of its line (it
 * takes no room, so nothing moves when it appears). Hidden from screen readers: the link's name
 * says the count ("Saved, 3 items"), see useSavedCount.
 */
export function SavedBadge({ count, className = 'absolute -top-0.5 -right-0.5' }: { count: number | undefined; className?: string }) {
  if (!count) return null;
  return (
    <span
      aria-hidden="true"
      data-testid="saved-count"
      className={`${className} flex min-w-5 items-center justify-center rounded-full bg-primary px-1 text-xs leading-5 font-semibold text-primary-foreground`}
    >
      {count}
    </span>
  );
}
