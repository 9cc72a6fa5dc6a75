import { Suspense, useEffect } from 'react';
import { Outlet, useLocation } from 'react-router';
import { Box, Toolbar } from '@mui/material';
import { useSession } from '../stores/session.ts';
import { entryForPath } from '../routing/route-paths.ts';
import { LoadingScreen } from '../screens/LoadingScreen.tsx';
import { TopBar } from './TopBar.tsx';
import { MainMenu, useMenuBeside } from './menu/MainMenu.tsx';
import { AppBreadcrumbs } from './Breadcrumbs.tsx';
import { AppCards } from './cards/AppCards.tsx';
import { useMainMenu } from '../stores/main-menu.ts';
import { ViewAsBanner } from './ViewAsBanner.tsx';
import { NotificationHost } from '../../engine/react/notifications/NotificationHost.tsx';
import { WidgetDataProvider } from '../../engine/widgets/data-context.tsx';
import { useAppWidgetData } from '../widgets/app-widget-data.ts';

/** The signed-in frame: top bar, main menu, breadcrumbs, the current page and the side cards over it. */
export default function AppShell() {
  const { pathname } = useLocation();
  const routes = useSession((s) => s.routes) ?? [];
  const entry = entryForPath(routes, pathname);
  const menuBeside = useMenuBeside();
  const widgetData = useAppWidgetData();

  useEffect(() => {
    document.title = entry?.Title ? `${entry.Title} · Administration` : 'Administration';
  }, [entry?.Title]);

  return (
    <Box sx={{ display: 'flex', minHeight: '100vh' }}>
      <TopBar title={entry?.Title ?? ''} menuButton={!menuBeside} onToggleNav={() => useMainMenu.getState().setOpen(!useMainMenu.getState().open)} />
      <MainMenu />
      {/* A long unbroken string (an e-mail address, a URL) breaks where it would run past the page's edge. */}
      <Box component="main" sx={{ flexGrow: 1, minWidth: 0, p: { xs: 2, md: 3 }, overflowWrap: 'break-word' }}>
        <Toolbar />
        <ViewAsBanner />
        <AppBreadcrumbs title={entry?.Title} />
        <Suspense fallback={<LoadingScreen />}>
          <WidgetDataProvider source={widgetData}>
            <Outlet />
          </WidgetDataProvider>
        </Suspense>
      </Box>
      <AppCards />
      <NotificationHost />
    </Box>
  );
}
