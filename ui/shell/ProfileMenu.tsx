import { Box, ListItemText, Menu, MenuItem } from '@mui/material';

/** One entry of the profile menu: a screen of the application, or an address outside it (Help). */
export interface ProfileMenuEntry { label: string; onClick: () => void; href?: string }

/**
 * The profile menu's list (spec 1: Your Account, Pilot Information for pilot users, Help, Logout) under the user's
 * name. Loaded on the first wish to open it: no first screen waits for the menu's code.
 */
export default function ProfileMenu({ anchor, onClose, name, userName, entries }: {
  anchor: HTMLElement | null;
  onClose: () => void;
  name: string;
  userName: string | undefined;
  entries: ProfileMenuEntry[];
}) {
  return (
    <Menu anchorEl={anchor} open={Boolean(anchor)} onClose={onClose}>
      <Box sx={{ px: 2, py: 1 }}>
        <ListItemText primary={name} secondary={userName} />
      </Box>
      {entries.map((e) => e.href
        ? <MenuItem key={e.label} component="a" href={e.href} target="_blank" rel="noopener noreferrer" onClick={e.onClick}>{e.label}</MenuItem>
        : <MenuItem key={e.label} onClick={e.onClick}>{e.label}</MenuItem>)}
    </Menu>
  );
}
