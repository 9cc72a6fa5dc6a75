import { useEffect, useRef, useState } from 'react';
import { Button, CircularProgress } from '@mui/material';
import PrintIcon from '@mui/icons-material/Print';
import { notify } from '../../../engine/react/notifications/store.ts';
import { ApiError } from '../../api/client.ts';
import { printRecord } from '../../print/print-record.ts';

export interface PrintButtonProps {
  /** The record's address, {api}/{id}: the print is POST {url}/print. */
  url: string;
  /** Makes and downloads the PDF (stories and tests pass their own). */
  print?: (url: string) => Promise<void>;
}

/** The message shown when a print fails: the server's own when it sent one. */
export function printFailureText(error: unknown): string {
  const reason = error instanceof ApiError && error.status !== 0 ? error.message : 'The server could not be reached.';
  return `The record could not be printed. ${reason}`;
}

/**
 * 'Print' beside a record's form title (spec 2 "Print"): the server makes the record's PDF, then the browser
 * downloads it. While that runs the button reads 'Please Wait...' with a spinner and cannot be pressed again; a
 * failure is told in the notification area.
 */
export function PrintButton({ url, print = printRecord }: PrintButtonProps) {
  const [busy, setBusy] = useState(false);
  const live = useRef(true);
  useEffect(() => {
    live.current = true;
    return () => { live.current = false; };
  }, []);

  async function run() {
    setBusy(true);
    try {
      await print(url);
    } catch (error) {
      // A 401 has already ended the session (the sign-in page says why).
      if (!(error instanceof ApiError && error.status === 401)) notify('error', printFailureText(error));
    } finally {
      if (live.current) setBusy(false);
    }
  }

  return (
    <Button
      variant="outlined"
      size="small"
      startIcon={busy ? <CircularProgress size={16} color="inherit" aria-hidden /> : <PrintIcon />}
      disabled={busy}
      aria-busy={busy}
      onClick={() => void run()}
      sx={{ flex: 'none', mt: 0.5 }}
    >
      {busy ? 'Please Wait...' : 'Print'}
    </Button>
  );
}
