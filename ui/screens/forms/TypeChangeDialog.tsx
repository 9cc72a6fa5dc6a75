import {
  Alert, Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle, Stack, Table, TableBody, TableCell, TableHead,
  TableRow, Typography,
} from '@mui/material';
import type { TypeChangePreview } from '../../../engine/core/lowcode/api.ts';

export interface TypeChangeDialogProps {
  preview: TypeChangePreview | null;
  /** Type labels by key, for From and To. */
  labelOf(type: string): string;
  onConfirm(): void;
  onClose(): void;
}

const records = (n: number) => `${n} record${n === 1 ? '' : 's'}`;

/**
 * The dry run of a type change, before anything is saved: how many stored values convert. When all
 * do, the change can be confirmed; when some do not, their records and values are listed (the first
 * 100) and the change cannot be applied: nothing is ever converted to an empty value.
 */
export function TypeChangeDialog({ preview, labelOf, onConfirm, onClose }: TypeChangeDialogProps) {
  const refused = Boolean(preview && preview.FailingCount > 0);
  return (
    <Dialog open={preview !== null} onClose={onClose} maxWidth="sm" fullWidth aria-labelledby="type-change-title" aria-describedby="type-change-text">
      {preview && (
        <>
          <DialogTitle id="type-change-title">Change the type from {labelOf(preview.From)} to {labelOf(preview.To)}?</DialogTitle>
          <DialogContent dividers>
            <Stack spacing={2}>
              <DialogContentText id="type-change-text">
                {preview.Total === 0
                  ? 'No record holds a value for this field yet: nothing needs converting.'
                  : `${preview.Convertible} of ${records(preview.Total)} with a value convert to ${labelOf(preview.To)}.`}
              </DialogContentText>
              {refused && (
                <>
                  <Alert severity="error">
                    {records(preview.FailingCount)} cannot be converted, so the change cannot be applied. Correct or clear these values first, or choose another type.
                  </Alert>
                  <Table size="small" aria-label="Values that do not convert">
                    <TableHead><TableRow><TableCell>Record</TableCell><TableCell>Value</TableCell></TableRow></TableHead>
                    <TableBody>
                      {preview.Failing.map((f) => (
                        <TableRow key={f.RecordId}><TableCell>{f.RecordId}</TableCell><TableCell>{f.Value}</TableCell></TableRow>
                      ))}
                    </TableBody>
                  </Table>
                  {preview.FailingCount > preview.Failing.length && (
                    <Typography variant="body2" color="text.secondary">The first {preview.Failing.length} of {preview.FailingCount} are shown.</Typography>
                  )}
                </>
              )}
            </Stack>
          </DialogContent>
          <DialogActions>
            {refused
              ? <Button onClick={onClose} variant="contained" autoFocus>Close</Button>
              : (
                <>
                  <Button onClick={onClose} autoFocus>Cancel</Button>
                  <Button onClick={onConfirm} variant="contained">Change type and save</Button>
                </>
              )}
          </DialogActions>
        </>
      )}
    </Dialog>
  );
}
