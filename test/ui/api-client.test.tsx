import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, closingWaitMs, createApiClient, systemErrorMessage, writeInFlightMessage, type ApiClientOptions } from '../../ui/api/client.ts';
import { createErrorLog, type ClientLogEntry } from '../../ui/api/error-log.ts';

/** A fetch answer; `delayMs` lets a test hold a request open. */
function answer(status: number, body?: unknown, headers: Record<string, string> = {}, delayMs = 0) {
  return () => new Promise<Response>((resolve) => {
    const text = body === undefined ? null : typeof body === 'string' ? body : JSON.stringify(body);
    const type = typeof body === 'string' ? 'text/plain' : 'application/json';
    setTimeout(() => resolve(new Response(text, { status, headers: { 'content-type': type, ...headers } })), delayMs);
  });
}

const signedIn = { token: 'tok', SessionId: 'sid', InstanceId: 'iid' };

function client(overrides: Partial<ApiClientOptions> = {}) {
  const options = {
    credentials: vi.fn(() => signedIn),
    onRefreshedToken: vi.fn(),
    onUnauthorized: vi.fn(),
    onSessionInvalid: vi.fn(),
    loading: { begin: vi.fn(), end: vi.fn() },
    onHttpError: vi.fn(),
    onActivity: vi.fn(),
    onTerminatesAt: vi.fn(),
  };
  return { api: createApiClient({ ...options, ...overrides }), options };
}

