import { toErrorList, type ErrorItem } from '../../engine/core/error-items.ts';
import { clientHttpErrorEntry, type ClientLogEntry } from './error-log.ts';

export const writeInFlightMessage = 'API Service: could not perform api post or put: there is already a post in progress';
/** Spec 1 section 8, status 0 (two spaces after the full stop, as given). */
export const systemErrorMessage = 'A system error has occurred.  Please refresh your browser and attempt to login again.';
export const refreshedTokenHeader = 'x-auth-token';
/** The server announces an administrator's pending termination in this header (server/modules/sessions/route-config.ts;
 * the UI does not import from server/, so the name is repeated here). */
export const terminatesAtHeader = 'x-session-terminates-at';
/** Spec 1 section 7: the loading indicator shows for requests lasting over 100 ms. */
export const loadingDelayMs = 100;
/** How long ending a session waits for the calls already on their way before it tells the server. */
export const closingWaitMs = 3_000;

/**
 * A failed call: the HTTP status (0 when the server was not reached), the server's error items, and the body as
 * received, because some errors carry more than the item shape (a stale-key error's StaleKey and Reason).
 */
export class ApiError extends Error {
  constructor(public readonly status: number, public readonly items: ErrorItem[], public readonly body?: unknown) {
    super(items[0]?.ErrorMessage ?? `API Call failed with status code ${status}`);
  }
}

export interface Credentials {
  token: string;
  SessionId: string;
  InstanceId: string;
  /** The user an administrator views the product as (sent as x-view-as; the server answers as that user would see it). */
  viewAs?: number;
}

export interface ApiClientOptions {
  credentials(): Credentials | null;
  onRefreshedToken(token: string): void;
  /** A 401 on a signed-in call: the session is over. */
  onUnauthorized(error: ApiError): void;
  /** A 403 whose ErrorCode is 502 or 419: the session is no longer valid. */
  onSessionInvalid?(error: ApiError): void;
  /** The loading indicator: begin is called once a request has lasted loadingDelayMs, end when it finishes. */
  loading?: { begin(): void; end(): void };
  /** A response below 200 or from 500 up (or none at all: status 0), for the client error log. */
  onHttpError?(entry: ClientLogEntry): void;
  /** A signed-in call the user made (not a quiet background call) was answered: the server counted it as activity. */
  onActivity?(startedAt: number): void;
  /** Every answered signed-in call: the pending termination time, or null when none is announced. */
  onTerminatesAt?(iso: string | null): void;
}

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

export interface CallOptions {
  body?: unknown;
  signal?: AbortSignal;
  /** Background calls (timers, polling): no loading indicator, and not the user's activity. */
  quiet?: boolean;
  /** Headers of this call beside the session's (a record lock's id and the version a write was read at). */
  headers?: Record<string, string>;
  /** The call already sent, before this client was loaded (ui/boot/early-calls.ts): its answer is handled as this call's. */
  sent?: Promise<Response>;
}

export interface ApiResponse<T> { data: T; headers: Headers }

const sessionInvalidCodes = new Set(['502', '419']);

