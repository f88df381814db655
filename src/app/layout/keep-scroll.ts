/** State a navigation passes to stay where the visitor is: the same page showing another choice (a variant's swatch). */
export const KEEP_SCROLL = { keepScroll: true } as const;

/** Whether a location's state asks ScrollRestoration to leave the scroll position alone. */
export function keepsScroll(state: unknown): boolean {
  return typeof state === 'object' && state !== null && (state as { keepScroll?: unknown }).keepScroll === true;
}
