import { useEffect, useRef, useState } from 'react';
import { Button, CircularProgress } from '@mui/material';
import DownloadIcon from '@mui/icons-material/FileDownloadOutlined';
import { notify } from '../notifications/store.ts';
import { gridMessages } from './messages.ts';
import type { ExportedFile, GridExporter } from './types.ts';

function sizeText(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(0)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

/** Hands a downloaded file to the browser as a download. */
export function saveFile({ blob, fileName }: ExportedFile): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.style.display = 'none';
  document.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/** Export of the current view to CSV: an indeterminate spinner and the bytes received while the file streams in. */
export function ExportButton({ exporter, query }: { exporter: GridExporter; query: string }) {
  const [received, setReceived] = useState<number | null>(null);
  const controller = useRef<AbortController | null>(null);
  useEffect(() => () => controller.current?.abort(), []);

  async function run() {
    controller.current = new AbortController();
    setReceived(0);
    try {
      saveFile(await exporter(query, setReceived, controller.current.signal));
    } catch (error) {
      if ((error as Error)?.name !== 'AbortError') notify('error', gridMessages.exportFailed);
    } finally {
      setReceived(null);
    }
  }

  const busy = received !== null;
  return (
    <Button
      onClick={run}
      disabled={busy}
      aria-busy={busy}
      startIcon={busy ? <CircularProgress size={16} aria-label="Exporting" /> : <DownloadIcon />}
    >
      {busy ? `Exporting… ${sizeText(received)}` : 'Export'}
    </Button>
  );
}
