import { useState } from 'react';
import {
  Button, Card, CardContent, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle, Table, TableBody, TableCell, TableHead, TableRow, Typography,
} from '@mui/material';
import type { ErrorItem } from '../../../engine/core/error-items.ts';
import { displayFormats, formatDisplayDate } from '../../../engine/core/dates/display.ts';
import { ErrorList } from '../ErrorList.tsx';
import { itemsOf } from '../transfer/errors.ts';
import type { ImportJob } from './import-api.ts';

const outcome = (job: ImportJob) => {
  if (job.State === 'Undone') return `Undone ${formatDisplayDate(job.UndoneDate!, displayFormats.recordInfo)} by ${job.UndoneBy ?? 'unknown user'}`;
  const counts = `${job.Imported.toLocaleString('en-US')} imported${job.Skipped ? `, ${job.Skipped.toLocaleString('en-US')} skipped` : ''}`;
  if (job.State === 'Done') return counts;
  if (job.State === 'Cancelled') return `Cancelled: ${counts}`;
  if (job.State === 'Failed') return job.Message ?? 'Failed';
  return job.State === 'Importing' ? 'Importing…' : 'Not imported';
};

/** The imports of a form or of the users, newest first; one that wrote records can be undone (refused if any of them changed since). */
export function PastImports({ imports, onUndo, noun = 'records' }: { imports: ImportJob[]; onUndo: (job: ImportJob) => Promise<void>; noun?: 'records' | 'users' }) {
  const [confirming, setConfirming] = useState<ImportJob | null>(null);
  const [errors, setErrors] = useState<ErrorItem[]>([]);
  const shown = imports.filter((j) => ['Done', 'Cancelled', 'Failed', 'Undone', 'Importing'].includes(j.State));

  async function undo(job: ImportJob) {
    setConfirming(null);
    setErrors([]);
    try {
      await onUndo(job);
    } catch (error) {
      setErrors(itemsOf(error));
    }
  }

  return (
    <Card variant="outlined">
      <CardContent>
        <Typography variant="h2" gutterBottom>Past Imports</Typography>
        <ErrorList title="The import cannot be undone" items={errors} />
        {!shown.length ? <Typography color="text.secondary">{noun === 'users' ? 'No users have been imported yet.' : 'Nothing has been imported into this form yet.'}</Typography> : (
          <Table size="small" aria-label="Past imports">
            <TableHead>
              <TableRow>
                <TableCell sx={{ width: 170 }}>When</TableCell>
                <TableCell sx={{ width: 130 }}>Who</TableCell>
                <TableCell>File</TableCell>
                <TableCell>Result</TableCell>
                <TableCell sx={{ width: 110 }} />
              </TableRow>
            </TableHead>
            <TableBody>
              {shown.map((job) => (
                <TableRow key={job.ImportJobId}>
                  <TableCell>{formatDisplayDate(job.FinishedDate ?? job.CreatedDate, displayFormats.recordInfo)}</TableCell>
                  <TableCell>{job.RequestedBy}</TableCell>
                  <TableCell>{job.UserFileName}</TableCell>
                  <TableCell>{outcome(job)}</TableCell>
                  <TableCell align="right">
                    {(job.State === 'Done' || job.State === 'Cancelled') && job.Imported > 0 && (
                      <Button size="small" color="error" onClick={() => setConfirming(job)}>Undo</Button>
                    )}
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        )}
      </CardContent>
      <Dialog open={!!confirming} onClose={() => setConfirming(null)} aria-labelledby="undo-import-title">
        <DialogTitle id="undo-import-title">Undo the import of {confirming?.UserFileName}?</DialogTitle>
        <DialogContent>
          <DialogContentText>
            The {confirming?.Imported.toLocaleString('en-US')} {noun} it created are deleted. This is refused if any of them has been changed{noun === 'users' ? ' or has signed in' : ''} since.
          </DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setConfirming(null)}>Cancel</Button>
          <Button color="error" variant="contained" onClick={() => void undo(confirming!)}>Undo Import</Button>
        </DialogActions>
      </Dialog>
    </Card>
  );
}
