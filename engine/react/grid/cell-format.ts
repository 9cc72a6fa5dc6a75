import { format as formatDate, isValid } from 'date-fns';
import type { ColumnDefinition } from '../../core/screen-document.ts';
import { formatCurrency } from '../../widgets/currency/logic.ts';

/** A cell's text by the column's declared format. */
export function formatCell(value: unknown, column: Pick<ColumnDefinition, 'format'>): string {
  if (value === null || value === undefined || value === '') return '';
  switch (column.format) {
    case 'yesNo':
      return value ? 'Yes' : 'No';
    case 'activeInactive':
      return value ? 'Active' : 'Inactive';
    case 'currency':
      return formatCurrency(Number(value));
    case 'percentage':
      return `${String(value)}%`;
    case 'date':
    case 'dateTime': {
      // A calendar day (yyyy-MM-dd) is shown as it is: read as a date it would be UTC midnight, a day early in the Americas.
      if (column.format === 'date' && typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value)) return `${value.slice(5, 7)}/${value.slice(8, 10)}/${value.slice(0, 4)}`;
      const date = new Date(String(value));
      if (!isValid(date)) return String(value);
      return formatDate(date, column.format === 'date' ? 'MM/dd/yyyy' : 'MM/dd/yyyy hh:mm a');
    }
    default:
      return String(value);
  }
}
