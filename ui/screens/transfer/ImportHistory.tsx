import { useState } from 'react';
import {
  Button, Card, CardContent, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle, Table, TableBody, TableCell, TableContainer, TableHead, TableRow, Typography,
} from '@mui/material';
import type { TransferImport } from '../../../metadata/types/TransferImport.ts';
import type { ErrorItem } from '../../../engine/core/error-items.ts';
import { displayFormats, formatDisplayDate } from '../../../engine/core/dates/display.ts';
import { ErrorList } from '../ErrorList.tsx';
import { itemsOf } from './errors.ts';
import { transferApi } from './transfer-api.ts';

const summaryOf = (row: TransferImport) => {
  const count = (action: string) => row.Summary.filter((p) => p.Action === action).length;
  return `${count('create')} created, ${count('change')} changed`;
};

/** The past imports, newest first; one not yet rolled back can be, after a confirmation. */
export function ImportHistory({ imports, onChanged }: { imports: TransferImport[]; onChanged: () => void }) {
  const [confirming, setConfirming] = useState<TransferImport | null>(null);
  const [errors, setErrors] = useState<ErrorItem[]>([]);

  async function rollback(row: TransferImport) {
    setConfirming(null);
    setErrors([]);
    try {
      await transferApi.rollback(row.ImportId);
    } catch (error) {
      setErrors(itemsOf(error));
    }
    onChanged();
  }

  return (
    <Card variant="outlined">
      <CardContent>
        <Typography variant="h2" gutterBottom>Past Imports</Typography>
        <ErrorList title="The import cannot be rolled back" items={errors} />
        {!imports.length ? <Typography color="text.secondary">Nothing has been imported yet.</Typography> : (
          // A table scrolls sideways in its own box on a phone, never the page (the shipped forms' import is listed on a fresh install).
          <TableContainer>
          <Table size="small" aria-label="Past imports">
            <TableHead>
              <TableRow>
                <TableCell sx={{ width: 70 }}>Import</TableCell>
                <TableCell sx={{ width: 170 }}>When</TableCell>
                <TableCell sx={{ width: 130 }}>Who</TableCell>
                <TableCell>File</TableCell>
                <TableCell>What it did</TableCell>
                <TableCell sx={{ width: 220 }} />
              </TableRow>
            </TableHead>
            <TableBody>
              {imports.map((row) => (
                <TableRow key={row.ImportId}>
                  <TableCell>{row.ImportId}</TableCell>
                  <TableCell>{formatDisplayDate(row.ImportedAt, displayFormats.recordInfo)}</TableCell>
                  <TableCell>{row.ImportedBy ?? 'Unknown user'}</TableCell>
                  <TableCell>{row.FileName}</TableCell>
                  <TableCell>{summaryOf(row)}</TableCell>
                  <TableCell>
                    {row.RolledBackAt
                      ? `Rolled back ${formatDisplayDate(row.RolledBackAt, displayFormats.recordInfo)} by ${row.RolledBackBy ?? 'unknown user'}`
                      : <Button size="small" color="error" onClick={() => setConfirming(row)}>Roll Back</Button>}
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
          </TableContainer>
        )}
      </CardContent>
      <Dialog open={!!confirming} onClose={() => setConfirming(null)} aria-labelledby="rollback-title">
        <DialogTitle id="rollback-title">Roll back import {confirming?.ImportId}?</DialogTitle>
        <DialogContent>
          <DialogContentText>
            Everything this import created is removed and everything it changed is put back as it was before it. This is refused if
            anything it wrote has changed since.
          </DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setConfirming(null)}>Cancel</Button>
          <Button color="error" variant="contained" onClick={() => void rollback(confirming!)}>Roll Back</Button>
        </DialogActions>
      </Dialog>
    </Card>
  );
}
