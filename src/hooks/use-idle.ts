import { useEffect, useState } from 'react';
import { whenIdle } from '@/lib/when-idle';

/** False until the browser has been idle once after this component mounted (see whenIdle). */
export function useIdle(): boolean {
  const [idle, setIdle] = useState(false);
  useEffect(() => whenIdle(() => setIdle(true)), []);
  return idle;
}
