const pending = new Set<Promise<void>>();

/**
 * Runs work once the current response has been handed to the socket (setImmediate comes after the
 * write), for answers that must not take longer depending on a secret, e.g. whether an address
 * has an account. Failures are logged; `settleAfterResponse` lets shutdown and tests wait.
 */
export function runAfterResponse(label: string, task: () => Promise<void>): void {
  const done: Promise<void> = new Promise<void>((resolve) => setImmediate(resolve))
    .then(task)
    .catch((error: unknown) => console.error(`[server] ${label} failed:`, error))
    .finally(() => pending.delete(done));
  pending.add(done);
}

/** Resolves when no work started by runAfterResponse is left. */
export async function settleAfterResponse(): Promise<void> {
  while (pending.size > 0) await Promise.all(pending);
}
