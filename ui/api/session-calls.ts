import type { LoginResponse } from '../../metadata/types/LoginResponse.ts';
import type { RouteEntry } from '../../metadata/types/RouteEntry.ts';
import { api } from './api.ts';
import { refreshedTokenHeader, ApiError } from './client.ts';
import { toErrorList } from '../../engine/core/error-items.ts';
import { useSession } from '../stores/session.ts';

/** Signs in; the token comes back in a response header, the signed-in info in the body. */
export async function signIn(UserName: string, Password: string): Promise<void> {
  const response = await fetch('/api/Authenticate/SignIn', {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json' },
    body: JSON.stringify({ UserName, Password }),
  }).catch(() => {
    throw new ApiError(0, toErrorList('A system error has occurred.  Please refresh your browser and attempt to login again.'));
  });
  const data: unknown = await response.json().catch(() => undefined);
  if (!response.ok) throw new ApiError(response.status, toErrorList(data));
  useSession.getState().started(data as LoginResponse, response.headers.get(refreshedTokenHeader) ?? '');
  await loadRoutes();
}

/** Routes are fetched after sign-in and on restore; private routes mount once they are here. */
export async function loadRoutes(): Promise<void> {
  useSession.getState().setRoutes(await api.get<RouteEntry[]>('/api/App/GetRoutes'));
}

/** On page load with a stored token: check the session is alive, then fetch the routes. */
export async function restoreSession(): Promise<void> {
  await api.get<LoginResponse>('/api/Authenticate/Current');
  await loadRoutes();
}

export async function signOut(): Promise<void> {
  try {
    await api.post('/api/logout');
  } catch {
    // The session ends here whatever the server says.
  }
  useSession.getState().ended();
}
