import { useState } from 'react';
import { Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle } from '@mui/material';
import { useSessionClock } from '../stores/session-clock.ts';
import { api } from '../api/api.ts';
import { signOut } from '../api/session-calls.ts';
import { extendSession } from './timers.ts';
import { sessionTexts } from './messages.ts';

function clockText(seconds: number): string {
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;
}

/** The idle warning (spec 3): a countdown to the time-out and the spec's 'Click here to extend session'. */
export function IdleWarningDialog() {
  const phase = useSessionClock((s) => s.phase);
  const secondsLeft = useSessionClock((s) => s.secondsLeft);
  const [pending, setPending] = useState(false);
  const [failed, setFailed] = useState(false);

  async function extend() {
    setPending(true);
    setFailed(false);
    try {
      await extendSession(api);
    } catch {
      setFailed(true);
    } finally {
      setPending(false);
    }
  }

  return (
    <Dialog open={phase === 'warning'} aria-labelledby="idle-warning-title" aria-describedby="idle-warning-text" maxWidth="xs" fullWidth>
      <DialogTitle id="idle-warning-title">Are you still there?</DialogTitle>
      <DialogContent>
        <DialogContentText id="idle-warning-text">
          Your session will expire in <strong role="timer">{clockText(secondsLeft)}</strong> because of inactivity.
        </DialogContentText>
        {failed && <DialogContentText color="error" sx={{ mt: 1 }}>The session could not be extended. Please try again.</DialogContentText>}
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={() => void signOut()} color="inherit">Log out</Button>
        <Button onClick={() => void extend()} variant="contained" disabled={pending} autoFocus>
          {pending ? 'Please Wait...' : sessionTexts.extend}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