let fetchMock: ReturnType<typeof vi.fn>;
beforeEach(() => {
  fetchMock = vi.fn();
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('API client transport rules (spec 1 sections 7 and 8)', () => {
  it('sends Authorization, Session-Id and Instance-Id, and keeps a refreshed token from a signed-in answer', async () => {
    fetchMock.mockImplementation(answer(200, { ok: 1 }, { 'x-auth-token': 'fresh' }));
    const { api, options } = client();
    expect(await api.get('/api/x')).toEqual({ ok: 1 });
    const headers = fetchMock.mock.calls[0][1].headers as Record<string, string>;
    expect(headers).toMatchObject({ authorization: 'Bearer tok', 'session-id': 'sid', 'instance-id': 'iid' });
    expect(options.onRefreshedToken).toHaveBeenCalledWith('fresh');
  });

  it('allows one POST or PUT in flight: a second is not sent and is rejected with Id 0', async () => {
    fetchMock.mockImplementation(answer(200, {}, {}, 30));
    const { api } = client();
    const first = api.post('/api/a', { n: 1 });
    const second = api.put('/api/b', { n: 2 }).catch((e: unknown) => e);
    const read = api.get('/api/c'); // reads are never held back
    const refused = (await second) as ApiError;
    expect(refused).toBeInstanceOf(ApiError);
    expect(refused.items).toEqual([{ PropertyName: null, ErrorMessage: writeInFlightMessage, ErrorCode: 0 }]);
    await Promise.all([first, read]);
    expect(fetchMock).toHaveBeenCalledTimes(2);
    // Once the first is answered, the next write goes out.
    await api.post('/api/d');
    expect(fetchMock).toHaveBeenCalledTimes(3);
  });

  it('frees the write slot when a write fails', async () => {
    fetchMock.mockImplementationOnce(() => Promise.reject(new TypeError('offline'))).mockImplementation(answer(200, {}));
    const { api } = client();
    await expect(api.post('/api/a')).rejects.toBeInstanceOf(ApiError);
    await expect(api.post('/api/a')).resolves.toEqual({});
  });

  it('shows the loading indicator only for requests lasting over 100 ms, and not for quiet calls', async () => {
    vi.useFakeTimers();
    const { api, options } = client();
    fetchMock.mockImplementation(answer(200, {}, {}, 90));
    const quick = api.get('/api/quick');
    await vi.advanceTimersByTimeAsync(95);
    await quick;
    expect(options.loading.begin).not.toHaveBeenCalled();

    fetchMock.mockImplementation(answer(200, {}, {}, 250));
    const slow = api.get('/api/slow');
    await vi.advanceTimersByTimeAsync(99);
    expect(options.loading.begin).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(2);
    expect(options.loading.begin).toHaveBeenCalledTimes(1);
    expect(options.loading.end).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(200);
    await slow;
    expect(options.loading.end).toHaveBeenCalledTimes(1);

    const quiet = api.get('/api/poll', { quiet: true });
    await vi.advanceTimersByTimeAsync(300);
    await quiet;
    expect(options.loading.begin).toHaveBeenCalledTimes(1);
  });

  it('hands a 401 of a signed-in call to the session, but not a 401 without a session', async () => {
    fetchMock.mockImplementation(answer(401, [{ PropertyName: null, ErrorMessage: 'Your session has been terminated.', ErrorCode: 'SessionTerminated' }]));
    const { api, options } = client();
    await expect(api.get('/api/x')).rejects.toMatchObject({ status: 401, message: 'Your session has been terminated.' });
    expect(options.onUnauthorized).toHaveBeenCalledTimes(1);
    expect((options.onUnauthorized.mock.calls[0][0] as ApiError).items[0].ErrorCode).toBe('SessionTerminated');

    const anonymous = client({ credentials: () => null });
    await expect(anonymous.api.get('/api/x')).rejects.toMatchObject({ status: 401 });
    expect(anonymous.options.onUnauthorized).not.toHaveBeenCalled();
  });

  it('ends the session on a 403 with sub-code 502 or 419 only', async () => {
    const { api, options } = client();
    for (const code of [502, '419']) {
      fetchMock.mockImplementationOnce(answer(403, [{ PropertyName: null, ErrorMessage: 'no', ErrorCode: code }]));
      await expect(api.get('/api/x')).rejects.toMatchObject({ status: 403 });
    }
    fetchMock.mockImplementationOnce(answer(403, [{ PropertyName: null, ErrorMessage: "You don't have permission to this page.", ErrorCode: 403 }]));
    await expect(api.get('/api/x')).rejects.toMatchObject({ status: 403 });
    expect(options.onSessionInvalid).toHaveBeenCalledTimes(2);
  });

  it('answers status 0 with the spec message when the server cannot be reached, and logs it', async () => {
    fetchMock.mockImplementation(() => Promise.reject(new TypeError('Failed to fetch')));
    const { api, options } = client();
    const error = (await api.get('/api/x?a=1').catch((e: unknown) => e)) as ApiError;
    expect(error.status).toBe(0);
    expect(error.message).toBe(systemErrorMessage);
    expect(options.onHttpError).toHaveBeenCalledWith(expect.objectContaining({
      Type: 'Client HTTP Error 0', Message: 'API Call failed with status code 0', TargetName: '/api/x', Request: 'GET /api/x?a=1',
    }));
  });

  it('logs answers from 500 up with the response message, and never those between 200 and 499', async () => {
    const { api, options } = client();
    fetchMock.mockImplementationOnce(answer(503, [{ PropertyName: null, ErrorMessage: 'The email could not be sent at this time.', ErrorCode: 'MailFailed' }]));
    await expect(api.get('/api/x')).rejects.toMatchObject({ status: 503 });
    fetchMock.mockImplementationOnce(answer(500));
    await expect(api.get('/api/y')).rejects.toMatchObject({ status: 500, message: 'API Call failed with status code 500' });
    fetchMock.mockImplementationOnce(answer(404, [{ PropertyName: null, ErrorMessage: 'No route', ErrorCode: 404 }]));
    await expect(api.get('/api/z')).rejects.toMatchObject({ status: 404 });
    const logged = options.onHttpError.mock.calls.map((c) => [(c[0] as ClientLogEntry).Type, (c[0] as ClientLogEntry).Message]);
    expect(logged).toEqual([
      ['Client HTTP Error 503', 'The email could not be sent at this time.'],
      ['Client HTTP Error 500', 'API Call failed with status code 500'],
    ]);
  });

  it('reads a text answer as text, and reports activity and the pending-termination header of signed-in calls', async () => {
    fetchMock.mockImplementation(answer(200, 'true', { 'x-session-terminates-at': '2030-01-01T00:00:00.000Z' }));
    const { api, options } = client();
    expect(await api.get('/api/t')).toBe('true');
    expect(options.onTerminatesAt).toHaveBeenCalledWith('2030-01-01T00:00:00.000Z');
    expect(options.onActivity).toHaveBeenCalledTimes(1);
    await api.get('/api/t', { quiet: true });
    expect(options.onActivity).toHaveBeenCalledTimes(1);
  });

  it('keeps the body of a failure, so a stale-key error still has its StaleKey and Reason', async () => {
    const item = { PropertyName: null, ErrorMessage: 'The verification key has expired.', ErrorCode: 'StaleKey', StaleKey: 'k', Reason: 'activation' };
    fetchMock.mockImplementation(answer(400, [item]));
    const { api } = client({ credentials: () => null });
    const error = (await api.put('/api/User/Activate', {}).catch((e: unknown) => e)) as ApiError;
    expect(error.body).toEqual([item]);
  });
});

describe('ending a session from this tab (sign-out, time-out, termination)', () => {
  const paths = () => fetchMock.mock.calls.map((c) => String(c[0]));

  it('lets the calls on their way finish before the last call, and sends none meanwhile', async () => {
    vi.useFakeTimers();
    fetchMock.mockImplementation(answer(200, {}, {}, 500));
    const { api } = client();
    const poll = api.get('/api/Session/Status', { quiet: true });
    const closed = api.closeSession('/api/logout');
    await vi.advanceTimersByTimeAsync(0);
    expect(paths()).toEqual(['/api/Session/Status']); // the logout waits for the poll
    const late = api.get('/api/later').catch((e: unknown) => e);
    expect(((await late) as Error).name).toBe('AbortError');
    await vi.advanceTimersByTimeAsync(500);
    await poll;
    await vi.advanceTimersByTimeAsync(0);
    expect(paths()).toEqual(['/api/Session/Status', '/api/logout']);
    expect(fetchMock.mock.calls[1][1]).toMatchObject({ method: 'POST' });
    await vi.advanceTimersByTimeAsync(500);
    await closed;
    // Once the session is over here, calls go out again (a new sign-in, say).
    await vi.advanceTimersByTimeAsync(0);
    const after = api.get('/api/after');
    await vi.advanceTimersByTimeAsync(500);
    await after;
    expect(paths()).toContain('/api/after');
  });

  it(`waits at most ${closingWaitMs} ms for a call that hangs, and ends the session even when the last call fails`, async () => {
    vi.useFakeTimers();
    fetchMock.mockImplementationOnce(() => new Promise(() => {})).mockImplementation(answer(500, {}));
    const { api } = client();
    void api.get('/api/stuck');
    const closed = api.closeSession('/api/Session/Timeout', { Session: 'sid' }, { quiet: true }).catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(closingWaitMs - 1);
    expect(paths()).toEqual(['/api/stuck']);
    await vi.advanceTimersByTimeAsync(1);
    expect(paths()).toEqual(['/api/stuck', '/api/Session/Timeout']);
    await vi.advanceTimersByTimeAsync(100);
    expect(await closed).toBeInstanceOf(ApiError);
    vi.useRealTimers();
    fetchMock.mockImplementation(answer(200, {}));
    await expect(api.get('/api/next')).resolves.toEqual({});
  });
});

describe('client error log (spec 1 section 7)', () => {
  const entry = (n: number) => ({ Type: `Client HTTP Error 50${n}` }) as ClientLogEntry;

  it('sends the buffer 1 second after the last entry, in one call', async () => {
    vi.useFakeTimers();
    const post = vi.fn(() => Promise.resolve());
    const log = createErrorLog(post);
    log.add(entry(0));
    await vi.advanceTimersByTimeAsync(500);
    log.add(entry(1));
    await vi.advanceTimersByTimeAsync(999);
    expect(post).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(post).toHaveBeenCalledTimes(1);
    expect(post).toHaveBeenCalledWith([entry(0), entry(1)]);
    expect(log.pending()).toBe(0);
  });

  it('clears the buffer whether the call succeeds or fails', async () => {
    vi.useFakeTimers();
    const post = vi.fn(() => Promise.reject(new Error('down')));
    const log = createErrorLog(post);
    log.add(entry(2));
    await vi.advanceTimersByTimeAsync(1000);
    expect(log.pending()).toBe(0);
    log.add(entry(3));
    await vi.advanceTimersByTimeAsync(1000);
    expect(post).toHaveBeenLastCalledWith([entry(3)]);
  });
});
