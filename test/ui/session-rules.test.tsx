import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { SessionLayer } from '../../ui/session/SessionLayer.tsx';
import { useSession } from '../../ui/stores/session.ts';
import { useSessionClock } from '../../ui/stores/session-clock.ts';
import { useSessionNotice } from '../../ui/stores/session-notice.ts';
import { api } from '../../ui/api/api.ts';
import { hasModuleAccess } from '../../ui/api/module-access.ts';
import { sessionStorageKeys } from '../../ui/stores/session-storage.ts';
import type { LoginResponse } from '../../metadata/types/LoginResponse.ts';

type Handler = (init: RequestInit) => Response;
let handlers: Record<string, Handler>;
let fetchMock: ReturnType<typeof vi.fn>;

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const item = (ErrorMessage: string, ErrorCode: string | number) => [{ PropertyName: null, ErrorMessage, ErrorCode }];

/** When the server last counted activity; status polls do not move it, a keep-alive does. */
let lastSeen = 0;

/** The session status the server would answer now: idle 30 s, warning 10 s, so the warning is due 10 s after lastSeen. */
function status(extra: Record<string, unknown> = {}) {
  const now = Date.now();
  return json(200, {
    SessionId: 'sid', IdleSeconds: 30, WarningSeconds: 10, SessionMode: 'SINGLE',
    LastSeen: new Date(lastSeen).toISOString(), IdleExpiresAt: new Date(lastSeen + 30_000).toISOString(),
    TerminatesAt: null, ServerTime: new Date(now).toISOString(), ...extra,
  });
}

const login: LoginResponse = {
  User: { UserId: 2, UserName: 'maria', FirstName: 'Maria', LastName: 'Jones', IsMaster: false },
  MustChangePassword: false,
  Session: { SessionId: 'sid', InstanceId: 'iid', StartTime: new Date().toISOString(), UserName: 'maria' },
};

let path = '';
function Where() {
  path = useLocation().pathname;
  return null;
}

function renderApp() {
  return render(
    <MemoryRouter initialEntries={['/home']}>
      <Routes>
        <Route path="*" element={<Where />} />
      </Routes>
      <SessionLayer />
    </MemoryRouter>,
  );
}

const flush = () => act(async () => {
  await vi.advanceTimersByTimeAsync(0);
});
const advance = (ms: number) => act(async () => {
  await vi.advanceTimersByTimeAsync(ms);
});

