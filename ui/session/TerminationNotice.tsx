import { Alert, AlertTitle, Snackbar } from '@mui/material';
import { useSessionClock } from '../stores/session-clock.ts';

/**
 * An administrator's termination with a delay (spec 3): a countdown ticking every second. Not a modal, so the
 * user can still save their work in the seconds left.
 */
export function TerminationNotice() {
  const seconds = useSessionClock((s) => s.terminationSecondsLeft);
  return (
    <Snackbar open={seconds !== null} anchorOrigin={{ vertical: 'top', horizontal: 'center' }} sx={{ top: { xs: 72, sm: 80 } }}>
      <Alert severity="warning" variant="filled" role="alert" sx={{ minWidth: 360, boxShadow: 3 }}>
        <AlertTitle>Your session is being ended by an administrator</AlertTitle>
        It will be terminated in <strong role="timer">{seconds ?? 0} second{seconds === 1 ? '' : 's'}</strong>. Please save your work.
      </Alert>
    </Snackbar>
  );
}
