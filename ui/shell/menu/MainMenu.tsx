import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';
import { Drawer, Toolbar, useMediaQuery, useTheme } from '@mui/material';
import { useSession } from '../../stores/session.ts';
import { ensureMainMenu, loadMainMenu, useMainMenu } from '../../stores/main-menu.ts';
import { restartBreadcrumbs } from '../../stores/breadcrumbs.ts';
import { MenuPanel } from './MenuPanel.tsx';
import { afterFirstPaint } from '../../boot/first-paint.ts';

export const mainMenuWidth = 264;

/** Whether the menu lies beside the page now: pinned, on a screen wide enough for it. */
export function useMenuBeside(): boolean {
  const wide = useMediaQuery(useTheme().breakpoints.up('md'), { noSsr: true });
  return useMainMenu((s) => s.pinned) && wide;
}

/**
 * The main menu in the shell: loaded (or restored from session storage) once the route table is here, locked open
 * beside the page when pinned on a wide screen, otherwise opened over the page by the top bar's menu button and
 * closed again when an entry is chosen.
 */
export function MainMenu() {
  const sessionId = useSession((s) => s.session?.SessionId ?? null);
  const routesLoaded = useSession((s) => s.routes !== null);
  const { tree, path, pinned, open, drill, back, mainMenu, setPinned, setOpen } = useMainMenu();
  const beside = useMenuBeside();

  const { pathname, search } = useLocation();
  const refresh = pathname === '/home' && new URLSearchParams(search).get('refresh') === 'true';

  useEffect(() => {
    if (sessionId && routesLoaded) void afterFirstPaint().then(() => ensureMainMenu(sessionId));
  }, [sessionId, routesLoaded]);

  // Home (/home?refresh=true) loads the menu again, and so does leaving a menu item's form: an administrator's
  // changes to the menu show at once.
  const { key } = useLocation();
  const before = useRef(pathname);
  useEffect(() => {
    const leftItemForm = /^\/menuItem\/(create|update|delete)\//i.test(before.current) && !/^\/menuItem\/(create|update|delete)\//i.test(pathname);
    before.current = pathname;
    if ((refresh || leftItemForm) && sessionId && useMainMenu.getState().tree) void loadMainMenu(sessionId);
  }, [refresh, sessionId, key, pathname]);

  const panel = (
    <MenuPanel
      tree={tree} path={path} pinned={pinned}
      onDrill={drill} onBack={back} onMainMenu={mainMenu} onPinnedChange={setPinned}
      onNavigate={() => {
        // A choice in the menu starts a new trail of breadcrumbs from the page chosen.
        restartBreadcrumbs();
        if (!beside) setOpen(false);
      }}
    />
  );
  const paper = { width: mainMenuWidth, boxSizing: 'border-box' as const };
  if (beside) {
    return (
      <Drawer variant="permanent" open sx={{ width: mainMenuWidth, flexShrink: 0, '& .MuiDrawer-paper': paper }}>
        <Toolbar />
        {panel}
      </Drawer>
    );
  }
  return (
    // Over the top bar, so the whole menu (its pin first) is in reach.
    <Drawer variant="temporary" open={open} onClose={() => setOpen(false)} sx={{ zIndex: (t) => t.zIndex.drawer + 2, '& .MuiDrawer-paper': paper }}>
      {panel}
    </Drawer>
  );
}
