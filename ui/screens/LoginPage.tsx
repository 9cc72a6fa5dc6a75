import { useState, type FormEvent } from 'react';
import { useLocation, useNavigate, Link as RouterLink } from 'react-router';
import { Alert, Button, Link, Stack, TextField, Typography } from '@mui/material';
import { message } from '../../engine/core/messages.ts';
import type { ErrorItem } from '../../engine/core/error-items.ts';
import { ApiError } from '../api/client.ts';
import { signIn, signOut } from '../api/session-calls.ts';
import { useSession } from '../stores/session.ts';
import { ErrorList } from './ErrorList.tsx';
import { PublicPage } from './PublicPage.tsx';

/** Where to go after sign-in: the private path the user first asked for, else /home. */
function wantedPath(state: unknown): string {
  const from = (state as { from?: { pathname: string; search?: string } } | null)?.from;
  return from && from.pathname !== '/login' ? `${from.pathname}${from.search ?? ''}` : '/home';
}

/** /login (spec 1 section 2): UserName and Password, LOG IN reading 'Please Wait...' while pending. */
export function LoginPage() {
  const navigate = useNavigate();
  const location = useLocation();
  const { user, endMessage, clearEndMessage } = useSession();
  const [userName, setUserName] = useState('');
  const [password, setPassword] = useState('');
  const [submitted, setSubmitted] = useState(false);
  const [pending, setPending] = useState(false);
  const [errors, setErrors] = useState<ErrorItem[]>([]);
  const userNameError = submitted && !userName.trim() ? message('required', ['User Name']) : '';

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    setSubmitted(true);
    if (!userName.trim() || pending) return;
    setPending(true);
    setErrors([]);
    clearEndMessage();
    try {
      await signIn(userName.trim(), password);
      navigate(wantedPath(location.state), { replace: true });
    } catch (error) {
      setErrors(error instanceof ApiError ? error.items : [{ PropertyName: null, ErrorMessage: String(error), ErrorCode: 0 }]);
      setPending(false);
    }
  }

  if (user) {
    return (
      <PublicPage title="Sign in">
        <Typography>Currently logged in as <strong>{user.UserName}</strong></Typography>
        <Stack direction="row" spacing={1}>
          <Button variant="contained" onClick={() => navigate('/home')}>Continue</Button>
          <Button variant="outlined" onClick={() => void signOut()}>Log out</Button>
        </Stack>
      </PublicPage>
    );
  }

  return (
    <PublicPage title="Sign in">
      {endMessage && <Alert severity="warning">{endMessage}</Alert>}
      <ErrorList title="Login failed" items={errors} />
      <Stack component="form" spacing={2} noValidate onSubmit={onSubmit} aria-label="Sign in">
        <TextField
          label="User Name"
          name="UserName"
          autoComplete="username"
          autoFocus
          required
          value={userName}
          onChange={(e) => setUserName(e.target.value)}
          error={Boolean(userNameError)}
          helperText={userNameError || ' '}
        />
        <TextField
          label="Password"
          name="Password"
          type="password"
          autoComplete="current-password"
          value={password}
          onChange={(e) => setPassword(e.target.value)}
        />
        <Button type="submit" variant="contained" size="large" disabled={pending}>
          {pending ? 'Please Wait...' : 'LOG IN'}
        </Button>
        <Link component={RouterLink} to="/user/passwordrecovery" variant="body2">Forgot your password?</Link>
      </Stack>
    </PublicPage>
  );
}
