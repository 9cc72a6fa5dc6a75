import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter, RouterProvider } from 'react-router';
import { AppTheme } from './theme.tsx';
import { AppRoutes } from './routing/AppRoutes.tsx';
import { firstScreenReady } from './routing/first-screen.ts';
import { useSession } from './stores/session.ts';
import { RouteErrorScreen } from './screens/RouteErrorScreen.tsx';
import { logClientError, startClientErrorLog } from './api/api.ts';
import { useNotifications } from '../engine/react/notifications/store.ts';

startClientErrorLog();
// Spec 2 section 8: an empty notification text is logged as an error, and nothing is shown.
useNotifications.setState({ reportEmpty: (severity) => logClientError(`An empty ${severity} notification was not shown.`, 'Notifications') });

// A data router (needed for the leave-without-saving prompt's blocker) around the app's own <Routes>,
// which mounts private routes from the server's route table.
const router = createBrowserRouter([{ path: '*', element: <AppRoutes />, errorElement: <RouteErrorScreen /> }]);

const app = (
  <StrictMode>
    <AppTheme>
      <RouterProvider router={router} />
    </AppTheme>
  </StrictMode>
);

// A signed-in first screen (the shell and a page) is drawn as a transition: React draws it in slices the browser may
// answer input between, where an ordinary first render is one long piece of work (on a phone, the home held the page
// for a third of a second). A public page is light, and drawn at once: slicing would only let later work paint first.
void firstScreenReady().then(() => {
  const root = createRoot(document.getElementById('root')!);
  if (useSession.getState().token) startTransition(() => root.render(app));
  else root.render(app);
});