/** JSON when the server says so; otherwise the text (e.g. the 'true' of request-update-password-for-current-user). */
async function readBody(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return undefined;
  if (!(response.headers.get('content-type') ?? '').includes('json')) return text;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/**
 * The one way the browser talks to the server (spec 1 section 7 and 8): the Authorization, Session-Id and Instance-Id
 * headers on every call, a refreshed token from a response header replacing the stored one, only one POST or PUT in
 * flight, a loading indicator after 100 ms, and the 401 / 403 / status 0 rules. What those rules do to the session
 * and the screen is the caller's (ui/api/api.ts binds them); this file only decides when they apply.
 */
export function createApiClient(options: ApiClientOptions) {
  let writeInFlight = false;
  /** Signed-in calls on their way: ending the session waits for them, so none is answered by an ended session. */
  const signedInCalls = new Set<Promise<unknown>>();
  let closing = false;

  function send<T>(method: Method, path: string, call: CallOptions = {}): Promise<ApiResponse<T>> {
    if (closing && options.credentials()) return Promise.reject(new DOMException('The session is ending.', 'AbortError'));
    return transmit<T>(method, path, call);
  }

  async function transmit<T>(method: Method, path: string, call: CallOptions): Promise<ApiResponse<T>> {
    const isWrite = method === 'POST' || method === 'PUT';
    if (isWrite && writeInFlight) throw new ApiError(0, [{ PropertyName: null, ErrorMessage: writeInFlightMessage, ErrorCode: 0 }]);
    const creds = options.credentials();
    const headers: Record<string, string> = { accept: 'application/json' };
    if (call.body !== undefined) headers['content-type'] = 'application/json';
    if (call.headers) Object.assign(headers, call.headers);
    if (creds) {
      headers.authorization = `Bearer ${creds.token}`;
      headers['session-id'] = creds.SessionId;
      headers['instance-id'] = creds.InstanceId;
      if (creds.viewAs) headers['x-view-as'] = String(creds.viewAs);
    }
    const startedAt = Date.now();
    let slow = false;
    const timer = call.quiet || !options.loading ? undefined : setTimeout(() => {
      slow = true;
      options.loading!.begin();
    }, loadingDelayMs);
    if (isWrite) writeInFlight = true;
    try {
      let response: Response;
      try {
        const sent = call.sent ?? fetch(path, { method, headers, body: call.body === undefined ? undefined : JSON.stringify(call.body), signal: call.signal });
        if (creds) track(sent);
        response = await sent;
      } catch (error) {
        if ((error as Error).name === 'AbortError') throw error;
        options.onHttpError?.(clientHttpErrorEntry(method, path, 0, undefined));
        throw new ApiError(0, toErrorList(systemErrorMessage));
      }
      const data = await readBody(response);
      return settle<T>(method, path, response, data, creds, call, startedAt);
    } finally {
      if (isWrite) writeInFlight = false;
      clearTimeout(timer);
      if (slow) options.loading!.end();
    }
  }

  function settle<T>(method: Method, path: string, response: Response, data: unknown, creds: Credentials | null, call: CallOptions, startedAt: number): ApiResponse<T> {
    const { status } = response;
    if (status < 200 || status >= 500) options.onHttpError?.(clientHttpErrorEntry(method, path, status, data));
    if (!response.ok) {
      const items = toErrorList(data);
      const error = new ApiError(status, items.length ? items : toErrorList(`API Call failed with status code ${status}`), data);
      // Only a signed-in call can lose its session; a 401 from sign-in itself is just a failed sign-in.
      if (status === 401 && creds) options.onUnauthorized(error);
      if (status === 403 && creds && items.some((i) => sessionInvalidCodes.has(String(i.ErrorCode)))) options.onSessionInvalid?.(error);
      throw error;
    }
    if (creds) {
      const refreshed = response.headers.get(refreshedTokenHeader);
      if (refreshed) options.onRefreshedToken(refreshed);
      options.onTerminatesAt?.(response.headers.get(terminatesAtHeader));
      if (!call.quiet) options.onActivity?.(startedAt);
    }
    return { data: data as T, headers: response.headers };
  }

  function track(sent: Promise<unknown>) {
    const settled = sent.then(() => undefined, () => undefined);
    signedInCalls.add(settled);
    void settled.then(() => signedInCalls.delete(settled));
  }

  /**
   * The session's last call (sign-out, time-out, termination): calls already on their way are let finish first
   * (at most closingWaitMs), and none is sent meanwhile, so no call of this tab reaches the server after the
   * session it carries has ended there (each would come back 401, which the browser reports as an error).
   */
  async function closeSession<T>(path: string, body?: unknown, opts?: Omit<CallOptions, 'body'>): Promise<T> {
    closing = true;
    try {
      let timer: ReturnType<typeof setTimeout> | undefined;
      const waited = new Promise<void>((resolve) => { timer = setTimeout(resolve, closingWaitMs); });
      await Promise.race([Promise.all([...signedInCalls]), waited]);
      clearTimeout(timer);
      return (await transmit<T>('POST', path, { ...opts, body })).data;
    } finally {
      closing = false;
    }
  }

  const call = async <T>(method: Method, path: string, opts?: CallOptions) => (await send<T>(method, path, opts)).data;

  return {
    get: <T>(path: string, opts?: Omit<CallOptions, 'body'> | AbortSignal) =>
      call<T>('GET', path, opts instanceof AbortSignal ? { signal: opts } : opts),
    post: <T>(path: string, body?: unknown, opts?: Omit<CallOptions, 'body'>) => call<T>('POST', path, { ...opts, body }),
    put: <T>(path: string, body?: unknown, opts?: Omit<CallOptions, 'body'>) => call<T>('PUT', path, { ...opts, body }),
    delete: <T>(path: string, opts?: Omit<CallOptions, 'body'>) => call<T>('DELETE', path, opts),
    /** The whole answer, headers included (sign-in reads its token from a header). */
    send,
    closeSession,
  };
}

export type ApiClient = ReturnType<typeof createApiClient>;
