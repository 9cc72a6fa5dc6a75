import { Box, Table, TableBody, TableCell, TableContainer, TableFooter, TableHead, TablePagination, TableRow, TableSortLabel } from '@mui/material';
import { visuallyHidden } from '../visually-hidden.ts';
import { formatCell } from './format.ts';
import type { ReportColumn, ReportResult, Sort } from './report-api.ts';
import { pageSizes } from './useReportRun.ts';

export interface ReportTableProps {
  result: ReportResult;
  caption: string;
  /** Paging and sorting; without them the table shows its rows as they are (a report card). */
  paging?: {
    page: number; pageSize: number; sorts: Sort[]; busy: boolean;
    onPage: (page: number) => void; onPageSize: (size: number) => void; onSort: (field: string) => void;
  };
}

const aligned = (c: ReportColumn) => (c.Type === 'number' ? 'right' : 'left');

/** A totals row: its label in the first column, the totals under their columns. */
function TotalsRow({ label, columns, totals }: { label: string; columns: ReportColumn[]; totals: Record<string, number> }) {
  return (
    <TableRow>
      {columns.map((c, i) => (
        <TableCell key={c.Name} align={aligned(c)} component={i === 0 ? 'th' : 'td'} scope={i === 0 ? 'row' : undefined}
          sx={{ fontWeight: 600, color: 'text.primary', fontSize: '0.875rem' }}>
          {c.Total && totals[c.Name] !== undefined ? formatCell(totals[c.Name], { Type: 'number' }) : i === 0 ? label : ''}
        </TableCell>
      ))}
    </TableRow>
  );
}

/** The result's table: sortable headers, the page's rows, each group's subtotals and the totals over the whole result. */
export function ReportTable({ result, caption, paging }: ReportTableProps) {
  const { Columns: columns, Rows: rows } = result;
  const hasTotals = columns.some((c) => c.Total);
  return (
    <Box>
      <TableContainer sx={{ overflowX: 'auto' }}>
        <Table size="small" aria-busy={paging?.busy || undefined}>
          <Box component="caption" sx={visuallyHidden}>{caption}</Box>
          <TableHead>
            <TableRow>
              {columns.map((c) => {
                const dir = paging?.sorts.find((s) => s.Field === c.Name)?.Dir;
                return (
                  <TableCell key={c.Name} align={aligned(c)} sortDirection={dir ?? false} sx={{ fontWeight: 600 }}>
                    {paging ? (
                      <TableSortLabel active={!!dir} direction={dir ?? 'asc'} disabled={paging.busy} onClick={() => paging.onSort(c.Name)}>
                        {c.Title}
                        {dir && <Box component="span" sx={visuallyHidden}>{dir === 'desc' ? 'sorted descending' : 'sorted ascending'}</Box>}
                      </TableSortLabel>
                    ) : c.Title}
                  </TableCell>
                );
              })}
            </TableRow>
          </TableHead>
          <TableBody>
            {rows.map((row, r) => (
              <TableRow key={r} hover>
                {columns.map((c) => <TableCell key={c.Name} align={aligned(c)}>{formatCell(row[c.Name], c)}</TableCell>)}
              </TableRow>
            ))}
            {!rows.length && (
              <TableRow>
                <TableCell colSpan={columns.length}>No rows match these filters.</TableCell>
              </TableRow>
            )}
          </TableBody>
          {hasTotals && rows.length > 0 && (
            <TableFooter>
              {result.Groups?.map((g) => <TotalsRow key={g.Key} label={`Subtotal: ${g.Key}`} columns={columns} totals={g.Totals} />)}
              <TotalsRow label="Total" columns={columns} totals={result.Totals} />
            </TableFooter>
          )}
        </Table>
      </TableContainer>
      {paging && (
        <TablePagination
          component="div"
          count={result.Total}
          page={Math.max(0, paging.page - 1)}
          rowsPerPage={paging.pageSize}
          rowsPerPageOptions={[...pageSizes]}
          onPageChange={(_, p) => paging.onPage(p + 1)}
          onRowsPerPageChange={(e) => paging.onPageSize(Number(e.target.value))}
          disabled={paging.busy}
        />
      )}
    </Box>
  );
}
