import { Alert, Button } from '@mui/material';
import { useNavigate } from 'react-router';
import { useViewAs } from '../stores/view-as.ts';

/** While an administrator views as another user: who, that it is reading only, and the way back. */
export function ViewAsBanner() {
  const viewing = useViewAs((s) => s.viewing);
  const stop = useViewAs((s) => s.stop);
  const navigate = useNavigate();
  if (!viewing) return null;
  return (
    <Alert
      severity="warning"
      role="status"
      sx={{ mb: 2 }}
      action={<Button color="inherit" size="small" onClick={() => { stop(); navigate(0); }}>Stop viewing</Button>}
    >
      Viewing as {viewing.Name}: lists, records and forms show only what they would see. Nothing can be saved meanwhile.
    </Alert>
  );
}
