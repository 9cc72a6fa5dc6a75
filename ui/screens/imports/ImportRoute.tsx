import { useCallback, useEffect, useMemo, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import {
  Alert, Box, Button, Card, CardActions, CardContent, FormControlLabel, LinearProgress, Radio, RadioGroup, Stack, Step, StepLabel, Stepper, Typography,
} from '@mui/material';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import type { RouteEntry } from '../../../metadata/types/RouteEntry.ts';
import type { ScreenDocument } from '../../../engine/core/screen-document.ts';
import type { ErrorItem } from '../../../engine/core/error-items.ts';
import { useSession } from '../../stores/session.ts';
import { ErrorList } from '../ErrorList.tsx';
import { itemsOf } from '../transfer/errors.ts';
import { importApi, importBase, isRunning, type ColumnMapping, type ImportJob } from './import-api.ts';
import { MappingTable } from './MappingTable.tsx';
import { DryRunResult } from './DryRunResult.tsx';
import { PastImports } from './PastImports.tsx';

const steps = ['Choose file', 'Match columns', 'Check rows', 'Import'];
const pollMs = 500;
const count = (n: number) => n.toLocaleString('en-US');

function stepOf(job: ImportJob | null): number {
  if (!job) return 0;
  if (job.State === 'Uploaded') return 1;
  if (job.State === 'Checking' || job.State === 'Checked') return 2;
  // Done: every step shows its check mark.
  return job.State === 'Done' ? steps.length : 3;
}

/**
 * Importing records into a built form, or users (issue 29): a file is chosen and uploaded, its columns matched to fields (by
 * label first), every row checked (the dry run: nothing written), then imported, skipping the bad rows or all or nothing,
 * with its progress and a cancel; past imports below, each undoable while nothing changed its records.
 */
export function ImportRoute({ entry, screen }: { entry: RouteEntry; screen: ScreenDocument }) {
  const calls = useMemo(() => importApi(importBase(screen.id)), [screen.id]);
  // What the rows become: users (each sent the activation e-mail), or a form's records.
  const noun = screen.id === 'users' ? 'users' : 'records';
  const listRoute = useSession((s) => s.routes)?.find((r) => r.Name === `${screen.id}.list`);
  const [job, setJob] = useState<ImportJob | null>(null);
  const [mapping, setMapping] = useState<ColumnMapping[]>([]);
  const [mode, setMode] = useState<'skip' | 'all'>('skip');
  const [errors, setErrors] = useState<ErrorItem[]>([]);
  const [busy, setBusy] = useState(false);
  const [past, setPast] = useState<ImportJob[]>([]);

  const refreshPast = useCallback(() => { calls.list().then(setPast).catch(() => undefined); }, [calls]);
  useEffect(refreshPast, [refreshPast]);

  // While the runner works on it, the job is read again until it settles.
  const running = job !== null && isRunning(job);
  const jobId = job?.ImportJobId;
  useEffect(() => {
    if (!running || jobId === undefined) return undefined;
    let stopped = false;
    const timer = setInterval(() => {
      calls.read(jobId).then((next) => {
        if (stopped) return;
        setJob((prev) => ({ ...next, Fields: next.Fields ?? prev?.Fields }));
        if (!isRunning(next)) refreshPast();
      }).catch((error: unknown) => setErrors(itemsOf(error)));
    }, pollMs);
    return () => { stopped = true; clearInterval(timer); };
  }, [running, jobId, calls, refreshPast]);

  async function act(action: () => Promise<ImportJob | void>) {
    setBusy(true);
    setErrors([]);
    try {
      const next = await action();
      if (next) setJob((prev) => ({ ...next, Fields: next.Fields ?? prev?.Fields }));
    } catch (error) {
      setErrors(itemsOf(error));
    } finally {
      setBusy(false);
    }
  }

  const choose = (file: File | undefined) => file && void act(async () => {
    setJob(null);
    const uploaded = await calls.upload(file);
    setMapping(uploaded.Mapping);
    return uploaded;
  });
  const startOver = () => { setJob(null); setErrors([]); setMapping([]); };

  const progress = !job ? 0 : job.State === 'Checking' ? (job.CheckedRows / Math.max(job.TotalRows || job.CheckedRows + 1, 1)) * 100
    : ((job.Imported + job.Skipped) / Math.max(job.TotalRows, 1)) * 100;

  return (
    <Stack spacing={2}>
      <div>
        <Typography variant="h1">{entry.Title}</Typography>
        <Typography color="text.secondary">{entry.Description}</Typography>
      </div>
      <Card variant="outlined">
        <CardContent>
          <Stack spacing={3}>
            <Stepper activeStep={stepOf(job)} alternativeLabel>
              {steps.map((label) => <Step key={label}><StepLabel>{label}</StepLabel></Step>)}
            </Stepper>
            <ErrorList title="The import cannot go on" items={errors} />
            {!job && (
              <Stack spacing={2} sx={{ alignItems: 'flex-start' }}>
                <Typography>
                  Choose a CSV or Excel (XLSX) file whose first row names its columns. Dates are read as MM/DD/YYYY, numbers as 1,234.56,
                  and list fields by the names of their items (several separated by semicolons).
                </Typography>
                {noun === 'users' && (
                  <Typography>
                    Roles are read by name (several separated by semicolons or commas). Passwords are not imported: each new user is
                    sent the activation e-mail, to verify the address and choose their own password.
                  </Typography>
                )}
                <Button variant="contained" component="label" startIcon={<UploadFileIcon />} disabled={busy}>
                  Choose File
                  <input hidden type="file" accept=".csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet" aria-label="File to import"
                    onChange={(e) => { choose(e.target.files?.[0]); e.target.value = ''; }} />
                </Button>
                {busy && <LinearProgress sx={{ width: '100%' }} aria-label="Uploading" />}
              </Stack>
            )}
            {job && (
              <Typography><strong>{job.UserFileName}</strong>{job.State === 'Uploaded' ? ` — ${count(job.Columns.length)} columns. Match each to a field, or leave it out.` : ''}</Typography>
            )}
            {job?.State === 'Uploaded' && (
              <MappingTable columns={job.Columns} fields={job.Fields ?? []} mapping={mapping} onChange={setMapping} disabled={busy} />
            )}
            {job?.State === 'Checking' && (
              <Box role="status" aria-label="Checking rows">
                <Typography gutterBottom>Checking rows… {count(job.CheckedRows)} so far.</Typography>
                <LinearProgress />
              </Box>
            )}
            {job?.State === 'Checked' && <DryRunResult job={job} />}
            {job?.State === 'Checked' && (
              <RadioGroup value={mode} onChange={(e) => setMode(e.target.value as 'skip' | 'all')} aria-label="How to import">
                <FormControlLabel value="skip" control={<Radio />} label={`Skip the bad rows: import the ${count(job.TotalRows - job.BadRows)} good rows`} />
                <FormControlLabel value="all" control={<Radio />} disabled={job.BadRows > 0}
                  label={job.BadRows > 0 ? 'All or nothing: not possible while rows have errors' : 'All or nothing: import every row, or none if one fails'} />
              </RadioGroup>
            )}
            {job?.State === 'Importing' && (
              <Box role="status" aria-label="Import progress">
                <Typography gutterBottom>
                  {job.CancelRequested ? 'Cancelling…' : `Importing… ${count(job.Imported)} of ${count(job.TotalRows - (job.Mode === 'skip' ? job.BadRows : 0))} ${noun}`}
                </Typography>
                <LinearProgress variant="determinate" value={Math.min(100, progress)} aria-label="Imported so far" />
              </Box>
            )}
            {job && ['Done', 'Cancelled', 'Failed', 'Undone'].includes(job.State) && (
              <Alert severity={job.State === 'Done' ? 'success' : job.State === 'Failed' ? 'error' : 'warning'} role="status">
                {job.State === 'Done' && `Imported ${count(job.Imported)} ${noun}${job.Skipped ? `; skipped ${count(job.Skipped)} bad rows` : ''}.`}
                {job.State === 'Cancelled' && `Cancelled. ${count(job.Imported)} ${noun} were imported; choose the same file again to import the rest.`}
                {job.State === 'Failed' && (job.Message ?? 'The import failed.')}
                {job.State === 'Undone' && 'This import was undone.'}
              </Alert>
            )}
          </Stack>
        </CardContent>
        {job && (
          <CardActions sx={{ px: 2, pb: 2 }}>
            {job.State === 'Uploaded' && <Button variant="contained" disabled={busy || !mapping.length} onClick={() => void act(() => calls.check(job.ImportJobId, mapping))}>Check Rows</Button>}
            {job.State === 'Checked' && <Button variant="contained" disabled={busy || job.TotalRows === job.BadRows} onClick={() => void act(() => calls.start(job.ImportJobId, mode))}>Import</Button>}
            {job.State === 'Checked' && <Button disabled={busy} onClick={() => setJob({ ...job, State: 'Uploaded' })}>Change Columns</Button>}
            {isRunning(job) && <Button color="error" disabled={busy || job.CancelRequested} onClick={() => void act(() => calls.cancel(job.ImportJobId))}>Cancel</Button>}
            {job.State === 'Cancelled' && job.Mode === 'skip' && job.Imported > 0 && <Button variant="contained" disabled={busy} onClick={() => void act(() => calls.start(job.ImportJobId, 'skip'))}>Resume</Button>}
            {job.State === 'Done' && listRoute && <Button variant="contained" component={RouterLink} to={listRoute.Url}>Go to {listRoute.Title}</Button>}
            {!isRunning(job) && <Button disabled={busy} onClick={startOver}>{job.State === 'Done' ? 'Import Another File' : 'Start Over'}</Button>}
          </CardActions>
        )}
      </Card>
      <PastImports noun={noun} imports={past} onUndo={async (undone) => { await calls.undo(undone.ImportJobId); refreshPast(); }} />
    </Stack>
  );
}
