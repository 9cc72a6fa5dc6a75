import { useEffect, useState } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { useSession } from '../stores/session.ts';
import { restoreSession } from '../api/session-calls.ts';
import { ApiError } from '../api/client.ts';
import { LoadingScreen } from '../screens/LoadingScreen.tsx';
import { FailureScreen } from '../screens/FailureScreen.tsx';
import { changePasswordPath } from './public-paths.ts';
import { routeFailureMessages } from './route-failure-messages.ts';

/**
 * Guards every private path: without a session the user goes to /login, which brings them back here
 * after sign-in; with a stored token the session is restored (routes fetched) before anything mounts; a user who
 * must change the password is sent to do that first.
 */
export function RequireSession() {
  const location = useLocation();
  const token = useSession((s) => s.token);
  const routes = useSession((s) => s.routes);
  const lockedToKey = useSession((s) => (s.mustChangePassword ? s.verificationKey : null));
  const [failure, setFailure] = useState<string | null>(null);

  useEffect(() => {
    if (!token || routes) return;
    let cancelled = false;
    restoreSession().catch((error: unknown) => {
      if (cancelled) return;
      if (error instanceof ApiError && error.status === 401) return; // the store has ended the session
      setFailure(error instanceof ApiError ? error.message : routeFailureMessages.systemError);
    });
    return () => {
      cancelled = true;
    };
  }, [token, routes]);

  if (!token) return <Navigate to="/login" replace state={{ from: location }} />;
  if (failure) return <FailureScreen message={failure} />;
  if (!routes) return <LoadingScreen />;
  // Spec 1 section 4: a user flagged MustChangePassword is locked to the change-password route until done.
  if (lockedToKey) return <Navigate to={changePasswordPath(lockedToKey)} replace />;
  return <Outlet />;
}
