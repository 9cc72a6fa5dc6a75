import { useEffect, useState } from 'react';
import { Link as RouterLink, useLocation } from 'react-router';
import { Box, Button, Typography } from '@mui/material';
import { api } from '../api/api.ts';
import { loadRoutes } from '../api/session-calls.ts';

/** Spec 1's words for a route the user may not open. */
export const noPermissionMessage = "You don't have permission to this page.";

/** Paths the route table was read again for: once each, so a path that is truly missing never loops. */
const refreshedFor = new Set<string>();

/**
 * A path the user's route table does not mount: first the table is read again once (a page or menu item made since
 * sign-in, by this administrator or another, is then mounted and shows without a reload); then either a route of
 * the product the user may not open (the server knows it: 'You don't have permission to this page.') or nothing at
 * all ('Page not found').
 */
export function NotFoundPage() {
  const { pathname } = useLocation();
  const [denied, setDenied] = useState<boolean | null>(null);

  useEffect(() => {
    let live = true;
    setDenied(null);
    (async () => {
      if (!refreshedFor.has(pathname)) {
        refreshedFor.add(pathname);
        // A route that exists now replaces this page when the table is stored (this component unmounts).
        await loadRoutes().catch(() => undefined);
      }
      const answer = await api.get<{ Exists: boolean; HasAccess: boolean }>(`/api/App/RouteAccess?path=${encodeURIComponent(pathname)}`);
      if (live) setDenied(answer.Exists && !answer.HasAccess);
    })().catch(() => { if (live) setDenied(false); });
    return () => { live = false; };
  }, [pathname]);

  if (denied === null) return <Box sx={{ py: 6 }} role="status" aria-busy="true" />;
  return (
    <Box sx={{ py: 6 }}>
      <Typography variant="h1" gutterBottom>{denied ? 'Access denied' : 'Page not found'}</Typography>
      <Typography color="text.secondary" sx={{ mb: 3 }} role={denied ? 'alert' : undefined}>
        {denied ? noPermissionMessage : 'There is no page at this address.'}
      </Typography>
      <Button component={RouterLink} to="/home" variant="contained">Go to Home</Button>
    </Box>
  );
}
