import { createApiClient } from './client.ts';
import { clientFaultEntry, createErrorLog, logUncaughtExceptions, type ClientLogEntry } from './error-log.ts';
import { useSession } from '../stores/session.ts';
import { useViewAs } from '../stores/view-as.ts';
import { useLoading } from '../stores/loading.ts';
import { useSessionClock } from '../stores/session-clock.ts';
import { handleSessionInvalid, handleUnauthorized } from '../session/session-end.ts';

/** The client error log's call ("POST error log many", spec 1 section 7). */
export const errorLogPath = '/api/ErrorLog/LogMany';

function credentials() {
  const { token, session } = useSession.getState();
  const viewAs = useViewAs.getState().viewing?.UserId;
  return token && session ? { token, SessionId: session.SessionId, InstanceId: session.InstanceId, ...(viewAs ? { viewAs } : {}) } : null;
}

/**
 * The log goes out by plain fetch, not through the client: it must not wait for (or block) a user's write, and a
 * failure to log must not be logged again.
 */
const errorLog = createErrorLog(async (entries: ClientLogEntry[]) => {
  const creds = credentials();
  await fetch(errorLogPath, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      ...(creds ? { authorization: `Bearer ${creds.token}`, 'session-id': creds.SessionId, 'instance-id': creds.InstanceId } : {}),
    },
    body: JSON.stringify(entries),
  });
});

/** The application's API client, bound to the session, loading and session-clock stores. */
export const api = createApiClient({
  credentials,
  onRefreshedToken: (token) => useSession.getState().setToken(token),
  onUnauthorized: handleUnauthorized,
  onSessionInvalid: handleSessionInvalid,
  loading: { begin: () => useLoading.getState().begin(), end: () => useLoading.getState().end() },
  onHttpError: (entry) => errorLog.add(entry),
  onActivity: (at) => useSessionClock.getState().activity(at),
  onTerminatesAt: (iso) => useSessionClock.getState().announce(iso),
});

/** Logs an error of the client's own to the server's error log, as 'Client Logged Error'. */
export function logClientError(message: string, source: string): void {
  errorLog.add(clientFaultEntry('Client Logged Error', message, source));
}

/** An exception a screen caught (a failed render, say), as 'Client Caught Exception'. */
export function logCaughtException(error: unknown, source: string): void {
  const e = error instanceof Error ? error : new Error(String(error));
  errorLog.add(clientFaultEntry('Client Caught Exception', e.message, source, e.stack ?? ''));
}

/** From start-up on, exceptions nobody caught reach the server's error log too. */
export function startClientErrorLog(): void {
  logUncaughtExceptions((entry) => errorLog.add(entry));
}
