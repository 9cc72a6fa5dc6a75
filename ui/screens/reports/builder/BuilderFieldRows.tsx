import { Checkbox, Table, TableBody, TableCell, TableContainer, TableHead, TableRow, TextField, Typography } from '@mui/material';
import { totalsFor, type FieldRow } from './builder-logic.ts';

const totalLabels = { '': 'None', sum: 'Sum', avg: 'Average', count: 'Count' } as const;

export interface BuilderFieldRowsProps {
  rows: FieldRow[];
  /** Errors by field, then by part (Column, Title, Total, Filter). */
  errors: Map<string, Map<string, string>>;
  onChange: (field: string, change: Partial<FieldRow>) => void;
}

/** The form's fields, one row each: shown as a column (its title and total), and/or offered as a filter. */
export function BuilderFieldRows({ rows, errors, onChange }: BuilderFieldRowsProps) {
  return (
    <TableContainer>
      <Table size="small" aria-label="Fields of the form">
        <TableHead>
          <TableRow>
            <TableCell>Field</TableCell>
            <TableCell align="center">Column</TableCell>
            <TableCell>Title</TableCell>
            <TableCell>Total</TableCell>
            <TableCell align="center">Filter</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((row) => {
            const fault = (part: string) => errors.get(row.Field)?.get(part);
            const set = (change: Partial<FieldRow>) => onChange(row.Field, change);
            const name = row.FormTitle;
            return (
              <TableRow key={row.Field} sx={{ verticalAlign: 'top' }}>
                <TableCell sx={{ pt: 2 }}>
                  <Typography variant="body2">{name}</Typography>
                  {fault('Column') && <Typography variant="caption" color="error" role="alert">{fault('Column')}</Typography>}
                </TableCell>
                <TableCell align="center">
                  <Checkbox checked={row.column} onChange={(e) => set({ column: e.target.checked })} slotProps={{ input: { 'aria-label': `${name} is a column` } }} />
                </TableCell>
                <TableCell>
                  <TextField
                    size="small" value={row.title} disabled={!row.column} sx={{ minWidth: 160 }}
                    slotProps={{ htmlInput: { 'aria-label': `Title of ${name}`, maxLength: 200 } }}
                    error={Boolean(fault('Title'))} helperText={fault('Title')}
                    onChange={(e) => set({ title: e.target.value })}
                  />
                </TableCell>
                <TableCell>
                  <TextField
                    select size="small" value={row.total} disabled={!row.column} sx={{ minWidth: 120 }}
                    slotProps={{ select: { native: true }, htmlInput: { 'aria-label': `Total of ${name}` } }}
                    error={Boolean(fault('Total'))} helperText={fault('Total')}
                    onChange={(e) => set({ total: e.target.value as FieldRow['total'] })}
                  >
                    {(['', ...totalsFor(row.Kind)] as const).map((total) => <option key={total} value={total}>{totalLabels[total]}</option>)}
                  </TextField>
                </TableCell>
                <TableCell align="center">
                  {row.Kind === 'count'
                    ? <Typography variant="body2" color="text.disabled" sx={{ pt: 1 }}>—</Typography>
                    : <Checkbox checked={row.filter} onChange={(e) => set({ filter: e.target.checked })} slotProps={{ input: { 'aria-label': `Filter by ${name}` } }} />}
                  {fault('Filter') && <Typography variant="caption" color="error" role="alert" component="div">{fault('Filter')}</Typography>}
                </TableCell>
              </TableRow>
            );
          })}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
