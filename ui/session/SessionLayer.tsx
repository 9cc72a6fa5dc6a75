import { lazy, Suspense, useEffect, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useSession } from '../stores/session.ts';
import { api } from '../api/api.ts';
import { isPublicPath } from '../routing/public-paths.ts';
import { startSessionTimers } from './timers.ts';
import { installSessionLifecycle } from './lifecycle.ts';
import { useSessionNotice } from '../stores/session-notice.ts';
import { useAfterFirstPaint } from '../boot/first-paint.ts';

// The dialogs (and MUI's Modal under them) are fetched when first needed, not with the first screen: /login has none.
const IdleWarningDialog = lazy(() => import('./IdleWarningDialog.tsx').then((m) => ({ default: m.IdleWarningDialog })));
const TerminationNotice = lazy(() => import('./TerminationNotice.tsx').then((m) => ({ default: m.TerminationNotice })));
const SessionNoticeDialog = lazy(() => import('./SessionNoticeDialog.tsx').then((m) => ({ default: m.SessionNoticeDialog })));

/**
 * Everything about the session that lives above the routes: what happens at its start and end (lifecycle.ts), its
 * timers while there is a session, the dialogs they raise, and the move to /login when the session ends for any reason (spec 1: "Session end sends the user to
 * /login"), remembering a private path so sign-in comes back to it.
 */
export function SessionLayer() {
  const sessionId = useSession((s) => (s.token ? s.session?.SessionId : undefined));
  const notice = useSessionNotice((s) => s.pending);
  const navigate = useNavigate();
  const location = useLocation();
  const where = useRef(location);
  where.current = location;
  const hadSession = useRef(Boolean(sessionId));

  useEffect(() => installSessionLifecycle(), []);

  const painted = useAfterFirstPaint();
  useEffect(() => {
    if (!sessionId || !painted) return;
    return startSessionTimers(api);
  }, [sessionId, painted]);

  useEffect(() => {
    const had = hadSession.current;
    hadSession.current = Boolean(sessionId);
    // A screen that ends the session on purpose (a changed password) has already moved on: the real URL tells.
    if (!had || sessionId || window.location.pathname === '/login') return;
    const from = isPublicPath(where.current.pathname) ? undefined : where.current;
    navigate('/login', { replace: true, state: from ? { from } : undefined });
  }, [sessionId, navigate]);

  return (
    <Suspense fallback={null}>
      {sessionId && painted && <IdleWarningDialog />}
      {sessionId && painted && <TerminationNotice />}
      {notice !== null && <SessionNoticeDialog />}
    </Suspense>
  );
}
