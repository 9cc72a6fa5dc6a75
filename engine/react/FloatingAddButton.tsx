import { Link as RouterLink } from 'react-router';
import { Fab } from '@mui/material';
import AddIcon from '@mui/icons-material/Add';

/**
 * A list's add button floating at the window's bottom right (the list's `addButton: 'floating'`): a link to the
 * create route, named by its label for screen readers and shown as its tooltip, reached with Tab after the grid.
 */
export function FloatingAddButton({ to, label }: { to: string; label: string }) {
  return (
    <Fab component={RouterLink} to={to} color="primary" aria-label={label} title={label}
      sx={{ position: 'fixed', right: 24, bottom: 24, zIndex: (theme) => theme.zIndex.speedDial }}>
      <AddIcon />
    </Fab>
  );
}
