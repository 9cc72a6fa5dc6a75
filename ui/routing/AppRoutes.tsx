import { lazy, Suspense } from 'react';
import { Navigate, Route, Routes } from 'react-router';
import { useSession } from '../stores/session.ts';
import { LoginPage } from '../screens/LoginPage.tsx';
import { LoadingScreen } from '../screens/LoadingScreen.tsx';
import { RequireSession } from './RequireSession.tsx';
import type { RouteEntry } from '../../metadata/types/RouteEntry.ts';

// The signed-in part is loaded only after sign-in, so /login stays small.
const AppShell = lazy(() => import('../shell/AppShell.tsx'));
const HomePage = lazy(() => import('../screens/HomePage.tsx'));
const ScreenRoute = lazy(() => import('../screens/ScreenRoute.tsx'));
const NotFoundPage = lazy(() => import('../screens/NotFoundPage.tsx').then((m) => ({ default: m.NotFoundPage })));

const shellPages: Record<string, () => React.ReactNode> = { home: () => <HomePage /> };

function elementFor(entry: RouteEntry) {
  if (entry.ScreenId) return <ScreenRoute entry={entry} />;
  const page = shellPages[entry.Name];
  return page ? page() : <NotFoundPage />;
}

/**
 * Public routes are always mounted; private routes come from the server's route table, mounted once
 * the session has started and gone when it ends.
 */
export function AppRoutes() {
  const routes = useSession((s) => s.routes);
  return (
    <Suspense fallback={<LoadingScreen />}>
      <Routes>
        <Route path="/login" element={<LoginPage />} />
        <Route element={<RequireSession />}>
          <Route element={<AppShell />}>
            <Route index element={<Navigate to="/home" replace />} />
            {(routes ?? []).map((entry) => (
              <Route key={entry.Name} path={entry.Url} element={elementFor(entry)} />
            ))}
            <Route path="*" element={<NotFoundPage />} />
          </Route>
        </Route>
      </Routes>
    </Suspense>
  );
}
