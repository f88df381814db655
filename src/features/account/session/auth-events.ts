/**
 * The hook point other features use to react to a sign-in, wired together in src/app (a feature
 * never imports another). The cart feature subscribes here to merge the guest cart into the
 * account: see docs/decisions/003-guest-cart.md for the contract.
 */
export interface SignedInEvent {
  user: { id: string; email: string };
  /**
   * true when the session was restored on page load rather than started now (sign-in, sign-up,
   * a recovery link, or another tab signing in). A merge should run in both cases: a guest cart
   * may have been filled while the session lived in another tab.
   */
  restored: boolean;
}

export type SignedInListener = (event: SignedInEvent) => void | Promise<void>;

const listeners = new Set<SignedInListener>();

/** Registers a listener; returns the unsubscribe function. */
export function onSignedIn(listener: SignedInListener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function emitSignedIn(event: SignedInEvent): void {
  for (const listener of listeners) {
    // One failing listener must not stop the others or the sign-in itself; it reports its own errors.
    void Promise.resolve()
      .then(() => listener(event))
      .catch(() => undefined);
  }
}
