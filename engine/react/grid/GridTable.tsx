import type { ReactNode } from 'react';
import { Box, Table, TableBody, TableCell, TableContainer, TableHead, TableRow, TableSortLabel } from '@mui/material';
import LockIcon from '@mui/icons-material/LockOutlined';
import { visuallyHidden } from '@mui/utils';
import type { ColumnDefinition } from '../../core/screen-document.ts';
import type { SortItem } from '../../core/grid-state.ts';
import { formatCell } from './cell-format.ts';

export interface GridTableProps<Row> {
  columns: ColumnDefinition[];
  rows: Row[];
  idField: string;
  sorts: SortItem[];
  emptyMessage: string;
  loading: boolean;
  /** additive: Shift, Ctrl or Cmd was held (add the column to the sorts). */
  onSort: (field: string, additive: boolean) => void;
  onRowClick?: (row: Row) => void;
  /** Cells of action columns (buttons); data columns show their formatted value. */
  renderActionCell?: (row: Row, column: ColumnDefinition) => ReactNode;
  /** A class for a column's cells (an action's ColumnCss). */
  columnClass?: (column: ColumnDefinition) => string | undefined;
  /** Rows locked by someone else: marked with a lock. 'all' when every row is. */
  locked?: Set<string> | 'all';
}

/** The table itself: sortable headers (with the order of each sort when several apply), clickable rows and action cells. */
export function GridTable<Row extends Record<string, unknown>>({
  columns, rows, idField, sorts, emptyMessage, loading, onSort, onRowClick, renderActionCell, columnClass, locked,
}: GridTableProps<Row>) {
  const isLocked = (row: Row) => locked === 'all' || Boolean(locked?.has(String(row[idField])));
  return (
    <TableContainer>
      <Table size="small" aria-busy={loading}>
        <TableHead>
          <TableRow>
            {columns.map((c) => {
              const index = sorts.findIndex((s) => s.field === c.field);
              const sort = sorts[index];
              return (
                <TableCell key={c.field} sortDirection={sort?.dir ?? false} className={columnClass?.(c)} sx={{ fontWeight: 600, whiteSpace: 'nowrap', width: c.type === 'action' ? '1%' : undefined }}>
                  {c.type === 'action' ? (c.label || <Box component="span" sx={visuallyHidden}>{c.field}</Box>) : c.sortable ? (
                    <TableSortLabel active={Boolean(sort)} direction={sort?.dir ?? 'asc'} onClick={(e) => onSort(c.field, e.shiftKey || e.ctrlKey || e.metaKey)}>
                      {c.label}
                      {sort && sorts.length > 1 && <Box component="sup" sx={{ ml: 0.5, fontSize: 10 }}>{index + 1}</Box>}
                      {sort && <Box component="span" sx={visuallyHidden}>{sort.dir === 'desc' ? ', sorted descending' : ', sorted ascending'}</Box>}
                    </TableSortLabel>
                  ) : c.label}
                </TableCell>
              );
            })}
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.length === 0 && !loading && (
            <TableRow>
              <TableCell colSpan={columns.length} sx={{ py: 6, textAlign: 'center', color: 'text.secondary' }}>{emptyMessage}</TableCell>
            </TableRow>
          )}
          {rows.map((row, i) => (
            <TableRow
              key={row[idField] === null || row[idField] === undefined ? `row-${i}` : String(row[idField])}
              hover={Boolean(onRowClick)}
              tabIndex={onRowClick ? 0 : undefined}
              onClick={onRowClick ? () => onRowClick(row) : undefined}
              onKeyDown={onRowClick ? (e) => e.key === 'Enter' && onRowClick(row) : undefined}
              data-locked={isLocked(row) || undefined}
              sx={{ cursor: onRowClick ? 'pointer' : undefined, opacity: row.IsActive === false ? 0.6 : 1 }}
            >
              {columns.map((c, ci) => (
                <TableCell key={c.field} className={columnClass?.(c)}>
                  {ci === 0 && isLocked(row) && <LockIcon fontSize="inherit" titleAccess="Locked" sx={{ mr: 0.5, verticalAlign: 'middle' }} />}
                  {c.type === 'action' ? renderActionCell?.(row, c) : formatCell(row[c.field], c)}
                </TableCell>
              ))}
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
