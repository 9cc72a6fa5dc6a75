import { MAX_YEAR, isRealDate, parseUsDate } from '../../core/dates/us-date.ts';
import { message } from '../../core/messages.ts';
import type { WidgetRule } from '../shared/types.ts';

export { MAX_YEAR };

/**
 * Reads typed mm/dd/yyyy (optionally with hh:mm and AM/PM) as a local Date. Returns null for a
 * month over 12, a year over 9000, a day past the end of its month, or anything else malformed.
 */
export function parseDateInput(text: string): Date | null {
  // The shared mm/dd/yyyy forms of engine/core: with a 12-hour time, a 24-hour time, or none.
  return parseUsDate(text, 'usDateTime') ?? parseUsDate(text, 'usDateTime24') ?? parseUsDate(text, 'usDate');
}

/**
 * Rounds minutes to 0 or 30: under 15 down to the hour, 15 to 44 to half past, 45 and over up to
 * the next hour. Seconds are dropped.
 */
export function roundToHalfHour(date: Date): Date {
  const rounded = new Date(date);
  const m = date.getMinutes();
  rounded.setSeconds(0, 0);
  if (m < 15) rounded.setMinutes(0);
  else if (m < 45) rounded.setMinutes(30);
  else rounded.setHours(date.getHours() + 1, 0);
  return rounded;
}

/** The stored form of a date: 'yyyy-MM-dd' for date-only fields, otherwise an ISO string in UTC. */
export function toStoredDate(date: Date, dateOnly: boolean): string {
  if (!dateOnly) return date.toISOString();
  const pad = (n: number, w = 2) => String(n).padStart(w, '0');
  return `${pad(date.getFullYear(), 4)}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** A stored date as a local Date; date-only values are read as local midnight, not UTC. */
export function fromStoredDate(value: unknown): Date | null {
  if (typeof value !== 'string' || value === '') return null;
  const dateOnly = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (dateOnly && !isRealDate(Number(dateOnly[1]), Number(dateOnly[2]), Number(dateOnly[3]))) return null;
  const date = dateOnly ? new Date(Number(dateOnly[1]), Number(dateOnly[2]) - 1, Number(dateOnly[3])) : new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** A date, when given, must be a real date no later than the year 9000: '{0} is not a valid date.'. */
export const dateRule: WidgetRule = (value, { label, required }) => {
  if (value === undefined || value === null || value === '') return required ? [message('required', [label])] : [];
  const date = fromStoredDate(value);
  return date && date.getFullYear() <= MAX_YEAR ? [] : [message('date', [label])];
};
