import { Link as RouterLink } from 'react-router';
import Link from '@mui/material/Link';
import { invalidCodePath } from '../../routing/public-paths.ts';

/** Spec 1 section 2: shown on a verification error, to the page that sends a new code. */
export function VerificationLink({ reason, staleKey }: { reason: string; staleKey: string }) {
  return (
    <Link component={RouterLink} to={invalidCodePath(reason, staleKey)} variant="body2" sx={{ fontWeight: 600 }}>
      Click here to request a new verification code.
    </Link>
  );
}
