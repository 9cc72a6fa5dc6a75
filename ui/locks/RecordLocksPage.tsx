import { useCallback, useEffect, useState } from 'react';
import { format } from 'date-fns';
import {
  Alert, Box, Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle, LinearProgress, Paper, Stack, Table, TableBody, TableCell, TableContainer,
  TableHead, TableRow, Typography,
} from '@mui/material';
import RefreshIcon from '@mui/icons-material/Refresh';
import { api } from '../api/api.ts';
import { ApiError } from '../api/client.ts';
import { routeFailureMessages } from '../routing/route-failure-messages.ts';

/** A lock as GET /api/record-locks lists it. */
interface LockRow {
  Domain: string;
  DomainId: number;
  RecordLabel: string;
  UserName: string;
  FullName: string;
  AcquiredAt: string;
  Expire: string;
}

const messageOf = (error: unknown) => (error instanceof ApiError ? error.message : routeFailureMessages.systemError);
const when = (iso: string) => format(new Date(iso), 'MM/dd/yyyy hh:mm a');

/**
 * /recordlock/list (module RecordLocks): the records being edited now, by whom and until when, and Release, which
 * frees a record at once (a lock held by a closed laptop need not be waited out). The holder's next save is refused.
 */
export default function RecordLocksPage() {
  const [locks, setLocks] = useState<LockRow[] | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [target, setTarget] = useState<LockRow | null>(null);

  const load = useCallback(async () => {
    try {
      setLocks(await api.get<LockRow[]>('/api/record-locks'));
      setFailure(null);
    } catch (error) {
      setFailure(messageOf(error));
    }
  }, []);

  useEffect(() => {
    void load();
  }, [load]);

  async function release(lock: LockRow) {
    setTarget(null);
    try {
      await api.delete(`/api/record-locks/${encodeURIComponent(lock.Domain)}/${lock.DomainId}`);
      await load();
    } catch (error) {
      setFailure(messageOf(error));
    }
  }

  return (
    <Stack spacing={3} sx={{ maxWidth: 960 }}>
      <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', gap: 2 }}>
        <Box>
          <Typography variant="h1">Record Locks</Typography>
          <Typography color="text.secondary" sx={{ mt: 0.5 }}>Records being edited now. Releasing a lock lets others edit the record at once.</Typography>
        </Box>
        <Button startIcon={<RefreshIcon />} onClick={() => void load()} variant="outlined">Refresh</Button>
      </Stack>
      {failure && <Alert severity="error" role="alert">{failure}</Alert>}
      {!locks && !failure && <LinearProgress aria-label="Loading the record locks" />}
      {locks?.length === 0 && <Alert severity="info">No records are locked.</Alert>}
      {locks && locks.length > 0 && (
        <TableContainer component={Paper} variant="outlined">
          <Table size="small" aria-label="Record locks">
            <TableHead>
              <TableRow>
                <TableCell>Record</TableCell>
                <TableCell>Locked By</TableCell>
                <TableCell>Since</TableCell>
                <TableCell>Expires</TableCell>
                <TableCell />
              </TableRow>
            </TableHead>
            <TableBody>
              {locks.map((lock) => (
                <TableRow key={`${lock.Domain}/${lock.DomainId}`}>
                  <TableCell>{`${lock.RecordLabel} ${lock.DomainId}`}</TableCell>
                  <TableCell>{`${lock.FullName} (${lock.UserName})`}</TableCell>
                  <TableCell>{when(lock.AcquiredAt)}</TableCell>
                  <TableCell>{when(lock.Expire)}</TableCell>
                  <TableCell align="right">
                    <Button color="error" onClick={() => setTarget(lock)} aria-label={`Release ${lock.RecordLabel} ${lock.DomainId}`}>Release</Button>
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      )}
      <Dialog open={target !== null} onClose={() => setTarget(null)} aria-labelledby="release-title">
        <DialogTitle id="release-title">Release lock</DialogTitle>
        <DialogContent>
          <DialogContentText>
            {target && `Release ${target.FullName}'s lock on ${target.RecordLabel} ${target.DomainId}? Their unsaved changes can no longer be saved.`}
          </DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setTarget(null)} autoFocus>Cancel</Button>
          <Button onClick={() => target && void release(target)} variant="contained" color="error">Release</Button>
        </DialogActions>
      </Dialog>
    </Stack>
  );
}
