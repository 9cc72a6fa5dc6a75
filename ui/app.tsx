import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter, RouterProvider } from 'react-router';
import { AppTheme } from './theme.tsx';
import { AppRoutes } from './routing/AppRoutes.tsx';
import { firstScreenReady } from './routing/first-screen.ts';
import { RouteErrorScreen } from './screens/RouteErrorScreen.tsx';
import { logClientError, startClientErrorLog } from './api/api.ts';
import { useNotifications } from '../engine/react/notifications/store.ts';

startClientErrorLog();
// Spec 2 section 8: an empty notification text is logged as an error, and nothing is shown.
useNotifications.setState({ reportEmpty: (severity) => logClientError(`An empty ${severity} notification was not shown.`, 'Notifications') });

// A data router (needed for the leave-without-saving prompt's blocker) around the app's own <Routes>,
// which mounts private routes from the server's route table.
const appOf = (router: ReturnType<typeof createBrowserRouter>) => (
  <StrictMode>
    <AppTheme>
      <RouterProvider router={router} />
    </AppTheme>
  </StrictMode>
);

/** Lets the browser run what waits (input, a paint) between two pieces of the start's work. */
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

// The first screen is drawn as a transition: React draws it in slices the browser may answer input between, where an
// ordinary first render is one long piece of work (on a phone, the home held the page for a third of a second). The
// router is made in a task of its own for the same reason.
void firstScreenReady().then(async () => {
  await nextTask();
  const router = createBrowserRouter([{ path: '*', element: <AppRoutes />, errorElement: <RouteErrorScreen /> }]);
  await nextTask();
  const root = createRoot(document.getElementById('root')!);
  startTransition(() => root.render(appOf(router)));
});
