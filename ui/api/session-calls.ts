import { earlyCallPaths, takeEarlyCall } from '../boot/early-calls.ts';
import type { LoginResponse } from '../../metadata/types/LoginResponse.ts';
import type { RouteEntry } from '../../metadata/types/RouteEntry.ts';
import { api } from './api.ts';
import { refreshedTokenHeader } from './client.ts';
import { useSession } from '../stores/session.ts';

/** Starts the session from a sign-in answer: the token comes in a response header (or, for a token sign-in, the body). */
async function start(data: LoginResponse & { Token?: string }, headers: Headers): Promise<LoginResponse> {
  useSession.getState().started(data, headers.get(refreshedTokenHeader) ?? data.Token ?? '');
  await loadRoutes();
  return data;
}

/** Signs in; the answer says whether the user must change the password first (and the key to do it with). */
export async function signIn(UserName: string, Password: string): Promise<LoginResponse> {
  const { data, headers } = await api.send<LoginResponse>('POST', '/api/Authenticate/SignIn', { body: { UserName, Password } });
  return start(data, headers);
}

/** /login/{token} (spec 1 section 7: POST Authenticate/SignInWithToken, body Token; the answer has Token). */
export async function signInWithToken(Token: string): Promise<LoginResponse> {
  const { data, headers } = await api.send<LoginResponse & { Token?: string }>('POST', '/api/Authenticate/SignInWithToken', { body: { Token } });
  return start(data, headers);
}

/** Routes are fetched after sign-in and on restore; private routes mount once they are here. */
export async function loadRoutes(): Promise<void> {
  useSession.getState().setRoutes(await api.get<RouteEntry[]>('/api/App/GetRoutes'));
}

/**
 * On page load with a stored token: check the session is alive, and fetch the routes. The answer is stored again
 * because a MustChangePassword user gets a fresh key each time (the earlier one no longer works).
 */
export function restoreSession(): Promise<void> {
  // One restore at a time: the page's start asks for it early, and the guard that waits for it asks again.
  restoring ??= restore().finally(() => { restoring = null; });
  return restoring;
}
let restoring: Promise<void> | null = null;

async function restore(): Promise<void> {
  // Both at once (one round trip before the first private screen, not two); the session is started before the
  // routes mount the screens, as after a sign-in. A 401 on either ends the session (the client's own handling).
  const sentWith = useSession.getState().token;
  const early = (path: string) => ({ sent: sentWith ? takeEarlyCall(path, sentWith) : undefined });
  const [current, routes] = await Promise.all([
    api.get<LoginResponse>(earlyCallPaths.current, early(earlyCallPaths.current)),
    api.get<RouteEntry[]>(earlyCallPaths.routes, early(earlyCallPaths.routes)),
  ]);
  const { token } = useSession.getState();
  if (!token) return;
  useSession.getState().started(current, token);
  useSession.getState().setRoutes(routes);
}

export async function signOut(): Promise<void> {
  try {
    await api.closeSession('/api/logout');
  } catch {
    // The session ends here whatever the server says.
  }
  useSession.getState().ended();
}
