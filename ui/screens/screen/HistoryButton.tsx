import { useEffect, useState } from 'react';
import {
  Alert, Button, Dialog, DialogActions, DialogContent, DialogTitle, Stack, Table, TableBody, TableCell, TableHead, TableRow, Typography,
} from '@mui/material';
import HistoryIcon from '@mui/icons-material/History';
import type { JsonSchema } from '../../../engine/core/forms/types.ts';
import { displayFormats, formatDisplayDate } from '../../../engine/core/dates/display.ts';
import { api } from '../../api/api.ts';
import { ApiError } from '../../api/client.ts';
import { actionLabels, fieldLabel, formatHistoryValue, type HistoryEntry } from './history-format.ts';

export interface HistoryDialogProps {
  /** GET {api}/{id}/history. */
  url: string;
  entity: JsonSchema;
  onClose(): void;
}

/** The record's audit trail: each create, update, deactivate and delete, newest first, with the fields it changed. */
export function HistoryDialog({ url, entity, onClose }: HistoryDialogProps) {
  const [entries, setEntries] = useState<HistoryEntry[] | null>(null);
  const [failure, setFailure] = useState<string | null>(null);

  useEffect(() => {
    let live = true;
    api.get<HistoryEntry[]>(url).then((loaded) => { if (live) setEntries(loaded); }, (error: unknown) => {
      if (live) setFailure(error instanceof ApiError ? error.message : 'The history could not be read.');
    });
    return () => { live = false; };
  }, [url]);

  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="md" aria-labelledby="record-history-title">
      <DialogTitle id="record-history-title">History</DialogTitle>
      <DialogContent dividers>
        {failure ? <Alert severity="error">{failure}</Alert>
          : !entries ? <Typography role="status">Please Wait...</Typography>
            : !entries.length ? <Typography>No changes have been recorded yet.</Typography>
              : (
                <Stack spacing={3} component="ol" aria-label="Changes" sx={{ listStyle: 'none', m: 0, p: 0 }}>
                  {entries.map((entry) => (
                    <Stack component="li" key={entry.AuditId} spacing={1} aria-label={`${actionLabels[entry.Action]} on ${formatDisplayDate(entry.ChangedAt, displayFormats.recordInfo)}`}>
                      <Typography variant="subtitle2">
                        {actionLabels[entry.Action]} on {formatDisplayDate(entry.ChangedAt, displayFormats.recordInfo)} by {entry.ChangedBy ?? 'an unknown user'}
                      </Typography>
                      {entry.Changes.length > 0 && (
                        <Table size="small">
                          <TableHead>
                            <TableRow><TableCell>Field</TableCell><TableCell>Old value</TableCell><TableCell>New value</TableCell></TableRow>
                          </TableHead>
                          <TableBody>
                            {entry.Changes.map((change) => (
                              <TableRow key={change.Field}>
                                <TableCell>{fieldLabel(entity, change.Field)}</TableCell>
                                <TableCell>{formatHistoryValue(entity, change.Field, change.Old)}</TableCell>
                                <TableCell>{formatHistoryValue(entity, change.Field, change.New)}</TableCell>
                              </TableRow>
                            ))}
                          </TableBody>
                        </Table>
                      )}
                    </Stack>
                  ))}
                </Stack>
              )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Close</Button>
      </DialogActions>
    </Dialog>
  );
}

/** 'History' beside a record's form title: opens the record's audit trail. */
export function HistoryButton({ url, entity }: { url: string; entity: JsonSchema }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button variant="outlined" size="small" startIcon={<HistoryIcon />} onClick={() => setOpen(true)} sx={{ flex: 'none', mt: 0.5 }}>
        History
      </Button>
      {open && <HistoryDialog url={url} entity={entity} onClose={() => setOpen(false)} />}
    </>
  );
}
