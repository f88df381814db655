import { useRef, type PointerEvent } from 'react';

/** How far a finger must travel sideways, more than it travels up or down, to count as a swipe. */
const SWIPE_PX = 40;

/**
 * Sideways swipes on an element: left for the next, right for the previous. Vertical movement is
 * left to the page (pair with `touch-action: pan-y`). A swipe also ends in a click on the element;
 * `consumedClick()` says so once, so the click's own action (opening a larger view) is skipped.
 */
export function useSwipe({ onNext, onPrevious, enabled }: { onNext: () => void; onPrevious: () => void; enabled: boolean }) {
  const start = useRef<{ x: number; y: number; id: number } | null>(null);
  const swiped = useRef(false);
  return {
    handlers: {
      onPointerDown: (event: PointerEvent) => {
        start.current = enabled && event.isPrimary ? { x: event.clientX, y: event.clientY, id: event.pointerId } : null;
      },
      onPointerUp: (event: PointerEvent) => {
        const from = start.current;
        start.current = null;
        if (!from || from.id !== event.pointerId) return;
        const dx = event.clientX - from.x;
        const dy = event.clientY - from.y;
        if (Math.abs(dx) < SWIPE_PX || Math.abs(dx) <= Math.abs(dy)) return;
        swiped.current = true;
        if (dx < 0) onNext();
        else onPrevious();
      },
      onPointerCancel: () => {
        start.current = null;
      },
    },
    consumedClick: (): boolean => {
      const was = swiped.current;
      swiped.current = false;
      return was;
    },
  };
}
