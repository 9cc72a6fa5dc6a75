import { useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { notify } from '../../engine/react/notifications/store.ts';

/**
 * A route change that fails on a signed-in session (spec 1 "Routing behaviour") shows its message (the
 * server's first error, e.g. "You don't have permission to this page.", or the system error) and leaves
 * the user on the view they came from. Opened directly, there is no such view: the caller shows the message.
 * Returns whether the failure was handled by going back.
 */
export function useRouteFailure(failure: string | null): boolean {
  const navigate = useNavigate();
  const { key } = useLocation();
  const canGoBack = key !== 'default';
  useEffect(() => {
    if (!failure || !canGoBack) return;
    notify('error', failure);
    navigate(-1);
  }, [failure, canGoBack, navigate]);
  return Boolean(failure) && canGoBack;
}
