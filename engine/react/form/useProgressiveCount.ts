import { useEffect, useState } from 'react';

/**
 * How many of `total` parts to render: `first` at once, then one more each frame. A long form paints its
 * first sections at once instead of waiting for all of them, and the rest follow within a few frames.
 */
export function useProgressiveCount(total: number, first: number): number {
  const [count, setCount] = useState(() => Math.min(total, first));
  useEffect(() => {
    if (count >= total) return;
    const frame = requestAnimationFrame(() => setCount((c) => Math.min(total, c + 1)));
    return () => cancelAnimationFrame(frame);
  }, [count, total]);
  return Math.min(count, total);
}
