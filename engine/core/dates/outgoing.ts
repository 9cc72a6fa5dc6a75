import type { ErrorItem } from '../error-items.ts';
import { message } from '../messages.ts';
import { isNullDate } from './null-date.ts';

/** The endings that mark a date-time string as UTC (spec 1 "Dates"). */
export const UTC_MARKER = /(?:Z|[+-]00:00)$/i;

// Text that reads as a date with a time of day: ISO (2024-05-01T10:00) or mm/dd/yyyy hh:mm.
const DATE_TIME_TEXT = /^(?:\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}|\d{1,2}\/\d{1,2}\/\d{4}[ T]\d{1,2}:\d{2})/i;

/** True for a date-time string without a UTC marker: the server would read it in the wrong zone. */
export function isLocalDateTimeString(value: unknown): boolean {
  return typeof value === 'string' && DATE_TIME_TEXT.test(value) && !UTC_MARKER.test(value) && !isNullDate(value);
}

/**
 * The error item for one outgoing value, or null when it may be sent: a Date must be a real date,
 * a date-time string must end in Z, +00:00 or -00:00. Other values are not dates and pass.
 * The null date passes: it means "no date", not a local time.
 */
export function outgoingDateError(value: unknown, property: string | null = null): ErrorItem | null {
  const label = property ?? 'Date';
  if (value instanceof Date && Number.isNaN(value.getTime())) {
    return { PropertyName: property, ErrorMessage: message('date', [label]), ErrorCode: 'date' };
  }
  if (isLocalDateTimeString(value)) {
    return { PropertyName: property, ErrorMessage: message('utcDate', [label]), ErrorCode: 'utcDate' };
  }
  return null;
}

/**
 * Every outgoing date fault in a payload, walking nested objects and arrays depth first (PropertyName: the
 * nearest key). Iterative, with its own stack: a client's payload may nest deeper than the call stack.
 */
export function outgoingDateErrors(payload: unknown, property: string | null = null): ErrorItem[] {
  const errors: ErrorItem[] = [];
  const pending: Array<[value: unknown, property: string | null]> = [[payload, property]];
  while (pending.length) {
    const [value, name] = pending.pop()!;
    const own = outgoingDateError(value, name);
    if (own) errors.push(own);
    else if (Array.isArray(value)) for (let i = value.length - 1; i >= 0; i--) pending.push([value[i], name]);
    else if (typeof value === 'object' && value !== null && !(value instanceof Date)) {
      const entries = Object.entries(value);
      for (let i = entries.length - 1; i >= 0; i--) pending.push([entries[i][1], entries[i][0]]);
    }
  }
  return errors;
}

/** Thrown by assertOutgoingDates; `items` are the specification's error items for the caller to show or send. */
export class OutgoingDateError extends Error {
  constructor(readonly items: ErrorItem[]) {
    super(items.map((item) => item.ErrorMessage).join(' '));
    this.name = 'OutgoingDateError';
  }
}

/** Refuses a payload holding a local date-time string or an invalid Date, before it is sent (or accepted). */
export function assertOutgoingDates(payload: unknown): void {
  const items = outgoingDateErrors(payload);
  if (items.length) throw new OutgoingDateError(items);
}
