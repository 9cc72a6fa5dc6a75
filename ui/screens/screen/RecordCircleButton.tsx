import { useEffect, useState } from 'react';
import { Alert, Button, CircularProgress, Dialog, DialogActions, DialogContent, DialogTitle, MenuItem, TextField } from '@mui/material';
import GroupsIcon from '@mui/icons-material/Groups';
import { notify } from '../../../engine/react/notifications/store.ts';
import { api } from '../../api/api.ts';
import { ApiError } from '../../api/client.ts';

interface CircleChoice { Id: number; Name: string }
interface RecordCircle { Circleable: boolean; Current: CircleChoice; Choices: CircleChoice[] }

export interface RecordCircleButtonProps {
  /** The record's address, {api}/{id}: its circle is read and moved at {url}/circle. */
  url: string;
  /** Sends the move as the form's other writes go (with the record's lock and version). */
  move(body: { AtomicCircleId: number }): Promise<unknown>;
}

/**
 * 'Circle: North' beside a circleable form's record (issue 30): the atomic circle owning the record, and a dialog to move
 * it to another circle of the user's (or any, with View All Records). The move is audited; its History shows it.
 */
export function RecordCircleButton({ url, move }: RecordCircleButtonProps) {
  const [circle, setCircle] = useState<RecordCircle | null>(null);
  const [open, setOpen] = useState(false);
  const [chosen, setChosen] = useState<number | ''>('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    const controller = new AbortController();
    api.get<RecordCircle>(`${url}/circle`, { signal: controller.signal, quiet: true }).then(setCircle, () => setCircle(null));
    return () => controller.abort();
  }, [url]);
  if (!circle?.Circleable) return null;

  async function save() {
    if (chosen === '') return;
    setBusy(true);
    setError(null);
    try {
      await move({ AtomicCircleId: chosen });
      const to = circle!.Choices.find((c) => c.Id === chosen)!;
      setCircle({ ...circle!, Current: to });
      setOpen(false);
      notify('success', `The record now belongs to the circle '${to.Name}'.`);
    } catch (failure) {
      setError(failure instanceof ApiError ? failure.message : 'The record could not be moved.');
    } finally {
      setBusy(false);
    }
  }

  return (
    <>
      <Button variant="outlined" size="small" startIcon={<GroupsIcon />} sx={{ flex: 'none', mt: 0.5 }}
        onClick={() => { setChosen(circle.Current.Id); setError(null); setOpen(true); }}>
        Circle: {circle.Current.Name}
      </Button>
      {open && (
        <Dialog open onClose={() => !busy && setOpen(false)} fullWidth maxWidth="xs" aria-labelledby="record-circle-title">
          <DialogTitle id="record-circle-title">Move to another circle</DialogTitle>
          <DialogContent>
            {error && <Alert severity="error" sx={{ mb: 2 }}>{error}</Alert>}
            <TextField select fullWidth label="Circle" value={chosen} onChange={(e) => setChosen(Number(e.target.value))} sx={{ mt: 1 }}
              helperText="Members of the circle see the record; its own roles or its aggregate's decide what they may do with it.">
              {circle.Choices.map((c) => <MenuItem key={c.Id} value={c.Id}>{c.Name}</MenuItem>)}
            </TextField>
          </DialogContent>
          <DialogActions>
            <Button onClick={() => setOpen(false)} disabled={busy}>Cancel</Button>
            <Button variant="contained" onClick={() => void save()} disabled={busy || chosen === '' || chosen === circle.Current.Id}
              startIcon={busy ? <CircularProgress size={16} /> : undefined}>
              Move
            </Button>
          </DialogActions>
        </Dialog>
      )}
    </>
  );
}
