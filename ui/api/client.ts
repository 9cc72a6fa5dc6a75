import { toErrorList, type ErrorItem } from '../../engine/core/error-items.ts';

export const writeInFlightMessage = 'API Service: could not perform api post or put: there is already a post in progress';
export const refreshedTokenHeader = 'x-auth-token';

/** A failed call: the HTTP status (0 when the server was not reached) and the server's error items. */
export class ApiError extends Error {
  constructor(public readonly status: number, public readonly items: ErrorItem[]) {
    super(items[0]?.ErrorMessage ?? `API call failed with status code ${status}`);
  }
}

export interface Credentials { token: string; SessionId: string; InstanceId: string }

export interface ApiClientOptions {
  credentials(): Credentials | null;
  onRefreshedToken(token: string): void;
  /** A 401 on a signed-in call: the session is over. */
  onUnauthorized(error: ApiError): void;
}

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

/**
 * The one way the browser talks to the server (spec 1 section 7): the Authorization, Session-Id and
 * Instance-Id headers on every call, a refreshed token from a response header replacing the stored one,
 * and only one POST or PUT in flight at a time.
 */
export function createApiClient(options: ApiClientOptions) {
  let writeInFlight = false;

  async function call<T>(method: Method, path: string, body?: unknown, signal?: AbortSignal): Promise<T> {
    const isWrite = method === 'POST' || method === 'PUT';
    if (isWrite && writeInFlight) throw new ApiError(0, [{ PropertyName: null, ErrorMessage: writeInFlightMessage, ErrorCode: 0 }]);
    const creds = options.credentials();
    const headers: Record<string, string> = { accept: 'application/json' };
    if (body !== undefined) headers['content-type'] = 'application/json';
    if (creds) {
      headers.authorization = `Bearer ${creds.token}`;
      headers['session-id'] = creds.SessionId;
      headers['instance-id'] = creds.InstanceId;
    }
    if (isWrite) writeInFlight = true;
    let response: Response;
    try {
      response = await fetch(path, { method, headers, body: body === undefined ? undefined : JSON.stringify(body), signal });
    } catch (error) {
      if ((error as Error).name === 'AbortError') throw error;
      throw new ApiError(0, [{ PropertyName: null, ErrorMessage: 'A system error has occurred.  Please refresh your browser and attempt to login again.', ErrorCode: 0 }]);
    } finally {
      if (isWrite) writeInFlight = false;
    }
    const refreshed = response.headers.get(refreshedTokenHeader);
    if (refreshed && response.ok) options.onRefreshedToken(refreshed);
    const text = await response.text();
    const data: unknown = text ? JSON.parse(text) : undefined;
    if (!response.ok) {
      const items = toErrorList(data);
      const error = new ApiError(response.status, items.length ? items : toErrorList(`API Call failed with status code ${response.status}`));
      if (response.status === 401 && creds) options.onUnauthorized(error);
      throw error;
    }
    return data as T;
  }

  return {
    get: <T>(path: string, signal?: AbortSignal) => call<T>('GET', path, undefined, signal),
    post: <T>(path: string, body?: unknown) => call<T>('POST', path, body),
    put: <T>(path: string, body?: unknown) => call<T>('PUT', path, body),
    delete: <T>(path: string) => call<T>('DELETE', path),
  };
}

export type ApiClient = ReturnType<typeof createApiClient>;
