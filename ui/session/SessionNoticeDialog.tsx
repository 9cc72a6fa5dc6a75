import { Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle } from '@mui/material';
import { useSessionNotice } from '../stores/session-notice.ts';
import { acknowledgeSessionNotice } from './session-end.ts';

/** A 401 with an active session: the message is acknowledged, then the session ends (spec 1 section 8). */
export function SessionNoticeDialog() {
  const pending = useSessionNotice((s) => s.pending);
  return (
    <Dialog open={pending !== null} aria-labelledby="session-notice-title" maxWidth="xs" fullWidth>
      <DialogTitle id="session-notice-title">Please log in again</DialogTitle>
      <DialogContent>
        <DialogContentText>{pending}</DialogContentText>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button variant="contained" onClick={acknowledgeSessionNotice} autoFocus>OK</Button>
      </DialogActions>
    </Dialog>
  );
}
