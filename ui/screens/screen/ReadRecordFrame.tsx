import { useEffect, useState, type ReactNode } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { Alert, Box, Button, LinearProgress, Paper, Stack, Typography } from '@mui/material';
import ArrowBack from '@mui/icons-material/ArrowBack';
import type { ScreenDocument } from '../../../engine/core/screen-document.ts';
import { defaultMessages } from '../../../engine/core/messages.ts';
import { api } from '../../api/api.ts';
import { ApiError } from '../../api/client.ts';
import { routeFailureMessages } from '../../routing/route-failure-messages.ts';
import { useSession } from '../../stores/session.ts';

/**
 * One record of a read-only screen ({api}/{id}): loaded once per id, the failure as the server words it, and the way
 * back (where the user came from inside the app, else the screen's list).
 */
export function useReadRecord<T>(screen: ScreenDocument, idParam: string | undefined) {
  const navigate = useNavigate();
  const location = useLocation();
  const listUrl = useSession((s) => s.routes?.find((r) => r.Name === `${screen.id}.list`)?.Url) ?? '/home';
  const id = Number(idParam);
  const [record, setRecord] = useState<T | null>(null);
  const [failure, setFailure] = useState<string | null>(null);

  useEffect(() => {
    if (!(id > 0)) return;
    const controller = new AbortController();
    api.get<T>(`${screen.api}/${id}`, { signal: controller.signal }).then(setRecord, (error: unknown) => {
      if (!controller.signal.aborted) setFailure(error instanceof ApiError ? error.message : routeFailureMessages.systemError);
    });
    return () => controller.abort();
  }, [id, screen.api]);

  const back = () => (location.key !== 'default' ? navigate(-1) : navigate(listUrl));
  return { id, record, failure, back };
}

/** One labelled value of a read view's description list. */
export function DetailRow({ label, children }: { label: string; children: ReactNode }) {
  return (
    <>
      <Typography component="dt" color="text.secondary" variant="body2" sx={{ fontWeight: 600 }}>{label}</Typography>
      <Typography component="dd" variant="body2" sx={{ m: 0, wordBreak: 'break-word' }}>{children || '—'}</Typography>
    </>
  );
}

/** The description list the DetailRows go in: labels in one column, values in the other. */
export function DetailList({ children }: { children: ReactNode }) {
  return <Box component="dl" sx={{ display: 'grid', gridTemplateColumns: 'max-content 1fr', columnGap: 3, rowGap: 1, m: 0 }}>{children}</Box>;
}

interface FrameProps {
  screen: ScreenDocument;
  read: { id: number; failure: string | null; back: () => void };
  heading: string;
  backLabel: string;
  loadingLabel: string;
  maxWidth: number;
  /** The record's content, once it is loaded (null while loading or failed). */
  children: ReactNode;
}

/** A read view's frame: the screen's name over the record's heading, a Back button, then the failure, a progress bar or the record. */
export function ReadRecordFrame({ screen, read, heading, backLabel, loadingLabel, maxWidth, children }: FrameProps) {
  if (!(read.id > 0)) return <Alert severity="error">{defaultMessages.noId}</Alert>;
  return (
    <Stack spacing={3} sx={{ maxWidth }}>
      <Stack direction="row" sx={{ alignItems: 'flex-start', justifyContent: 'space-between', gap: 2 }}>
        <Box sx={{ minWidth: 0 }}>
          <Typography color="text.secondary" variant="overline">{screen.title}</Typography>
          <Typography variant="h1" sx={{ wordBreak: 'break-word' }}>{heading}</Typography>
        </Box>
        <Button variant="outlined" startIcon={<ArrowBack />} onClick={read.back} sx={{ flex: 'none' }}>{backLabel}</Button>
      </Stack>
      {read.failure && <Alert severity="error" role="alert">{read.failure}</Alert>}
      {!children && !read.failure && <LinearProgress aria-label={loadingLabel} />}
      {children && <Paper variant="outlined" sx={{ p: { xs: 2, md: 3 } }}><Stack spacing={2.5}>{children}</Stack></Paper>}
    </Stack>
  );
}
