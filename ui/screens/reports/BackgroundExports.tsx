import { useEffect, useState } from 'react';
import { Alert, Box, Button, LinearProgress, List, ListItem, Paper, Stack, Typography } from '@mui/material';
import { itemsOf } from '../transfer/errors.ts';
import { bytesText } from './report-export.ts';
import { jobProgressText, rowCount, useExportJobs, type ExportJob } from './export-jobs.ts';

const statusText: Record<ExportJob['Status'], string> = { running: 'Running', done: 'Ready', failed: 'Failed', cancelled: 'Cancelled' };

/** The user's background exports: each with its progress while it runs, then Download (or why it failed) and Remove. */
export function BackgroundExports() {
  const { jobs, loaded, failure, refresh, remove, download } = useExportJobs();
  const [actionFailure, setActionFailure] = useState<string | null>(null);
  useEffect(() => { void refresh(); }, [refresh]);

  const act = (work: () => Promise<void>, fallback: string) => {
    setActionFailure(null);
    work().catch((error: unknown) => setActionFailure(itemsOf(error)[0]?.ErrorMessage ?? fallback));
  };

  if (!loaded || !jobs.length) return failure ? <Alert severity="error">{failure}</Alert> : null;
  return (
    <Paper component="section" variant="outlined" sx={{ p: 2 }} aria-labelledby="background-exports-title">
      <Typography component="h2" variant="h6" id="background-exports-title">Background exports</Typography>
      {actionFailure && <Alert severity="error" role="alert" sx={{ my: 1 }}>{actionFailure}</Alert>}
      <List dense disablePadding>
        {jobs.map((job) => (
          <ListItem key={job.ExportId} divider disableGutters aria-label={`${job.ReportName}, ${job.Format.toUpperCase()}, ${statusText[job.Status]}`}>
            <Stack spacing={0.5} sx={{ width: '100%' }}>
              <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}>
                <Typography sx={{ fontWeight: 500, overflowWrap: 'anywhere' }}>{job.ReportName}</Typography>
                <Typography variant="body2" color="text.secondary">{job.Format.toUpperCase()} · {statusText[job.Status]}</Typography>
                <Box sx={{ flex: 1 }} />
                {job.Status === 'done' && (
                  <Button size="small" variant="contained" onClick={() => act(() => download(job), 'The file could not be downloaded.')}>
                    Download {job.Format.toUpperCase()}
                  </Button>
                )}
                <Button size="small" color={job.Status === 'running' ? 'warning' : 'inherit'} onClick={() => act(() => remove(job), 'The export could not be changed.')}>
                  {job.Status === 'running' ? 'Cancel' : 'Remove'}
                </Button>
              </Stack>
              {job.Status === 'running' && (
                <Box role="status" aria-live="polite">
                  <LinearProgress
                    variant={job.RowsTotal ? 'determinate' : 'indeterminate'}
                    value={job.RowsTotal ? (100 * job.RowsDone) / job.RowsTotal : undefined}
                    aria-label={`Exporting ${job.ReportName}`}
                  />
                  <Typography variant="body2" sx={{ mt: 0.5 }}>{jobProgressText(job)}</Typography>
                </Box>
              )}
              {job.Status === 'done' && (
                <Typography variant="body2" color="text.secondary">
                  {job.FileName}: {rowCount(job.RowsDone)}, {bytesText(job.Bytes ?? 0)}. Kept for a day.
                </Typography>
              )}
              {job.Status === 'failed' && <Typography variant="body2" color="error">{job.Error}</Typography>}
            </Stack>
          </ListItem>
        ))}
      </List>
    </Paper>
  );
}
