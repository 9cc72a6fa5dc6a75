import { useState } from 'react';
import { Alert, AlertTitle, Button, Stack } from '@mui/material';
import MarkEmailReadOutlined from '@mui/icons-material/MarkEmailReadOutlined';
import VerifiedUserOutlined from '@mui/icons-material/VerifiedUserOutlined';
import type { AccountMessage } from '../../../metadata/types/AccountMessage.ts';
import { ConfirmDialog } from '../../../engine/react/form/ConfirmDialog.tsx';
import { notify } from '../../../engine/react/notifications/store.ts';
import { api } from '../../api/api.ts';
import { ApiError, systemErrorMessage } from '../../api/client.ts';

type Action = 'activate' | 'resend';

export const activationNoticeTexts = {
  title: 'Not activated yet',
  body: (name: string) => `${name} cannot sign in until this account is activated, by the link in the activation e-mail or by you.`,
  resend: 'Resend activation e-mail',
  activate: 'Activate',
  confirmResend: (address: string) => `Send the activation e-mail to ${address} again? The link sent before stops working.`,
  confirmActivate: (userName: string) => `Activate the account ${userName}? It can then sign in with its password, without the e-mail address being confirmed.`,
};

/**
 * On the user update screen, for an account not activated yet (IsVerified false): says so, and offers to send the
 * activation e-mail again or to activate the account now, each after a confirmation, with the server's answer as a notice.
 */
export function ActivationNotice({ record }: { record: Record<string, unknown> }) {
  const [activated, setActivated] = useState(false);
  const [asking, setAsking] = useState<Action | null>(null);
  // What the dialog asks, kept while it closes, so its text does not change as it fades out.
  const [question, setQuestion] = useState<Action>('activate');
  const ask = (action: Action) => { setQuestion(action); setAsking(action); };
  const [busy, setBusy] = useState(false);
  if (record.IsVerified !== false || record.IsMaster === true || activated) return null;
  const userName = String(record.UserName ?? '');
  const name = `${String(record.FirstName ?? '')} ${String(record.LastName ?? '')}`.trim() || userName;

  async function run(action: Action) {
    setAsking(null);
    setBusy(true);
    try {
      const path = action === 'activate' ? 'activate' : 'resend-activation';
      const answer = await api.post<AccountMessage>(`/api/users/${Number(record.UserId)}/${path}`, {});
      notify('success', answer.Message);
      if (action === 'activate') setActivated(true);
    } catch (error) {
      notify('error', error instanceof ApiError ? error.message : systemErrorMessage);
    } finally {
      setBusy(false);
    }
  }

  return (
    <>
      <Alert severity="warning" aria-label={activationNoticeTexts.title}>
        <AlertTitle>{activationNoticeTexts.title}</AlertTitle>
        {activationNoticeTexts.body(name)}
        <Stack direction="row" spacing={1} useFlexGap sx={{ mt: 1.5, flexWrap: 'wrap' }}>
          <Button color="warning" variant="contained" size="small" startIcon={<VerifiedUserOutlined />} disabled={busy} onClick={() => ask('activate')}>
            {activationNoticeTexts.activate}
          </Button>
          <Button color="warning" variant="outlined" size="small" startIcon={<MarkEmailReadOutlined />} disabled={busy} onClick={() => ask('resend')}>
            {activationNoticeTexts.resend}
          </Button>
        </Stack>
      </Alert>
      <ConfirmDialog
        open={asking !== null}
        title={question === 'activate' ? 'Activate this account?' : 'Resend the activation e-mail?'}
        text={question === 'activate' ? activationNoticeTexts.confirmActivate(userName) : activationNoticeTexts.confirmResend(String(record.EmailAddress ?? ''))}
        confirmLabel={question === 'activate' ? activationNoticeTexts.activate : 'Send'}
        onConfirm={() => void run(question)}
        onCancel={() => setAsking(null)}
      />
    </>
  );
}
