/**
 * Runs `task` in a task of its own once the browser has nothing more urgent to do, or after
 * `timeoutMs` at the latest. Work that can wait a moment after the page is interactive (refreshing
 * prerendered data) goes here, so it neither delays hydration nor
 * joins it in one long task. Returns a cancel function.
 */
export function whenIdle(task: () => void, timeoutMs = 1500): () => void {
  if (typeof window.requestIdleCallback === 'function') {
    const handle = window.requestIdleCallback(() => task(), { timeout: timeoutMs });
    return () => window.cancelIdleCallback(handle);
  }
  // Safari has no requestIdleCallback: after the current task and the next frame.
  const handle = window.setTimeout(task, 50);
  return () => window.clearTimeout(handle);
}
