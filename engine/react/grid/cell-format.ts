import { format as formatDate, isValid } from 'date-fns';
import type { ColumnDefinition } from '../../core/screen-document.ts';

/** A cell's text by the column's declared format. */
export function formatCell(value: unknown, column: Pick<ColumnDefinition, 'format'>): string {
  if (value === null || value === undefined || value === '') return '';
  switch (column.format) {
    case 'yesNo':
      return value ? 'Yes' : 'No';
    case 'activeInactive':
      return value ? 'Active' : 'Inactive';
    case 'date':
    case 'dateTime': {
      const date = new Date(String(value));
      if (!isValid(date)) return String(value);
      return formatDate(date, column.format === 'date' ? 'MM/dd/yyyy' : 'MM/dd/yyyy hh:mm a');
    }
    default:
      return String(value);
  }
}
