import { useEffect, useState } from 'react';

/** True once `ms` have passed since `since` (an ISO time); re-renders at that moment. */
export function usePassed(since: string, ms: number): boolean {
  const due = new Date(since).getTime() + ms;
  const [now, setNow] = useState(Date.now);
  const passed = now >= due;
  useEffect(() => {
    if (passed) return;
    const timer = setTimeout(() => setNow(Date.now()), due - now);
    return () => clearTimeout(timer);
  }, [due, now, passed]);
  return passed;
}
