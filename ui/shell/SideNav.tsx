import { NavLink } from 'react-router';
import { Drawer, List, ListItemButton, ListItemIcon, ListItemText, Toolbar } from '@mui/material';
import HomeIcon from '@mui/icons-material/HomeOutlined';
import ListIcon from '@mui/icons-material/ListAltOutlined';
import AccountIcon from '@mui/icons-material/ManageAccountsOutlined';
import type { RouteEntry } from '../../metadata/types/RouteEntry.ts';
import { isProfileMenuPath } from './profile-menu.ts';

export const sideNavWidth = 232;

/** A list screen, or a single-record screen (My Account) that the profile menu does not already open. */
const isNavEntry = (r: RouteEntry) => r.Name.endsWith('.list') || (r.Name.endsWith('.single') && !isProfileMenuPath(r.Url));

/** Home and every list or single-record screen the user may open. (The administrator-built menu replaces this list when menus exist.) */
export function SideNav({ routes, open, onClose }: { routes: RouteEntry[]; open: boolean; onClose: () => void }) {
  const items = [
    { to: '/home', label: 'Home', icon: <HomeIcon /> },
    ...routes.filter(isNavEntry).map((r) => ({ to: r.Url, label: r.NavLabel ?? r.Title ?? r.Name, icon: r.Name.endsWith('.single') ? <AccountIcon /> : <ListIcon /> })),
  ];
  const list = (
    <List component="nav" aria-label="Main menu" sx={{ px: 1 }}>
      {items.map((item) => (
        <ListItemButton
          key={item.to}
          component={NavLink}
          to={item.to}
          onClick={onClose}
          sx={{ borderRadius: 1, mb: 0.5, '&.active': { bgcolor: 'action.selected', fontWeight: 600 } }}
        >
          <ListItemIcon sx={{ minWidth: 36 }}>{item.icon}</ListItemIcon>
          <ListItemText primary={item.label} />
        </ListItemButton>
      ))}
    </List>
  );
  const paper = { width: sideNavWidth, boxSizing: 'border-box' as const };
  return (
    <>
      <Drawer variant="temporary" open={open} onClose={onClose} sx={{ display: { xs: 'block', md: 'none' }, '& .MuiDrawer-paper': paper }}>
        {list}
      </Drawer>
      <Drawer variant="permanent" sx={{ display: { xs: 'none', md: 'block' }, '& .MuiDrawer-paper': paper }} open>
        <Toolbar />
        {list}
      </Drawer>
    </>
  );
}
