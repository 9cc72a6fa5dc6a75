import { differenceInCalendarDays } from 'date-fns';

/** Day differences above which a gap is small, medium and large. */
export const GAP_DAYS = { small: 31, medium: 90, large: 180 } as const;

/** The gap class between neighbouring nodes. */
export type GapClass = 'small' | 'medium' | 'large' | null;

/** A timeline node (spec 3 "Timeline node"): its Date, what to show, and the gap before it. */
export interface TimelineNode<T = unknown> { Date: string | Date; Template?: T; gap?: GapClass; isNow?: boolean }

/** The gap class for a day difference: none up to 31 days, small over 31, medium over 90, large over 180. */
export function gapClass(days: number): GapClass {
  const d = Math.abs(days);
  if (d > GAP_DAYS.large) return 'large';
  if (d > GAP_DAYS.medium) return 'medium';
  if (d > GAP_DAYS.small) return 'small';
  return null;
}

const time = (d: string | Date) => new Date(d).getTime();

/**
 * The nodes to draw: sorted by Date ascending, with an optional current-time node inserted in
 * its place, each node carrying the gap class from the node before it.
 */
export function layoutTimeline<T>(nodes: readonly TimelineNode<T>[], now?: Date): TimelineNode<T>[] {
  const all: TimelineNode<T>[] = [...nodes];
  if (now) all.push({ Date: now, isNow: true });
  const sorted = all.sort((a, b) => time(a.Date) - time(b.Date));
  return sorted.map((node, i) => ({
    ...node,
    gap: i === 0 ? null : gapClass(differenceInCalendarDays(new Date(node.Date), new Date(sorted[i - 1].Date))),
  }));
}
