import { toErrorList } from '../../engine/core/error-items.ts';
import { ApiError, refreshedTokenHeader, systemErrorMessage } from './client.ts';
import { handleUnauthorized } from '../session/session-end.ts';
import { useSession } from '../stores/session.ts';

/** Downloads made with a plain fetch (the API client reads whole bodies as text): their failures, and the file handed over. */

/**
 * A failed answer to a plain fetch (a download the API client cannot make, as it reads whole bodies as text) as the API
 * client's error: the server's error list, or its status in words; a 401 to a signed-in user ends the session as any
 * call's does.
 */
export async function failureOfResponse(response: Response, signedIn: boolean): Promise<ApiError> {
  const text = await response.text().catch(() => '');
  let body: unknown = text || undefined;
  try {
    body = JSON.parse(text);
  } catch { /* the text as it is */ }
  const items = toErrorList(body);
  const error = new ApiError(response.status, items.length ? items : toErrorList(`API Call failed with status code ${response.status}`), body);
  if (response.status === 401 && signedIn) handleUnauthorized(error);
  return error;
}

/** Hands a blob to the browser as a download under the given name. */
export function saveBlob(blob: Blob, fileName: string): void {
  const href = URL.createObjectURL(blob);
  const link = Object.assign(document.createElement('a'), { href, download: fileName, hidden: true });
  document.body.append(link);
  link.click();
  link.remove();
  // The browser has taken the file once the click is handled; a minute is ample.
  setTimeout(() => URL.revokeObjectURL(href), 60_000);
}

/**
 * A plain fetch with the session's headers, for downloads the API client cannot make (it reads whole bodies as text):
 * a network failure or a failed answer throws as the API client's would; a refreshed token is kept. An abort rethrows.
 */
export async function fetchWithSession(url: string, init: RequestInit = {}): Promise<Response> {
  const { token, session } = useSession.getState();
  const headers: Record<string, string> = { ...(init.headers as Record<string, string> | undefined) };
  if (token && session) Object.assign(headers, { authorization: `Bearer ${token}`, 'session-id': session.SessionId, 'instance-id': session.InstanceId });
  let response: Response;
  try {
    response = await fetch(url, { ...init, headers });
  } catch (error) {
    if ((error as Error).name === 'AbortError') throw error;
    throw new ApiError(0, toErrorList(systemErrorMessage));
  }
  if (!response.ok) throw await failureOfResponse(response, !!token);
  const refreshed = response.headers.get(refreshedTokenHeader);
  if (refreshed) useSession.getState().setToken(refreshed);
  return response;
}
