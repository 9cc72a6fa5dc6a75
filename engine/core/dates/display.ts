import { format } from 'date-fns';
import { message } from '../messages.ts';
import { toLocalDate } from './incoming.ts';

/** Display patterns of spec 1 and 2 section 9 (date-fns tokens). */
export const displayFormats = {
  /** Days: 05/01/2024. */
  date: 'MM/dd/yyyy',
  /** Days with hours and minutes: 05/01/2024 01:05 PM. */
  dateTime: 'MM/dd/yyyy hh:mm a',
  /** Hours and minutes alone: 01:05 PM. */
  time: 'hh:mm a',
  /** The record info block: 05/01/2024 13:05. */
  recordInfo: 'MM/dd/yyyy HH:mm',
  /** The user update screen's dates: 01/05/2024 13:05. */
  userUpdate: 'dd/MM/yyyy HH:mm',
} as const;

/**
 * A date for display in local time. `value` may be a Date or a server string (UTC, or the null
 * date); no date shows as `emptyText`, by default 'Not Specified'.
 */
export function formatDisplayDate(
  value: Date | string | null | undefined,
  pattern: string = displayFormats.date,
  emptyText: string = message('notSpecified'),
): string {
  const date = toLocalDate(value);
  return date ? format(date, pattern) : emptyText;
}
