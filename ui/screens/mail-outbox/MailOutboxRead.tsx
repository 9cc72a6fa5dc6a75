import { useEffect, useState, type ReactNode } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { format } from 'date-fns';
import { Alert, Box, Button, Chip, Divider, LinearProgress, Paper, Stack, Typography } from '@mui/material';
import ArrowBack from '@mui/icons-material/ArrowBack';
import type { ScreenComponentProps } from '../../../engine/react/component-registry.ts';
import type { OutboxMail } from '../../../metadata/types/OutboxMail.ts';
import { defaultMessages } from '../../../engine/core/messages.ts';
import { api } from '../../api/api.ts';
import { ApiError } from '../../api/client.ts';
import { routeFailureMessages } from '../../routing/route-failure-messages.ts';
import { useSession } from '../../stores/session.ts';
import { MailBody, MailLinks } from './MailBody.tsx';

const when = (iso: string | null | undefined) => (iso ? format(new Date(iso), 'MM/dd/yyyy hh:mm a') : '—');
const statusColor = { 'Not sent': 'default', Sent: 'success', Failed: 'error' } as const;

function Header({ label, children }: { label: string; children: ReactNode }) {
  return (
    <>
      <Typography component="dt" color="text.secondary" variant="body2" sx={{ fontWeight: 600 }}>{label}</Typography>
      <Typography component="dd" variant="body2" sx={{ m: 0, wordBreak: 'break-word' }}>{children}</Typography>
    </>
  );
}

/**
 * /mailoutbox/read/{id} (registered as 'MailOutboxRead'): one mail of the outbox, its headers and its body drawn
 * safely with the links clickable, so that without a mail server an administrator can open or pass on an activation link.
 */
export function MailOutboxRead({ screen, params }: ScreenComponentProps) {
  const navigate = useNavigate();
  const location = useLocation();
  const listUrl = useSession((s) => s.routes?.find((r) => r.Name === `${screen.id}.list`)?.Url) ?? '/home';
  const id = Number(params.id);
  const [mail, setMail] = useState<OutboxMail | null>(null);
  const [failure, setFailure] = useState<string | null>(null);

  useEffect(() => {
    if (!(id > 0)) return;
    const controller = new AbortController();
    api.get<OutboxMail>(`${screen.api}/${id}`, { signal: controller.signal }).then(setMail, (error: unknown) => {
      if (!controller.signal.aborted) setFailure(error instanceof ApiError ? error.message : routeFailureMessages.systemError);
    });
    return () => controller.abort();
  }, [id, screen.api]);

  const back = () => (location.key !== 'default' ? navigate(-1) : navigate(listUrl));
  if (!(id > 0)) return <Alert severity="error">{defaultMessages.noId}</Alert>;
  return (
    <Stack spacing={3} sx={{ maxWidth: 880 }}>
      <Stack direction="row" sx={{ alignItems: 'flex-start', justifyContent: 'space-between', gap: 2 }}>
        <Box sx={{ minWidth: 0 }}>
          <Typography color="text.secondary" variant="overline">{screen.title}</Typography>
          <Typography variant="h1" sx={{ wordBreak: 'break-word' }}>{mail ? mail.Subject : 'Mail'}</Typography>
        </Box>
        <Button variant="outlined" startIcon={<ArrowBack />} onClick={back} sx={{ flex: 'none' }}>Back to the outbox</Button>
      </Stack>
      {failure && <Alert severity="error" role="alert">{failure}</Alert>}
      {!mail && !failure && <LinearProgress aria-label="Loading the mail" />}
      {mail && (
        <Paper variant="outlined" sx={{ p: { xs: 2, md: 3 } }}>
          <Stack spacing={2.5}>
            <Box component="dl" sx={{ display: 'grid', gridTemplateColumns: 'max-content 1fr', columnGap: 3, rowGap: 1, m: 0 }}>
              <Header label="To">{mail.ToAddress}</Header>
              <Header label="Status"><Chip size="small" label={mail.Status} color={statusColor[mail.Status ?? 'Not sent']} /></Header>
              <Header label="Created">{when(mail.CreatedDate)}</Header>
              <Header label="Sent">{when(mail.SentDate)}</Header>
              {mail.FailureReason && <Header label="Failure Reason">{mail.FailureReason}</Header>}
            </Box>
            {mail.Status === 'Not sent' && (
              <Alert severity="info">No mail server is configured (SMTP_URL), so this mail was kept here and not sent.</Alert>
            )}
            <Divider />
            <MailBody mail={{ TextBody: mail.TextBody ?? '', HtmlBody: mail.HtmlBody ?? null, BodyWithheld: mail.BodyWithheld ?? null }} />
            {!mail.BodyWithheld && <MailLinks text={mail.TextBody ?? ''} />}
          </Stack>
        </Paper>
      )}
    </Stack>
  );
}
