import { format as formatDate } from 'date-fns';
import type { ReportColumn } from './report-api.ts';

const numbers = new Intl.NumberFormat('en-US', { maximumFractionDigits: 2 });

/** A date of the wire (yyyy-mm-dd, or an ISO date-time) as spec 3 shows dates: MM/dd/yyyy (with the time for datetime). */
function showDate(value: string, withTime: boolean): string {
  // A date column's value is that day wherever the browser is: its yyyy-mm-dd is read as it is, never shifted by a zone.
  const dateOnly = /^(\d{4})-(\d{2})-(\d{2})$/.exec(withTime ? value : value.slice(0, 10));
  const date = dateOnly ? new Date(Number(dateOnly[1]), Number(dateOnly[2]) - 1, Number(dateOnly[3])) : new Date(value);
  if (Number.isNaN(date.getTime())) return value;
  return formatDate(date, withTime && !dateOnly ? 'MM/dd/yyyy hh:mm a' : 'MM/dd/yyyy');
}

/** A cell's value as text, by its column's type. */
export function formatCell(value: unknown, column: Pick<ReportColumn, 'Type'>): string {
  if (value === null || value === undefined || value === '') return '';
  switch (column.Type) {
    case 'number': return typeof value === 'number' || /^-?\d+(\.\d+)?$/.test(String(value)) ? numbers.format(Number(value)) : String(value);
    case 'date': return showDate(String(value), false);
    case 'datetime': return showDate(String(value), true);
    case 'boolean': return value === true || value === 'true' ? 'Yes' : 'No';
    default: return String(value);
  }
}
