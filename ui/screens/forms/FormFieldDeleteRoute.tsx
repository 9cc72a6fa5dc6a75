import { useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { Alert, Button, Paper, Stack, Typography } from '@mui/material';
import type { ScreenComponentProps } from '../../../engine/react/component-registry.ts';
import type { FormFieldRecord } from '../../../engine/core/lowcode/api.ts';
import { defaultMessages } from '../../../engine/core/messages.ts';
import { noticeText } from '../../../engine/core/forms/notifications.ts';
import { notify } from '../../../engine/react/notifications/store.ts';
import { ApiError } from '../../api/client.ts';
import { useSession } from '../../stores/session.ts';
import { fillPath } from '../../routing/route-paths.ts';
import { LoadingScreen } from '../LoadingScreen.tsx';
import { lowCodeApi } from '../../../engine/core/lowcode/api.ts';
import { useLockedRecord } from '../../locks/useLockedRecord.ts';
import { LockDialogs } from '../../locks/LockDialogs.tsx';
import { refreshRoutes } from './useRecordsRoutes.ts';

/**
 * /formfield/delete/{id} (registered as 'FormFieldDelete'): 'Delete current record?' with Delete and
 * Cancel. The server may refuse (a field whose records hold values): its reason is shown here.
 */
export function FormFieldDeleteRoute({ screen, params }: ScreenComponentProps) {
  const navigate = useNavigate();
  const location = useLocation();
  const routes = useSession((s) => s.routes) ?? [];
  const fieldId = Number(params.id);
  const [refusal, setRefusal] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  // The field is read for update: its lock is held while the question is open, and the delete sends it.
  const url = `${lowCodeApi.formField}/${fieldId}`;
  const locked = useLockedRecord(url, fieldId > 0, { domain: screen.id, recordId: fieldId, label: 'Form Field' });
  const field = locked.record as FormFieldRecord | null;
  const failure = locked.failure ? (locked.failure instanceof ApiError ? locked.failure.message : noticeText('Read', 'error')) : null;

  if (!(fieldId > 0)) return <Alert severity="error">{defaultMessages.noId}</Alert>;
  if (failure) return <Alert severity="error">{failure}</Alert>;
  if (!field) return <LoadingScreen />;

  const formUpdate = routes.find((r) => r.Name === 'forms.update')?.Url;
  const back = () => {
    if (location.key !== 'default') navigate(-1);
    else navigate(formUpdate ? `${fillPath(formUpdate, { id: field.FormId })}?tab=fields` : '/home');
  };
  async function remove() {
    setBusy(true);
    try {
      await locked.write('DELETE', url);
      await locked.release();
      await refreshRoutes();
      notify('success', noticeText('Delete', 'success'));
      back();
    } catch (error) {
      const message = error instanceof ApiError ? error.message : undefined;
      setRefusal(message ?? noticeText('Delete', 'error'));
      notify('error', noticeText('Delete', 'error', {}, message));
      setBusy(false);
    }
  }

  return (
    <Stack spacing={2} sx={{ maxWidth: 640 }}>
      <div>
        <Typography variant="h1">Delete {field.IsUdf ? 'User-Defined Field' : 'Field'}</Typography>
        <Typography color="text.secondary">{field.Name}{field.ReportLabelText && field.ReportLabelText !== field.Name ? ` (${field.ReportLabelText})` : ''}</Typography>
      </div>
      {refusal && <Alert severity="error">{refusal}</Alert>}
      {locked.readOnlyMessage && <Alert severity="warning">{locked.readOnlyMessage}</Alert>}
      <LockDialogs refusal={locked.refusal} onRefusalClosed={locked.closeRefusal} />
      <Paper variant="outlined" sx={{ p: { xs: 2, md: 3 } }}>
        <Stack spacing={2}>
          <Typography>Delete current record?</Typography>
          <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end' }}>
            <Button onClick={back} disabled={busy} autoFocus>Cancel</Button>
            <Button variant="contained" color="error" onClick={() => void remove()} disabled={busy || Boolean(locked.readOnlyMessage)}>{busy ? 'Please Wait...' : 'Delete'}</Button>
          </Stack>
        </Stack>
      </Paper>
    </Stack>
  );
}
