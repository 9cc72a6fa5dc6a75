import { startTransition, useEffect, useState } from 'react';

/**
 * How many of `total` parts to render: `first` at once, then `step` more each frame. A long form paints
 * its first screenful at once, and the rest follows in transitions, which React interrupts for the
 * user's typing, so mounting never delays a keystroke.
 */
export function useProgressiveCount(total: number, first: number, step: number): number {
  const [count, setCount] = useState(() => Math.min(total, first));
  useEffect(() => {
    if (count >= total) return;
    const frame = requestAnimationFrame(() => startTransition(() => setCount((c) => Math.min(total, c + step))));
    return () => cancelAnimationFrame(frame);
  }, [count, total, step]);
  return Math.min(count, total);
}
