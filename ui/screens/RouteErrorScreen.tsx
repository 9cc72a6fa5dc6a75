import { useEffect } from 'react';
import { useRouteError } from 'react-router';
import { AppTheme } from '../theme.tsx';
import { FailureScreen } from './FailureScreen.tsx';
import { logCaughtException } from '../api/api.ts';
import { routeFailureMessages } from '../routing/route-failure-messages.ts';

/**
 * What a screen that failed while drawing shows instead of the router's developer page: the specification's
 * system error with a Reload button; the error itself goes to the server's error log.
 */
export function RouteErrorScreen() {
  const error = useRouteError();
  useEffect(() => logCaughtException(error, 'RouteErrorScreen'), [error]);
  return (
    <AppTheme>
      <FailureScreen message={routeFailureMessages.systemError} />
    </AppTheme>
  );
}
