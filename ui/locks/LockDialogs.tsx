import { Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle } from '@mui/material';
import { useRecordLock } from './store.ts';
import { lockTexts } from './messages.ts';

/** A notice with OK. */
function Notice({ open, title, text, onClose }: { open: boolean; title: string; text: string; onClose: () => void }) {
  return (
    // Marked, so the dialogs closed at the lock's expiry are the others, never the expiry notice itself.
    <Dialog open={open} onClose={onClose} aria-labelledby="lock-notice-title" data-lock-notice>
      <DialogTitle id="lock-notice-title">{title}</DialogTitle>
      <DialogContent><DialogContentText>{text}</DialogContentText></DialogContent>
      <DialogActions><Button onClick={onClose} variant="contained" autoFocus>OK</Button></DialogActions>
    </Dialog>
  );
}

/**
 * The record lock's dialogs on a form (spec 2 section 8): the lock message when the read got no lock (with OK), the
 * renewal question 30 s before expiry (Yes renews, No lets it run out), and the expiry notice.
 */
export function LockDialogs({ refusal, onRefusalClosed }: { refusal: string | null; onRefusalClosed: () => void }) {
  const phase = useRecordLock((s) => s.phase);
  const expiredNotice = useRecordLock((s) => s.expiredNotice);
  return (
    <>
      <Notice open={refusal !== null} title="Record locked" text={refusal ?? ''} onClose={onRefusalClosed} />
      <Dialog open={phase === 'warning'} aria-labelledby="lock-renew-title">
        <DialogTitle id="lock-renew-title">Record lock</DialogTitle>
        <DialogContent><DialogContentText>{lockTexts.renewPrompt}</DialogContentText></DialogContent>
        <DialogActions>
          <Button onClick={() => useRecordLock.getState().decline()}>No</Button>
          <Button onClick={() => useRecordLock.getState().renew()} variant="contained" autoFocus>Yes</Button>
        </DialogActions>
      </Dialog>
      <Notice open={expiredNotice} title="Record lock expired" text={lockTexts.expired} onClose={() => useRecordLock.getState().acknowledgeExpiry()} />
    </>
  );
}
