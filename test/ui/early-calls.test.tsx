import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { earlyCallPaths, publicFormDefinitionPath, publicFormPageOf, sendEarlyCalls, sendEarlyPublicFormCall, sessionStoreKey, takeEarlyCall, viewAsStoreKey } from '../../ui/boot/early-calls.ts';
import { createApiClient } from '../../ui/api/client.ts';

const stored = { state: { token: 'tok', session: { SessionId: 'sid', InstanceId: 'iid' } }, version: 0 };
const json = (status: number, body: unknown, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json', ...headers } });

let fetchMock: ReturnType<typeof vi.fn>;
beforeEach(() => {
  fetchMock = vi.fn(async () => json(200, { ok: true }));
  vi.stubGlobal('fetch', fetchMock);
  localStorage.clear();
  sessionStorage.clear();
});
afterEach(() => {
  for (const path of Object.values(earlyCallPaths)) takeEarlyCall(path, 'tok');
  vi.unstubAllGlobals();
});

describe('the first calls of a signed-in start, sent before the application has arrived', () => {
  it('sends nothing without a stored session, or with one that lacks its ids', () => {
    expect(sendEarlyCalls()).toBe(false);
    localStorage.setItem(sessionStoreKey, JSON.stringify({ state: { token: 'tok', session: null } }));
    expect(sendEarlyCalls()).toBe(false);
    localStorage.setItem(sessionStoreKey, '{not json');
    expect(sendEarlyCalls()).toBe(false);
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("sends the session and route calls with the session's headers, and 'view as' when it is on", () => {
    localStorage.setItem(sessionStoreKey, JSON.stringify(stored));
    sessionStorage.setItem(viewAsStoreKey, JSON.stringify({ state: { viewing: { UserId: 7, Name: 'Bob' } } }));
    expect(sendEarlyCalls()).toBe(true);
    expect(fetchMock.mock.calls.map((c) => c[0]).sort()).toEqual(Object.values(earlyCallPaths).sort());
    expect(fetchMock.mock.calls[0][1].headers).toEqual({
      accept: 'application/json', authorization: 'Bearer tok', 'session-id': 'sid', 'instance-id': 'iid', 'x-view-as': '7',
    });
  });

  it('gives an answer once, and only to a caller holding the token it was sent with', async () => {
    localStorage.setItem(sessionStoreKey, JSON.stringify(stored));
    sendEarlyCalls();
    expect(takeEarlyCall(earlyCallPaths.routes, 'another token')).toBeUndefined();
    sendEarlyCalls();
    const answer = takeEarlyCall(earlyCallPaths.routes, 'tok');
    expect(answer).toBeInstanceOf(Promise);
    expect(takeEarlyCall(earlyCallPaths.routes, 'tok')).toBeUndefined();
  });

  it("sends a public form page's definition call without the session, given only to a caller without a token", () => {
    expect(publicFormPageOf('/customercare/contactus')).toEqual({ key: 'contact-us', contactPage: true });
    expect(publicFormPageOf('/public/form/a%20b')).toEqual({ key: 'a b', contactPage: false });
    expect(publicFormPageOf('/public/form/%E0%A4%A')).toBeNull();
    expect(publicFormPageOf('/public/form/x/y')).toBeNull();
    sendEarlyPublicFormCall('a b');
    const path = publicFormDefinitionPath('a b');
    expect(fetchMock.mock.calls[0][0]).toBe(path);
    expect(fetchMock.mock.calls[0][1].headers).toEqual({ accept: 'application/json' });
    expect(takeEarlyCall(path, 'tok')).toBeUndefined();
    sendEarlyPublicFormCall('a b');
    expect(takeEarlyCall(path, null)).toBeInstanceOf(Promise);
  });

  it("is handled by the API client as its own call: a refreshed token is kept, a 401 ends the session, no second call", async () => {
    const options = {
      credentials: () => ({ token: 'tok', SessionId: 'sid', InstanceId: 'iid' }),
      onRefreshedToken: vi.fn(), onUnauthorized: vi.fn(), onSessionInvalid: vi.fn(), onHttpError: vi.fn(), onActivity: vi.fn(), onTerminatesAt: vi.fn(),
    };
    const api = createApiClient(options);
    expect(await api.get('/api/App/GetRoutes', { sent: Promise.resolve(json(200, [{ Name: 'home' }], { 'x-auth-token': 'fresh' })) })).toEqual([{ Name: 'home' }]);
    expect(options.onRefreshedToken).toHaveBeenCalledWith('fresh');
    await expect(api.get('/api/Authenticate/Current', { sent: Promise.resolve(json(401, [{ PropertyName: null, ErrorMessage: 'Session ended', ErrorCode: 401 }])) })).rejects.toMatchObject({ status: 401 });
    expect(options.onUnauthorized).toHaveBeenCalledTimes(1);
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
