import { useEffect, useState, type ReactNode } from 'react';
import { Link as RouterLink, useLocation, useNavigate } from 'react-router';
import { format } from 'date-fns';
import { Alert, Box, Button, Chip, Divider, LinearProgress, Link, Paper, Stack, Typography } from '@mui/material';
import ArrowBack from '@mui/icons-material/ArrowBack';
import type { ScreenComponentProps } from '../../../engine/react/component-registry.ts';
import type { ClientError } from '../../../metadata/types/ClientError.ts';
import { defaultMessages } from '../../../engine/core/messages.ts';
import { api } from '../../api/api.ts';
import { ApiError } from '../../api/client.ts';
import { routeFailureMessages } from '../../routing/route-failure-messages.ts';
import { fillPath } from '../../routing/route-paths.ts';
import { useSession } from '../../stores/session.ts';
import { StackTrace } from './StackTrace.tsx';

/** A long message is the heading's first words; the whole of it is under Message. */
const headingOf = (text: string) => (text.length > 140 ? `${text.slice(0, 140)}…` : text);
const when = (iso: string | null | undefined) => (iso ? format(new Date(iso), 'MM/dd/yyyy hh:mm:ss a') : '—');

/** An HTTP error is the server's answer; an exception or logged error is the client's own fault. */
function kindColor(type: string | null | undefined): 'error' | 'warning' | 'info' {
  if (type?.startsWith('Client HTTP Error')) return 'warning';
  return type === 'Client Logged Error' ? 'info' : 'error';
}

function Detail({ label, children }: { label: string; children: ReactNode }) {
  return (
    <>
      <Typography component="dt" color="text.secondary" variant="body2" sx={{ fontWeight: 600 }}>{label}</Typography>
      <Typography component="dd" variant="body2" sx={{ m: 0, wordBreak: 'break-word' }}>{children || '—'}</Typography>
    </>
  );
}

/** The reporting user: a link to the user for a reader the route table offers the users screen to, else the name. */
function UserName({ entry }: { entry: ClientError }) {
  const userRoute = useSession((s) => s.routes?.find((r) => r.Name === 'users.update'));
  if (!entry.UserName) return <>No session (signed out)</>;
  if (!userRoute || entry.UserId == null) return <>{entry.UserName}</>;
  return <Link component={RouterLink} to={fillPath(userRoute.Url, { id: entry.UserId })}>{entry.UserName}</Link>;
}

/**
 * /clienterrorlog/read/{id} (registered as 'ClientErrorLogRead'): one entry of the client error log, what it was, when,
 * for whom and where, and its stack trace to read and copy. Read-only: entries are the browsers' own reports.
 */
export function ClientErrorLogRead({ screen, params }: ScreenComponentProps) {
  const navigate = useNavigate();
  const location = useLocation();
  const listUrl = useSession((s) => s.routes?.find((r) => r.Name === `${screen.id}.list`)?.Url) ?? '/home';
  const id = Number(params.id);
  const [entry, setEntry] = useState<ClientError | null>(null);
  const [failure, setFailure] = useState<string | null>(null);

  useEffect(() => {
    if (!(id > 0)) return;
    const controller = new AbortController();
    api.get<ClientError>(`${screen.api}/${id}`, { signal: controller.signal }).then(setEntry, (error: unknown) => {
      if (!controller.signal.aborted) setFailure(error instanceof ApiError ? error.message : routeFailureMessages.systemError);
    });
    return () => controller.abort();
  }, [id, screen.api]);

  const back = () => (location.key !== 'default' ? navigate(-1) : navigate(listUrl));
  if (!(id > 0)) return <Alert severity="error">{defaultMessages.noId}</Alert>;
  return (
    <Stack spacing={3} sx={{ maxWidth: 1000 }}>
      <Stack direction="row" sx={{ alignItems: 'flex-start', justifyContent: 'space-between', gap: 2 }}>
        <Box sx={{ minWidth: 0 }}>
          <Typography color="text.secondary" variant="overline">{screen.title}</Typography>
          <Typography variant="h1" sx={{ wordBreak: 'break-word' }}>{entry ? headingOf(entry.Message || entry.Type || 'Client Error') : 'Client Error'}</Typography>
        </Box>
        <Button variant="outlined" startIcon={<ArrowBack />} onClick={back} sx={{ flex: 'none' }}>Back to the log</Button>
      </Stack>
      {failure && <Alert severity="error" role="alert">{failure}</Alert>}
      {!entry && !failure && <LinearProgress aria-label="Loading the entry" />}
      {entry && (
        <Paper variant="outlined" sx={{ p: { xs: 2, md: 3 } }}>
          <Stack spacing={2.5}>
            <Box component="dl" sx={{ display: 'grid', gridTemplateColumns: 'max-content 1fr', columnGap: 3, rowGap: 1, m: 0 }}>
              <Detail label="Type">{entry.Type && <Chip size="small" label={entry.Type} color={kindColor(entry.Type)} variant="outlined" />}</Detail>
              <Detail label="Message">{entry.Message}</Detail>
              <Detail label="When">{when(entry.CreatedDate)}</Detail>
              <Detail label="User"><UserName entry={entry} /></Detail>
              <Detail label="IP Address">{entry.IpAddress}</Detail>
              <Detail label="Request">{entry.Request}</Detail>
              <Detail label="Target">{[entry.TargetModule, entry.TargetName].filter(Boolean).join(' ')}</Detail>
              <Detail label="Referrer">{entry.RequestReferrer}</Detail>
              <Detail label="Source">{entry.Source}</Detail>
            </Box>
            <Divider />
            <StackTrace text={entry.StackTrace ?? ''} />
          </Stack>
        </Paper>
      )}
    </Stack>
  );
}
