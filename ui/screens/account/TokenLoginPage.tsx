import { useEffect, useState } from 'react';
import { Link as RouterLink, useNavigate, useParams } from 'react-router';
import { Box, Button, CircularProgress, Typography } from '@mui/material';
import type { ErrorItem } from '../../../engine/core/error-items.ts';
import type { LoginResponse } from '../../../metadata/types/LoginResponse.ts';
import { signInWithToken } from '../../api/session-calls.ts';
import { changePasswordPath } from '../../routing/public-paths.ts';
import { ErrorList } from '../ErrorList.tsx';
import { PublicPage } from '../PublicPage.tsx';
import { signInFailure } from './sign-in-errors.ts';

/** A token signs in once; the page may render twice for one visit, so both renders share the one call. */
const calls = new Map<string, Promise<LoginResponse>>();

/** /login/{token}: sign-in by token (spec 1 sections 2 and 7), then /home. */
export default function TokenLoginPage() {
  const { token = '' } = useParams();
  const navigate = useNavigate();
  const [errors, setErrors] = useState<ErrorItem[] | null>(null);

  useEffect(() => {
    let live = true;
    let call = calls.get(token);
    if (!call) calls.set(token, (call = signInWithToken(token)));
    call.then(
      (answer) => live && navigate(answer.MustChangePassword && answer.VerificationKey ? changePasswordPath(answer.VerificationKey) : '/home', { replace: true }),
      (error: unknown) => live && setErrors(signInFailure(error).items),
    );
    return () => {
      live = false;
    };
  }, [token, navigate]);

  return (
    <PublicPage title="Sign in">
      {errors ? (
        <>
          <ErrorList title="Login failed" items={errors} />
          <Button component={RouterLink} to="/login" variant="contained" size="large">Sign in with your user name</Button>
        </>
      ) : (
        <Box role="status" sx={{ display: 'flex', alignItems: 'center', gap: 2, py: 2 }}>
          <CircularProgress size={24} />
          <Typography color="text.secondary">Signing you in...</Typography>
        </Box>
      )}
    </PublicPage>
  );
}
