import { useState } from 'react';
import { useNavigate } from 'react-router';
import { Alert, Button, Stack, Typography } from '@mui/material';
import { api } from '../../api/api.ts';
import { accountTexts } from './texts.ts';

type Outcome = { severity: 'success' | 'error'; text: string };

/**
 * /user/changepasswordrequest (module RequestPasswordReset, signed in): asks the server to e-mail the current user
 * a change link, shows a message and goes back (spec 1 sections 2 and 8).
 */
export default function ChangePasswordRequestPage() {
  const navigate = useNavigate();
  const [pending, setPending] = useState(false);
  const [outcome, setOutcome] = useState<Outcome | null>(null);

  async function request() {
    setPending(true);
    try {
      const answer = await api.get<unknown>('/api/users/request-update-password-for-current-user');
      // The answer is the text 'true' (read as JSON it may arrive as the boolean).
      const ok = answer === true || answer === 'true';
      setOutcome(ok ? { severity: 'success', text: accountTexts.changeRequested } : { severity: 'error', text: accountTexts.invalidUser });
    } catch {
      setOutcome({ severity: 'error', text: accountTexts.errorOccurred });
    } finally {
      setPending(false);
    }
  }

  return (
    <Stack spacing={2} sx={{ maxWidth: 560 }}>
      <Typography variant="h1">Change Your Password</Typography>
      <Typography color="text.secondary">
        For your security, a password change starts with an email: we send you a link, and you choose the new password on the page it opens.
      </Typography>
      {outcome && <Alert severity={outcome.severity} role={outcome.severity === 'error' ? 'alert' : 'status'}>{outcome.text}</Alert>}
      <Stack direction="row" spacing={1.5}>
        <Button variant="outlined" onClick={() => navigate(-1)}>Go Back</Button>
        {outcome?.severity !== 'success' && (
          <Button variant="contained" onClick={() => void request()} disabled={pending}>
            {pending ? 'Please Wait...' : 'Email Me a Link'}
          </Button>
        )}
      </Stack>
    </Stack>
  );
}
