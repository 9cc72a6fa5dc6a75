import { lazy, Suspense, useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { AppBar, Avatar, IconButton, Toolbar, Tooltip, Typography } from '@mui/material';
import MenuIcon from '@mui/icons-material/Menu';
import { useSession } from '../stores/session.ts';
import { usePublicSettings } from '../stores/public-settings.ts';
import { signOut } from '../api/session-calls.ts';
import { refreshCurrentUser, useCurrentUserOfSession } from '../stores/current-user.ts';
import { pilotInformationPath, yourAccountPath } from './profile-menu.ts';
import { afterFirstPaint } from '../boot/first-paint.ts';
import type { ProfileMenuEntry } from './ProfileMenu.tsx';

const loadProfileMenu = () => import('./ProfileMenu.tsx');
const ProfileMenu = lazy(loadProfileMenu);

/** The main menu's button, page title and the profile menu (spec 1: Your Account, Pilot Information for pilot users, Help, Logout). */
export function TopBar({ title, onToggleNav, menuButton = true }: { title: string; onToggleNav: () => void; menuButton?: boolean }) {
  const navigate = useNavigate();
  const user = useSession((s) => s.user);
  const routes = useSession((s) => s.routes) ?? [];
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [menuWanted, setMenuWanted] = useState(false);
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
  const entries: ProfileMenuEntry[] = [
    ...(hasYourAccount ? [{ label: 'Your Account', onClick: () => open(yourAccountPath) }] : []),
    ...(pilotPath ? [{ label: 'Pilot Information', onClick: () => open(pilotPath) }] : []),
    ...(helpUrl ? [{ label: 'Help', href: helpUrl, onClick: () => setAnchor(null) }] : []),
    { label: 'Logout', onClick: () => void logout() },
  ];

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
          <IconButton
            aria-label={`Profile menu for ${user?.UserName ?? ''}, initials ${initials}`} aria-haspopup="menu"
            // Its code is asked for as the pointer comes or the focus arrives, so that the click finds it there.
            onPointerEnter={() => void loadProfileMenu()} onFocus={() => void loadProfileMenu()}
            onClick={(e) => { setMenuWanted(true); setAnchor(e.currentTarget); }}
          >
            <Avatar sx={{ width: 32, height: 32, fontSize: 14, bgcolor: 'primary.main' }}>{initials}</Avatar>
          </IconButton>
        </Tooltip>
        {/* Drawn from the first wish to open it on, and kept, so that it closes with its own transition. */}
        {menuWanted && (
          <Suspense fallback={null}>
            <ProfileMenu anchor={anchor} onClose={() => setAnchor(null)} name={`${user?.FirstName ?? ''} ${user?.LastName ?? ''}`} userName={user?.UserName} entries={entries} />
          </Suspense>
        )}
      </Toolbar>
    </AppBar>
  );
}
