import { useRef, useState } from 'react';
import { Alert, Box, Button, FormControlLabel, LinearProgress, Stack, Switch, Typography } from '@mui/material';
import DownloadIcon from '@mui/icons-material/Download';
import { itemsOf } from '../transfer/errors.ts';
import type { ReportParams, Sort } from './report-api.ts';
import { saveBlob } from '../../api/download.ts';
import { bytesText, exportReport, type ExportFormat, type ExportProgress } from './report-export.ts';
import { backgroundExportRows, rowCount, useExportJobs } from './export-jobs.ts';

/**
 * Export CSV, XLSX and PDF of the whole result: on the page, with its progress and a Cancel while it comes, or, with
 * "In the background" on (it is, for results of backgroundExportRows and more), as a job the server makes while the
 * user goes on, listed under Background exports.
 */
export function ExportButtons({ reportId, params, sorts, total }: { reportId: number; params: ReportParams; sorts: Sort[]; total: number }) {
  const large = total >= backgroundExportRows;
  const [inBackground, setInBackground] = useState(large);
  const startJob = useExportJobs((s) => s.start);
  const [running, setRunning] = useState<ExportFormat | null>(null);
  const [progress, setProgress] = useState<ExportProgress | null>(null);
  const [message, setMessage] = useState<{ severity: 'success' | 'error' | 'info'; text: string } | null>(null);
  const controller = useRef<AbortController | null>(null);

  async function runInBackground(format: ExportFormat) {
    setMessage(null);
    try {
      await startJob({ ReportId: reportId, Params: params, ...(sorts.length ? { Sorts: sorts } : {}) }, format);
      setMessage({ severity: 'info', text: `The ${format.toUpperCase()} export of ${rowCount(total)} runs in the background: follow it under Background exports, and download it there when it is done. You may leave this page meanwhile.` });
    } catch (error) {
      setMessage({ severity: 'error', text: itemsOf(error)[0]?.ErrorMessage ?? 'The export could not be started.' });
    }
  }

  async function run(format: ExportFormat) {
    if (inBackground) return runInBackground(format);
    const abort = new AbortController();
    controller.current = abort;
    setRunning(format);
    setProgress({ bytes: 0, rows: null });
    setMessage(null);
    try {
      const { blob, fileName } = await exportReport({ ReportId: reportId, Params: params, ...(sorts.length ? { Sorts: sorts } : {}) }, format, setProgress, abort.signal);
      saveBlob(blob, fileName);
      setMessage({ severity: 'success', text: `Exported to ${fileName}.` });
    } catch (error) {
      if ((error as Error).name === 'AbortError') setMessage({ severity: 'info', text: 'The export was cancelled.' });
      else setMessage({ severity: 'error', text: itemsOf(error)[0]?.ErrorMessage ?? 'The export failed.' });
    } finally {
      setRunning(null);
      controller.current = null;
    }
  }

  return (
    <Box>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
        <Button variant="outlined" startIcon={<DownloadIcon />} disabled={!!running} onClick={() => void run('csv')}>Export CSV</Button>
        <Button variant="outlined" startIcon={<DownloadIcon />} disabled={!!running} onClick={() => void run('xlsx')}>Export XLSX</Button>
        <Button variant="outlined" startIcon={<DownloadIcon />} disabled={!!running} onClick={() => void run('pdf')}>Export PDF</Button>
        {running && <Button color="warning" onClick={() => controller.current?.abort()}>Cancel export</Button>}
        <FormControlLabel
          control={<Switch checked={inBackground} disabled={!!running} onChange={(e) => setInBackground(e.target.checked)} />}
          label="In the background"
        />
      </Stack>
      {large && (
        <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
          {rowCount(total)}: exports of this size run in the background unless you switch it off.
        </Typography>
      )}
      {running && progress && (
        <Box sx={{ mt: 1 }} role="status" aria-live="polite">
          <LinearProgress aria-label={`Exporting ${running.toUpperCase()}`} />
          <Typography variant="body2" sx={{ mt: 0.5 }}>
            Exporting {running.toUpperCase()}: {bytesText(progress.bytes)} received{progress.rows !== null ? ` of ${progress.rows} rows` : ''}.
          </Typography>
        </Box>
      )}
      {message && <Alert severity={message.severity} sx={{ mt: 1 }} role={message.severity === 'error' ? 'alert' : 'status'}>{message.text}</Alert>}
    </Box>
  );
}
