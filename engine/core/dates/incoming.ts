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

/**
 * A copy of an incoming payload with the named date fields, at any depth, converted by toLocalDate.
 * Iterative, with its own list of containers to fill: a payload may nest deeper than the call stack.
 */
export function convertIncomingDates<T, K extends string = (typeof RECORD_DATE_FIELDS)[number]>(
  payload: T,
  fields: readonly K[] = RECORD_DATE_FIELDS as unknown as readonly K[],
): WithLocalDates<T, K> {
  const names = new Set<string>(fields);
  const isContainer = (value: unknown): value is object => typeof value === 'object' && value !== null && !(value instanceof Date);
  const emptyLike = (value: object): Record<string, unknown> | unknown[] => (Array.isArray(value) ? [] : {});
  if (!isContainer(payload)) return payload as WithLocalDates<T, K>;
  const root = emptyLike(payload);
  const pending: Array<[source: object, copy: Record<string, unknown> | unknown[]]> = [[payload, root]];
  while (pending.length) {
    const [source, copy] = pending.pop()!;
    for (const [key, inner] of Object.entries(source)) {
      let value: unknown = inner;
      if (!Array.isArray(source) && names.has(key)) value = toLocalDate(inner);
      else if (isContainer(inner)) {
        value = emptyLike(inner);
        pending.push([inner, value as Record<string, unknown> | unknown[]]);
      }
      (copy as Record<string, unknown>)[key] = value;
    }
  }
  return root as WithLocalDates<T, K>;
}
