import { useState, type FormEvent } from 'react';
import { useLocation, useNavigate, Link as RouterLink } from 'react-router';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { message } from '../../engine/core/messages.ts';
import { signIn, signOut } from '../api/session-calls.ts';
import { changePasswordPath } from '../routing/public-paths.ts';
import { useSession } from '../stores/session.ts';
import { ErrorList } from './ErrorList.tsx';
import { PublicPage } from './PublicPage.tsx';
import { PlainTextField } from './PlainTextField.tsx';
import { VerificationLink } from './account/VerificationLink.tsx';
import { signInFailure, type SignInFailure } from './account/sign-in-errors.ts';

interface LoginState {
  from?: { pathname: string; search?: string };
  /** A success to report, e.g. after a password change. */
  notice?: string;
  userName?: string;
}

/** Where to go after sign-in: the private path the user first asked for, else /home. */
function wantedPath(state: LoginState | null): string {
  const from = state?.from;
  return from && from.pathname !== '/login' ? `${from.pathname}${from.search ?? ''}` : '/home';
}

/** /login (spec 1 section 2): UserName and Password, LOG IN reading 'Please Wait...' while pending. */
export function LoginPage() {
  const navigate = useNavigate();
  const state = useLocation().state as LoginState | null;
  const { user, endMessage, clearEndMessage } = useSession();
  const [userName, setUserName] = useState(state?.userName ?? '');
  const [password, setPassword] = useState('');
  const [submitted, setSubmitted] = useState(false);
  const [pending, setPending] = useState(false);
  const [failure, setFailure] = useState<SignInFailure | null>(null);
  const userNameError = submitted && !userName.trim() ? message('required', ['User Name']) : '';

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    setSubmitted(true);
    if (!userName.trim() || pending) return;
    setPending(true);
    setFailure(null);
    clearEndMessage();
    try {
      const answer = await signIn(userName.trim(), password);
      const next = answer.MustChangePassword && answer.VerificationKey ? changePasswordPath(answer.VerificationKey) : wantedPath(state);
      navigate(next, { replace: true });
    } catch (error) {
      setFailure(signInFailure(error));
      setPending(false);
    }
  }

  if (user) {
    return (
      <PublicPage title="Sign in">
        <Typography>Currently logged in as <strong>{user.UserName}</strong></Typography>
        <Stack direction="row" spacing={1.5}>
          <Button variant="contained" onClick={() => navigate('/home')}>Continue</Button>
          <Button variant="outlined" onClick={() => void signOut()}>Log out</Button>
        </Stack>
      </PublicPage>
    );
  }

  const notice = !failure && !endMessage && state?.notice;
  return (
    <PublicPage title="Sign in">
      {endMessage && <Alert severity="warning" role="alert">{endMessage}</Alert>}
      {notice && <Alert severity="success" role="status">{notice}</Alert>}
      {failure && (
        <Stack spacing={1}>
          {/* A verification error is shown alone with its link; others as the list under the generic Login notice. */}
          <ErrorList title={failure.verification ? undefined : 'Login failed'} items={failure.items} />
          {failure.verification && <VerificationLink reason={failure.verification.reason} staleKey={failure.verification.staleKey} />}
        </Stack>
      )}
      <Stack component="form" spacing={2} noValidate onSubmit={onSubmit} aria-label="Sign in">
        <PlainTextField
          label="User Name"
          name="UserName"
          autoComplete="username"
          autoFocus={!userName}
          required
          value={userName}
          onChange={(e) => setUserName(e.target.value)}
          error={Boolean(userNameError)}
          helperText={userNameError || ' '}
        />
        <PlainTextField
          label="Password"
          name="Password"
          type="password"
          autoComplete="current-password"
          autoFocus={Boolean(userName)}
          value={password}
          onChange={(e) => setPassword(e.target.value)}
        />
        <Button type="submit" variant="contained" size="large" disabled={pending}>
          {pending ? 'Please Wait...' : 'LOG IN'}
        </Button>
        <Stack direction="row" sx={{ justifyContent: 'space-between' }}>
          <Link component={RouterLink} to="/user/passwordrecovery" variant="body2">Forgot your password?</Link>
          <Link component={RouterLink} to="/user/usernamerecovery" variant="body2">Forgot your user name?</Link>
        </Stack>
      </Stack>
    </PublicPage>
  );
}
