import { parseISO } from 'date-fns';
import { isNullDate } from './null-date.ts';
import { UTC_MARKER } from './outgoing.ts';

/** The general record dates every entity may carry (spec 1 section 3). */
export const RECORD_DATE_FIELDS = ['CreatedDate', 'ModifiedDate', 'DeactivatedDate'] as const;

/** A payload with the listed fields (at any depth) turned into Date or null. */
export type WithLocalDates<T, K extends string> = T extends Array<infer U>
  ? Array<WithLocalDates<U, K>>
  : T extends Date
    ? T
    : T extends object
      ? { [P in keyof T]: P extends K ? Date | null : WithLocalDates<T[P], K> }
      : T;

/**
 * A server date as a Date (which shows in local time). The server speaks UTC, so a date-time
 * without a marker is read as UTC; a date alone is that calendar day at local midnight. The null
 * date, empty and unreadable values give null.
 */
export function toLocalDate(value: unknown): Date | null {
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? null : value;
  if (typeof value !== 'string' || value === '' || isNullDate(value)) return null;
  const hasTime = /T\d{2}:\d{2}/i.test(value);
  const date = parseISO(hasTime && !UTC_MARKER.test(value) && !/[+-]\d{2}:?\d{2}$/.test(value) ? `${value}Z` : value);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** A copy of an incoming payload with the named date fields, at any depth, converted by toLocalDate. */
export function convertIncomingDates<T, K extends string = (typeof RECORD_DATE_FIELDS)[number]>(
  payload: T,
  fields: readonly K[] = RECORD_DATE_FIELDS as unknown as readonly K[],
): WithLocalDates<T, K> {
  const names = new Set<string>(fields);
  const walk = (value: unknown): unknown => {
    if (Array.isArray(value)) return value.map(walk);
    if (typeof value !== 'object' || value === null || value instanceof Date) return value;
    return Object.fromEntries(
      Object.entries(value).map(([key, inner]) => [key, names.has(key) ? toLocalDate(inner) : walk(inner)]),
    );
  };
  return walk(payload) as WithLocalDates<T, K>;
}
