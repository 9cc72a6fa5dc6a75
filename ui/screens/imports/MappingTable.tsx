import { MenuItem, Table, TableBody, TableCell, TableHead, TableRow, TextField } from '@mui/material';
import type { ColumnMapping } from './import-api.ts';

const skip = '';

/** Each column of the file and the field it fills (pre-matched by label; 'Do not import' leaves it out). */
export function MappingTable({ columns, fields, mapping, onChange, disabled }: {
  columns: string[];
  fields: Array<{ Field: string; Title: string }>;
  mapping: ColumnMapping[];
  onChange: (mapping: ColumnMapping[]) => void;
  disabled?: boolean;
}) {
  const fieldOf = (column: number) => mapping.find((m) => m.Column === column)?.Field ?? skip;
  const choose = (column: number, field: string) => {
    // A field fills from one column: choosing it here takes it from the column that had it.
    const others = mapping.filter((m) => m.Column !== column && m.Field !== field);
    onChange(field === skip ? others : [...others, { Column: column, Field: field }].sort((a, b) => a.Column - b.Column));
  };
  return (
    <Table size="small" aria-label="Columns and fields">
      <TableHead>
        <TableRow>
          <TableCell sx={{ width: '45%' }}>Column in the file</TableCell>
          <TableCell>Field</TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {columns.map((label, column) => (
          <TableRow key={column}>
            <TableCell>{label || `Column ${column + 1}`}</TableCell>
            <TableCell>
              <TextField
                select size="small" fullWidth disabled={disabled} value={fieldOf(column)}
                onChange={(e) => choose(column, e.target.value)}
                slotProps={{ htmlInput: { 'aria-label': `Field for ${label || `column ${column + 1}`}` } }}
              >
                <MenuItem value={skip}><em>Do not import</em></MenuItem>
                {fields.map((f) => <MenuItem key={f.Field} value={f.Field}>{f.Title}</MenuItem>)}
              </TextField>
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
