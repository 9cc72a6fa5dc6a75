import { useState } from 'react';
import { Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle, FormControl, InputLabel, MenuItem, Select } from '@mui/material';

/** When the session ends: at once, or after a delay during which the user sees a countdown (spec 3 "Session lifecycle"). */
const delays = [
  { seconds: 0, label: 'Immediately' },
  { seconds: 30, label: 'In 30 seconds' },
  { seconds: 60, label: 'In 1 minute' },
  { seconds: 300, label: 'In 5 minutes' },
];

export interface EndSessionDialogProps {
  name: string | null;
  pending: boolean;
  onConfirm(delaySeconds: number): void;
  onCancel(): void;
}

/** "Are you sure you would like to terminate {name}'s session?" (spec 3), with when. */
export function EndSessionDialog({ name, pending, onConfirm, onCancel }: EndSessionDialogProps) {
  const [delay, setDelay] = useState(0);
  return (
    <Dialog open={name !== null} onClose={pending ? undefined : onCancel} aria-labelledby="end-session-title" maxWidth="xs" fullWidth>
      <DialogTitle id="end-session-title">End Session</DialogTitle>
      <DialogContent>
        <DialogContentText sx={{ mb: 2.5 }}>Are you sure you would like to terminate {name}'s session?</DialogContentText>
        <FormControl fullWidth size="small">
          <InputLabel id="end-session-when">When</InputLabel>
          <Select labelId="end-session-when" label="When" value={delay} onChange={(e) => setDelay(Number(e.target.value))}>
            {delays.map((d) => <MenuItem key={d.seconds} value={d.seconds}>{d.label}</MenuItem>)}
          </Select>
        </FormControl>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={onCancel} color="inherit" disabled={pending}>Cancel</Button>
        <Button onClick={() => onConfirm(delay)} variant="contained" color="error" disabled={pending} autoFocus>
          {pending ? 'Please Wait...' : 'End Session'}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
