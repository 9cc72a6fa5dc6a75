/**
 * The calls a signed-in start needs first (the session and the route table), sent by the page's first and smallest
 * script while the application's code is still on its way: on a phone that code takes a second to arrive, and the
 * calls would otherwise only leave after it. The API client takes over each answer as if it had sent the call itself
 * (its token refresh, 401 and error handling), so nothing here decides anything.
 *
 * This module imports nothing: whatever it imported would have to arrive before it could run.
 */

/** Where the stored session (ui/stores/session.ts) and 'view as' (ui/stores/view-as.ts) are kept. */
export const sessionStoreKey = 'metadmin.session';
export const viewAsStoreKey = 'metadmin.viewAs';

export const earlyCallPaths = { current: '/api/Authenticate/Current', routes: '/api/App/GetRoutes' } as const;

const sent = new Map<string, { token: string; answer: Promise<Response> }>();

interface StoredSession { state?: { token?: string | null; session?: { SessionId?: string; InstanceId?: string } | null } }

function stored<T>(storage: Storage, key: string): T | null {
  try {
    return JSON.parse(storage.getItem(key) ?? 'null') as T | null;
  } catch {
    return null;
  }
}

/** Sends the first calls when a session is stored (with the headers the client would send); whether it did. */
export function sendEarlyCalls(): boolean {
  const { token, session } = stored<StoredSession>(localStorage, sessionStoreKey)?.state ?? {};
  if (!token || !session?.SessionId || !session.InstanceId) return false;
  const viewAs = stored<{ state?: { viewing?: { UserId?: number } | null } }>(sessionStorage, viewAsStoreKey)?.state?.viewing?.UserId;
  const headers: Record<string, string> = {
    accept: 'application/json', authorization: `Bearer ${token}`, 'session-id': session.SessionId, 'instance-id': session.InstanceId,
    ...(viewAs ? { 'x-view-as': String(viewAs) } : {}),
  };
  for (const path of Object.values(earlyCallPaths)) sent.set(path, { token, answer: fetch(path, { headers }) });
  return true;
}

/** The answer of a call sent early with this token, once (a later call of the same path is sent anew). */
export function takeEarlyCall(path: string, token: string): Promise<Response> | undefined {
  const call = sent.get(path);
  sent.delete(path);
  return call?.token === token ? call.answer : undefined;
}
