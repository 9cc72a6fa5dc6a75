import type { ScheduleItem } from './public-calls.ts';

/** The viewer's midnight today: the display shows its own day and the six after it. */
export function localMidnight(now = new Date()): Date {
  const day = new Date(now);
  day.setHours(0, 0, 0, 0);
  return day;
}

const dayKey = (d: Date) => `${d.getFullYear()}-${d.getMonth()}-${d.getDate()}`;

/** An item belongs to the day it starts on, or to today when it started before today and is still on. */
function dayOf(item: ScheduleItem, today: Date): Date {
  const start = new Date(item.StartsAt);
  return start < today ? today : start;
}

export interface ScheduleDay { key: string; label: string; isToday: boolean; items: ScheduleItem[] }

/** The items grouped by day in order, today first (shown even when empty: the wall says so). */
export function scheduleDays(items: ScheduleItem[], now = new Date()): ScheduleDay[] {
  const today = localMidnight(now);
  const days = new Map<string, ScheduleDay>([[dayKey(today), { key: dayKey(today), label: 'Today', isToday: true, items: [] }]]);
  for (const item of items) {
    const day = dayOf(item, today);
    const key = dayKey(day);
    if (!days.has(key)) days.set(key, { key, label: day.toLocaleDateString(undefined, { weekday: 'long', month: 'long', day: 'numeric' }), isToday: false, items: [] });
    days.get(key)!.items.push(item);
  }
  return [...days.values()];
}

const clock = (d: Date) => d.toLocaleTimeString(undefined, { hour: '2-digit', minute: '2-digit' });

/** '09:00 – 09:15', or the start alone; a time on another day than the item's own carries its date. */
export function timeRange(item: ScheduleItem): string {
  const start = new Date(item.StartsAt);
  if (!item.EndsAt) return clock(start);
  const end = new Date(item.EndsAt);
  const sameDay = dayKey(start) === dayKey(end);
  return `${clock(start)} – ${sameDay ? '' : `${end.toLocaleDateString(undefined, { month: 'short', day: 'numeric' })} `}${clock(end)}`;
}

/** 'hh:mm' of the last refresh, as the wall shows it. */
export const updatedAt = (d: Date) => clock(d);
