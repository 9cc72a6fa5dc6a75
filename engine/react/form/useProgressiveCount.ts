import { startTransition, useCallback, useEffect, useRef, useState } from 'react';

/** How long the user's typing holds back the rest of a long form: mounting waits for a pause. */
export const typingPauseMs = 300;

/**
 * How many of `total` parts to render: `first` at once, then `step` more each frame. A long form paints
 * its first screenful at once, and the rest follows in transitions. A frame's step cannot be cut short
 * once React commits it, so while the user types (`noteInput` called within `typingPauseMs`) no step is
 * taken: the keystrokes get the frames, and the rest of the form follows when the typing pauses.
 */
export function useProgressiveCount(total: number, first: number, step: number): { count: number; noteInput: () => void } {
  const [count, setCount] = useState(() => Math.min(total, first));
  const lastInput = useRef(-Infinity);
  useEffect(() => {
    if (count >= total) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let frame = 0;
    const next = () => {
      const wait = lastInput.current + typingPauseMs - performance.now();
      if (wait > 0) timer = setTimeout(() => { frame = requestAnimationFrame(next); }, wait);
      else startTransition(() => setCount((c) => Math.min(total, c + step)));
    };
    frame = requestAnimationFrame(next);
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(timer);
    };
  }, [count, total, step]);
  const noteInput = useCallback(() => { lastInput.current = performance.now(); }, []);
  return { count: Math.min(count, total), noteInput };
}
