import { useCallback, useEffect, useState } from 'react';
import { Alert, Box, Button, Skeleton, Snackbar, Stack, Typography } from '@mui/material';
import RefreshIcon from '@mui/icons-material/Refresh';
import type { RoleSessions } from '../../../metadata/types/RoleSessions.ts';
import { api } from '../../api/api.ts';
import { ApiError } from '../../api/client.ts';
import { RoleSessionsCard, type RoleSession } from './RoleSessionsCard.tsx';
import { EndSessionDialog } from './EndSessionDialog.tsx';
import { routeFailureMessages } from '../../routing/route-failure-messages.ts';

export const noLimitedRoles = 'There are no roles with concurrent user limits to display.';
const systemError = routeFailureMessages.systemError;

const messageOf = (error: unknown) => (error instanceof ApiError ? error.message : systemError);

/**
 * /session/list, 'Manage Concurrent User Sessions' (spec 3): every role with a concurrent-user limit, its users'
 * newest sessions, and End Session, which ends all of that user's sessions after confirmation.
 */
export default function ConcurrentSessionsPage() {
  const [roles, setRoles] = useState<RoleSessions[] | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [target, setTarget] = useState<RoleSession | null>(null);
  const [pending, setPending] = useState(false);
  const [done, setDone] = useState<string | null>(null);

  const load = useCallback(async () => {
    try {
      setRoles(await api.get<RoleSessions[]>('/api/Session/ActiveByRole'));
      setFailure(null);
    } catch (error) {
      setFailure(messageOf(error));
    }
  }, []);

  useEffect(() => {
    void load();
  }, [load]);

  async function end(delaySeconds: number) {
    if (!target) return;
    setPending(true);
    try {
      await api.post('/api/Session/TerminateMany', { SessionIds: [], UserIds: [target.UserId], TimeDelay: delaySeconds });
      setDone(delaySeconds ? `${target.FullName}'s session will end in ${delaySeconds} seconds.` : `${target.FullName}'s session has been ended.`);
      setTarget(null);
      await load();
    } catch (error) {
      setTarget(null);
      setFailure(messageOf(error));
    } finally {
      setPending(false);
    }
  }

  return (
    <Stack spacing={3} sx={{ maxWidth: 960 }}>
      <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', gap: 2 }}>
        <Box>
          <Typography variant="h1">Manage Concurrent User Sessions</Typography>
          <Typography color="text.secondary" sx={{ mt: 0.5 }}>Who is signed in under each role that limits its number of concurrent users.</Typography>
        </Box>
        <Button startIcon={<RefreshIcon />} onClick={() => void load()} variant="outlined">Refresh</Button>
      </Stack>
      {failure && <Alert severity="error" role="alert">{failure}</Alert>}
      {roles === null && !failure && (
        <Stack spacing={2} role="status" aria-label="Loading">
          <Skeleton variant="rounded" height={120} />
          <Skeleton variant="rounded" height={120} />
        </Stack>
      )}
      {roles?.length === 0 && <Alert severity="info">{noLimitedRoles}</Alert>}
      {roles?.map((role) => <RoleSessionsCard key={role.RoleId} role={role} onEnd={setTarget} />)}
      <EndSessionDialog
        key={target?.SessionId ?? 'closed'}
        name={target?.FullName ?? null}
        pending={pending}
        onConfirm={(delay) => void end(delay)}
        onCancel={() => setTarget(null)}
      />
      <Snackbar open={done !== null} autoHideDuration={5000} onClose={() => setDone(null)} anchorOrigin={{ vertical: 'bottom', horizontal: 'center' }}>
        <Alert severity="success" variant="filled" onClose={() => setDone(null)}>{done}</Alert>
      </Snackbar>
    </Stack>
  );
}
