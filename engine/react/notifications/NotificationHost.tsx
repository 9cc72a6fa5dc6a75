import { Alert, Snackbar, Stack } from '@mui/material';
import { useNotifications } from './store.ts';

/**
 * The stack of notices, top right under the app bar (at the bottom they covered the forms' Save and
 * Cancel); errors stay longest, every one can be closed.
 */
export function NotificationHost() {
  const { notices, dismiss } = useNotifications();
  return (
    <Stack spacing={1} sx={{ position: 'fixed', top: 80, right: 24, zIndex: (t) => t.zIndex.snackbar, maxWidth: 420 }}>
      {notices.map((n) => (
        <Snackbar key={n.id} open sx={{ position: 'static', transform: 'none' }}>
          <Alert severity={n.severity} variant="filled" onClose={() => dismiss(n.id)} sx={{ width: '100%' }} role={n.severity === 'error' ? 'alert' : 'status'}>
            {n.text}
          </Alert>
        </Snackbar>
      ))}
    </Stack>
  );
}
