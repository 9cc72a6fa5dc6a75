import { Suspense, useEffect, useState } from 'react';
import { Outlet, useLocation } from 'react-router';
import { Box, Toolbar } from '@mui/material';
import { useSession } from '../stores/session.ts';
import { entryForPath } from '../routing/route-paths.ts';
import { LoadingScreen } from '../screens/LoadingScreen.tsx';
import { TopBar } from './TopBar.tsx';
import { SideNav, sideNavWidth } from './SideNav.tsx';
import { ViewAsBanner } from './ViewAsBanner.tsx';
import { NotificationHost } from '../../engine/react/notifications/NotificationHost.tsx';
import { WidgetDataProvider } from '../../engine/widgets/data-context.tsx';
import { useAppWidgetData } from '../widgets/app-widget-data.ts';

/** The signed-in frame: top bar, side navigation and the current page. */
export default function AppShell() {
  const { pathname } = useLocation();
  const routes = useSession((s) => s.routes) ?? [];
  const entry = entryForPath(routes, pathname);
  const [navOpen, setNavOpen] = useState(false);
  const widgetData = useAppWidgetData();

  useEffect(() => {
    document.title = entry?.Title ? `${entry.Title} · Administration` : 'Administration';
  }, [entry?.Title]);

  return (
    <Box sx={{ display: 'flex', minHeight: '100vh' }}>
      <TopBar title={entry?.Title ?? ''} onToggleNav={() => setNavOpen((o) => !o)} />
      <SideNav routes={routes} open={navOpen} onClose={() => setNavOpen(false)} />
      <Box component="main" sx={{ flexGrow: 1, minWidth: 0, p: { xs: 2, md: 3 }, ml: { md: `${sideNavWidth}px` } }}>
        <Toolbar />
        <ViewAsBanner />
        <Suspense fallback={<LoadingScreen />}>
          <WidgetDataProvider source={widgetData}>
            <Outlet />
          </WidgetDataProvider>
        </Suspense>
      </Box>
      <NotificationHost />
    </Box>
  );
}
