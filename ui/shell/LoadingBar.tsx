import LinearProgress from '@mui/material/LinearProgress';
import { useLoading } from '../stores/loading.ts';

/** A thin bar along the top edge while a request is slow; above the app bar so it shows on every screen. */
export function LoadingBar() {
  const busy = useLoading((s) => s.slow > 0);
  if (!busy) return null;
  return (
    <LinearProgress
      aria-label="Loading"
      sx={{ position: 'fixed', top: 0, left: 0, right: 0, height: 3, zIndex: (t) => t.zIndex.tooltip + 1 }}
    />
  );
}
