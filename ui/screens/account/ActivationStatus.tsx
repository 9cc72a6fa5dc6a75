import { Link as RouterLink } from 'react-router';
import { Box, Button, CircularProgress, Typography } from '@mui/material';
import type { ErrorItem } from '../../../engine/core/error-items.ts';
import { ErrorList } from '../ErrorList.tsx';
import { PublicPage } from '../PublicPage.tsx';

/** While the activation link is checked. */
export function ActivationChecking({ title }: { title: string }) {
  return (
    <PublicPage title={title}>
      <Box role="status" sx={{ display: 'flex', alignItems: 'center', gap: 2, py: 2 }}>
        <CircularProgress size={24} />
        <Typography color="text.secondary">Checking your activation link...</Typography>
      </Box>
    </PublicPage>
  );
}

/** An activation link that cannot be used and is not a stale key (those go to the new-code page). */
export function ActivationFailed({ title, errors }: { title: string; errors: ErrorItem[] }) {
  return (
    <PublicPage title={title}>
      <ErrorList items={errors} />
      <Button component={RouterLink} to="/login" variant="contained" size="large">Back to sign in</Button>
    </PublicPage>
  );
}
