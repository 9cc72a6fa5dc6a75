import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { AppBar, Avatar, Box, IconButton, ListItemText, Menu, MenuItem, Toolbar, Tooltip, Typography } from '@mui/material';
import MenuIcon from '@mui/icons-material/Menu';
import { useSession } from '../stores/session.ts';
import { usePublicSettings } from '../stores/public-settings.ts';
import { signOut } from '../api/session-calls.ts';
import { refreshCurrentUser, useCurrentUserOfSession } from '../stores/current-user.ts';
import { pilotInformationPath, yourAccountPath } from './profile-menu.ts';
import { afterFirstPaint } from '../boot/first-paint.ts';

/** The main menu's button, page title and the profile menu (spec 1: Your Account, Pilot Information for pilot users, Help, Logout). */
export function TopBar({ title, onToggleNav, menuButton = true }: { title: string; onToggleNav: () => void; menuButton?: boolean }) {
  const navigate = useNavigate();
  const user = useSession((s) => s.user);
  const routes = useSession((s) => s.routes) ?? [];
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const { helpUrl, load } = usePublicSettings();
  useEffect(() => void afterFirstPaint().then(load), [load]);
  const currentUser = useCurrentUserOfSession();
  const sessionId = useSession((s) => s.session?.SessionId);
  // Once per session: the PilotId (and names changed since sign-in) come from read-current-user.
  useEffect(() => void afterFirstPaint().then(refreshCurrentUser), [sessionId]);
  const hasYourAccount = routes.some((r) => r.Url === yourAccountPath);
  const pilotPath = pilotInformationPath(currentUser, routes);
  const open = (path: string) => {
    setAnchor(null);
    navigate(path);
  };
  const initials = `${user?.FirstName?.[0] ?? ''}${user?.LastName?.[0] ?? ''}` || '?';

  async function logout() {
    setAnchor(null);
    await signOut();
    navigate('/login', { replace: true });
  }

  return (
    <AppBar position="fixed" color="inherit" elevation={0} sx={{ borderBottom: 1, borderColor: 'divider', zIndex: (t) => t.zIndex.drawer + 1 }}>
      <Toolbar sx={{ gap: 1 }}>
        {/* The main menu's button, while the menu is not pinned open beside the page. */}
        {menuButton && (
          <IconButton edge="start" aria-label="Open navigation" onClick={onToggleNav}>
            <MenuIcon />
          </IconButton>
        )}
        <Typography variant="subtitle1" sx={{ fontWeight: 700, color: 'primary.main', mr: 2 }}>Administration</Typography>
        <Typography variant="subtitle1" component="div" sx={{ flexGrow: 1 }} noWrap>{title}</Typography>
        <Tooltip title="Your profile">
          <IconButton aria-label={`Profile menu for ${user?.UserName ?? ''}, initials ${initials}`} aria-haspopup="menu" onClick={(e) => setAnchor(e.currentTarget)}>
            <Avatar sx={{ width: 32, height: 32, fontSize: 14, bgcolor: 'primary.main' }}>{initials}</Avatar>
          </IconButton>
        </Tooltip>
        <Menu anchorEl={anchor} open={Boolean(anchor)} onClose={() => setAnchor(null)}>
          <Box sx={{ px: 2, py: 1 }}>
            <ListItemText primary={`${user?.FirstName ?? ''} ${user?.LastName ?? ''}`} secondary={user?.UserName} />
          </Box>
          {hasYourAccount && <MenuItem onClick={() => open(yourAccountPath)}>Your Account</MenuItem>}
          {pilotPath && <MenuItem onClick={() => open(pilotPath)}>Pilot Information</MenuItem>}
          {helpUrl && (
            <MenuItem component="a" href={helpUrl} target="_blank" rel="noopener noreferrer" onClick={() => setAnchor(null)}>
              Help
            </MenuItem>
          )}
          <MenuItem onClick={() => void logout()}>Logout</MenuItem>
        </Menu>
      </Toolbar>
    </AppBar>
  );
}