beforeEach(() => {
  vi.useFakeTimers();
  lastSeen = Date.now();
  handlers = { '/api/Session/Status': () => status() };
  fetchMock = vi.fn(async (url: string, init: RequestInit) => {
    const handler = handlers[String(url).split('?')[0]];
    return handler ? handler(init) : json(404, item('No route', 404));
  });
  vi.stubGlobal('fetch', fetchMock);
  useSession.getState().started(login, 'tok');
  useSession.getState().setRoutes([]);
});
afterEach(() => {
  act(() => useSession.getState().ended());
  useSession.getState().clearEndMessage();
  useSessionNotice.getState().clear();
  useSessionClock.getState().reset();
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('session rules in the browser (spec 1 sections 4 and 8, spec 3 "Session lifecycle")', () => {
  it('asks the user to acknowledge a 401, then ends the session and goes to /login', async () => {
    renderApp();
    await flush();
    handlers['/api/x'] = () => json(401, item('Your authentication has expired. Please log in again.', 401));
    await act(async () => {
      await api.get('/api/x').catch(() => undefined);
    });
    // The dialog's code is fetched when first needed.
    await vi.waitFor(async () => {
      await flush();
      expect(screen.getByRole('dialog').textContent).toContain('Your authentication has expired. Please log in again.');
    });
    expect(useSession.getState().token).toBe('tok');
    await act(async () => screen.getByRole('button', { name: 'OK' }).click());
    expect(useSession.getState().token).toBeNull();
    expect(path).toBe('/login');
  });

  it('goes straight to /login with the reason when the server says the session was terminated', async () => {
    renderApp();
    await flush();
    handlers['/api/Session/Status'] = () => json(401, item('Your session has been terminated.', 'SessionTerminated'));
    await advance(2_000); // the next status poll
    expect(useSession.getState().token).toBeNull();
    expect(useSession.getState().endMessage).toBe('Your session has been terminated.');
    expect(path).toBe('/login');
  });

  it("ends the session on a 403 with sub-code 419: 'Your session is no longer valid. Please log in again.'", async () => {
    renderApp();
    await flush();
    handlers['/api/y'] = () => json(403, item('Invalid session', 419));
    await act(async () => {
      await api.get('/api/y').catch(() => undefined);
    });
    expect(useSession.getState().endMessage).toBe('Your session is no longer valid. Please log in again.');
    expect(path).toBe('/login');
  });

  it('follows a sign-out in another tab (storage event) with the spec message', async () => {
    renderApp();
    await flush();
    await act(async () => {
      window.dispatchEvent(new StorageEvent('storage', { key: 'metadmin.session', newValue: JSON.stringify({ state: { token: null }, version: 0 }) }));
    });
    expect(useSession.getState().endMessage).toBe('You have logged out or lost session in another browser tab and/or window.');
    expect(path).toBe('/login');
  });

  it('takes over the session another tab has just signed in with, instead of ending it there too', async () => {
    renderApp();
    await flush();
    const theirs = { ...login, Session: { ...login.Session, SessionId: 'sid-new' } };
    localStorage.setItem('metadmin.session', JSON.stringify({ state: { token: 'tok-new', session: theirs.Session, user: theirs.User, mustChangePassword: false, verificationKey: null }, version: 0 }));
    handlers['/api/z'] = () => json(401, item('Your session has been terminated because you signed in from another browser.', 'SessionReplaced'));
    await act(async () => {
      await api.get('/api/z').catch(() => undefined);
    });
    expect(useSession.getState().token).toBe('tok-new');
    expect(useSession.getState().session?.SessionId).toBe('sid-new');
    expect(useSession.getState().endMessage).toBeNull();
    expect(path).toBe('/home');
  });

  it('clears the menu and breadcrumbs from session storage at the end, and module-access answers at a new start', async () => {
    renderApp();
    await flush();
    handlers['/api/Authorize/ModuleAccess'] = () => json(200, true);
    await act(async () => {
      await hasModuleAccess('RegisterUser');
      await hasModuleAccess('RegisterUser');
    });
    expect(fetchMock.mock.calls.filter((c) => String(c[0]).includes('ModuleAccess'))).toHaveLength(1);
    sessionStorage.setItem(sessionStorageKeys.menu, '[]');
    sessionStorage.setItem(sessionStorageKeys.breadcrumbs, '[]');
    sessionStorage.setItem('other.key', 'kept');
    act(() => useSession.getState().ended());
    expect(sessionStorage.getItem(sessionStorageKeys.menu)).toBeNull();
    expect(sessionStorage.getItem(sessionStorageKeys.breadcrumbs)).toBeNull();
    expect(sessionStorage.getItem('other.key')).toBe('kept');
    act(() => useSession.getState().started({ ...login, Session: { ...login.Session, SessionId: 'sid2' } }, 'tok2'));
    await act(async () => {
      await hasModuleAccess('RegisterUser');
    });
    expect(fetchMock.mock.calls.filter((c) => String(c[0]).includes('ModuleAccess'))).toHaveLength(2);
  });

  it('warns 10 s + warning before the idle end, extends on request, and times out when ignored', async () => {
    renderApp();
    await flush();
    await advance(9_000);
    expect(screen.queryByRole('dialog')).toBeNull();
    await advance(1_500);
    const dialog = screen.getByRole('dialog');
    expect(dialog.textContent).toMatch(/Your session will expire in 0:(09|10) because of inactivity\./);

    handlers['/api/Session/KeepAlive'] = () => {
      lastSeen = Date.now();
      return status();
    };
    await act(async () => screen.getByRole('button', { name: 'Click here to extend session' }).click());
    await flush();
    expect(fetchMock.mock.calls.some((c) => String(c[0]) === '/api/Session/KeepAlive')).toBe(true);
    await advance(1_000);
    expect(screen.queryByRole('dialog', { name: 'Are you still there?' })).toBeNull();

    handlers['/api/Session/Timeout'] = () => new Response(null, { status: 204 });
    await advance(21_000);
    const timeout = fetchMock.mock.calls.find((c) => String(c[0]) === '/api/Session/Timeout');
    expect(JSON.parse(String(timeout![1].body))).toMatchObject({ Session: { SessionId: 'sid' } });
    expect(useSession.getState().endMessage).toBe('Your session has timed out due to inactivity. Please log in again.');
    expect(path).toBe('/login');
  });

  it('counts down an announced termination every second, then ends the session', async () => {
    renderApp();
    await flush();
    // An administrator ends the session 6 s from now; the next poll (2 s) learns of it, the tick after shows it.
    const terminatesAt = new Date(Date.now() + 6_000).toISOString();
    handlers['/api/Session/Status'] = () => {
      const response = status({ TerminatesAt: terminatesAt });
      response.headers.set('x-session-terminates-at', terminatesAt);
      return response;
    };
    handlers['/api/Session/Terminate'] = () => new Response(null, { status: 204 });
    await advance(3_000);
    const text = () => screen.getByRole('alert').textContent ?? '';
    const first = Number(/in (\d+) second/.exec(text())![1]);
    await advance(1_000);
    expect(Number(/in (\d+) second/.exec(text())![1])).toBe(first - 1);
    await advance(5_000);
    expect(fetchMock.mock.calls.some((c) => String(c[0]) === '/api/Session/Terminate')).toBe(true);
    expect(useSession.getState().endMessage).toBe('Your session has been terminated.');
  });
});
