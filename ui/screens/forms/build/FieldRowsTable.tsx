import { visuallyHidden } from '../../visually-hidden.ts';
import { Box, Checkbox, Stack, IconButton, Table, TableBody, TableCell, TableContainer, TableHead, TableRow, TextField, Tooltip, Typography } from '@mui/material';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlined';
import { fieldTypes } from '../../../../engine/core/lowcode/field-types.ts';
import { isBlank, selectTypes, type FieldRow } from './build-state.ts';

const typeOptions = Object.values(fieldTypes).map((type) => ({ key: type.key, label: type.label }));

interface Props {
  rows: FieldRow[];
  faults: Map<string, string>;
  onChange(key: number, change: Partial<FieldRow>): void;
  onRemove(key: number): void;
}

/**
 * The form's fields as one editable table, a row per field (as Frappe edits a DocType): label, type, required, a
 * select's choices typed one per line (its lookup list is made with the form), and a UDF's active dates. The last row
 * is always empty and ready: typing into it adds the next.
 */
export function FieldRowsTable({ rows, faults, onChange, onRemove }: Props) {
  return (
    <TableContainer>
      <Table size="small" aria-label="Fields" sx={{ '& td, & th': { px: 0.75 } }}>
        <TableHead>
          <TableRow>
            <TableCell sx={{ width: 24, px: 1 }}>#</TableCell>
            <TableCell>Label</TableCell>
            <TableCell>Type</TableCell>
            <TableCell align="center" sx={{ px: 0.5 }}>Required</TableCell>
            <TableCell>Choices, one per line</TableCell>
            <TableCell align="center" sx={{ px: 0.5 }}>UDF</TableCell>
            <TableCell>Active from – until</TableCell>
            <TableCell sx={{ width: 40, px: 0.5 }}><Box component="span" sx={visuallyHidden}>Remove</Box></TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((row, i) => {
            const n = i + 1;
            const fault = (column: string) => faults.get(`${row.key}/${column}`);
            const blank = isBlank(row) && i === rows.length - 1;
            const set = (change: Partial<FieldRow>) => onChange(row.key, change);
            return (
              <TableRow key={row.key} sx={{ verticalAlign: 'top', ...(blank ? { '& td': { borderBottom: 'none' } } : {}) }}>
                <TableCell sx={{ pt: 2.5, px: 1, color: 'text.secondary' }}>{n}</TableCell>
                <TableCell>
                  <TextField
                    size="small" fullWidth value={row.Label} placeholder={blank ? 'Type a field name' : undefined} sx={{ minWidth: 170 }}
                    slotProps={{ htmlInput: { 'aria-label': `Label of field ${n}`, maxLength: 200 } }}
                    error={Boolean(fault('Label'))} helperText={fault('Label')}
                    onChange={(e) => set({ Label: e.target.value })}
                  />
                </TableCell>
                <TableCell>
                  <TextField
                    select size="small" fullWidth value={row.FieldType} sx={{ minWidth: 140 }}
                    slotProps={{ select: { native: true }, htmlInput: { 'aria-label': `Type of field ${n}` } }}
                    error={Boolean(fault('FieldType'))} helperText={fault('FieldType')}
                    onChange={(e) => set({ FieldType: e.target.value })}
                  >
                    {typeOptions.map((type) => <option key={type.key} value={type.key}>{type.label}</option>)}
                  </TextField>
                </TableCell>
                <TableCell align="center">
                  <Checkbox checked={row.Required} onChange={(e) => set({ Required: e.target.checked })} slotProps={{ input: { 'aria-label': `Field ${n} is required` } }} />
                </TableCell>
                <TableCell>
                  {selectTypes.has(row.FieldType) ? (
                    <TextField
                      size="small" fullWidth multiline minRows={2} value={row.Choices} placeholder={'Low\nMedium\nHigh'} sx={{ minWidth: 140 }}
                      slotProps={{ htmlInput: { 'aria-label': `Choices of field ${n}` } }}
                      error={Boolean(fault('Items'))} helperText={fault('Items')}
                      onChange={(e) => set({ Choices: e.target.value })}
                    />
                  ) : <Typography variant="body2" color="text.disabled" sx={{ pt: 1 }}>—</Typography>}
                </TableCell>
                <TableCell align="center">
                  <Tooltip title="A user-defined field: shown only between its active dates">
                    <Checkbox checked={row.IsUdf} onChange={(e) => set({ IsUdf: e.target.checked })} slotProps={{ input: { 'aria-label': `Field ${n} is a UDF` } }} />
                  </Tooltip>
                </TableCell>
                <TableCell>
                  {row.IsUdf ? (
                    <Stack spacing={1}>
                      {(['StartDate', 'EndDate'] as const).map((column) => (
                        <TextField
                          key={column} type="date" size="small" value={row[column]} sx={{ width: 160 }}
                          slotProps={{ htmlInput: { 'aria-label': `${column === 'StartDate' ? 'Active from' : 'Active until'} of field ${n}` } }}
                          error={Boolean(fault(column))} helperText={fault(column)}
                          onChange={(e) => set({ [column]: e.target.value })}
                        />
                      ))}
                    </Stack>
                  ) : <Typography variant="body2" color="text.disabled" sx={{ pt: 1 }}>—</Typography>}
                </TableCell>
                <TableCell>
                  {!blank && (
                    <IconButton aria-label={`Remove field ${n}`} onClick={() => onRemove(row.key)} size="small" sx={{ mt: 0.5 }}>
                      <DeleteOutlineIcon fontSize="small" />
                    </IconButton>
                  )}
                </TableCell>
              </TableRow>
            );
          })}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
