import { describe, expect, it } from 'vitest';
import { databases, useTestApp, signIn, injectAs } from './helper.ts';
import { pause } from './account-fixtures.ts';

const routes = { method: 'GET' as const, url: '/api/App/GetRoutes' };

describe.each(databases)('idle sessions on %s', (kind) => {
  // Idle after 2 s, warned 1 s before: short durations configured for the test.
  const t = useTestApp(kind, { sessionIdleSeconds: 2, sessionWarningSeconds: 1, sessionMode: 'UNLIMITED' });

  it('tells the client its idle and warning durations', async () => {
    const who = await signIn(t.app);
    const res = await injectAs(t.app, who, { method: 'GET', url: '/api/Session/Status' });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ SessionId: who.sessionId, IdleSeconds: 2, WarningSeconds: 1, SessionMode: 'UNLIMITED', TerminatesAt: null });
    expect(new Date(body.IdleExpiresAt).getTime() - new Date(body.LastSeen).getTime()).toBe(2000);
  });

  it('times out a session with no request for the idle duration', async () => {
    const who = await signIn(t.app);
    await pause(2300);
    const res = await injectAs(t.app, who, routes);
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual([{ PropertyName: null, ErrorMessage: 'Your session has timed out due to inactivity. Please log in again.', ErrorCode: 'SessionTimedOut' }]);
  });

  it('keeps a session alive through keep-alive', async () => {
    const who = await signIn(t.app);
    for (let i = 0; i < 3; i++) {
      await pause(1000);
      const res = await injectAs(t.app, who, { method: 'GET', url: '/api/Session/KeepAlive' });
      expect(res.statusCode).toBe(200);
      expect(Date.parse(res.json().IdleExpiresAt)).toBeGreaterThan(Date.now() + 1000);
    }
    expect((await injectAs(t.app, who, routes)).statusCode).toBe(200);
  });

  it('does not count status polling as activity', async () => {
    const who = await signIn(t.app);
    await pause(1000);
    expect((await injectAs(t.app, who, { method: 'GET', url: '/api/Session/Status' })).statusCode).toBe(200);
    await pause(1300);
    expect((await injectAs(t.app, who, { method: 'GET', url: '/api/Session/Status' })).json()[0].ErrorCode).toBe('SessionTimedOut');
  });

  it("ends the session when the client's idle timer runs out (Timeout), only for its own session", async () => {
    const who = await signIn(t.app);
    const other = await signIn(t.app);
    const foreign = await injectAs(t.app, who, { method: 'POST', url: '/api/Session/Timeout', payload: { Session: { SessionId: other.sessionId } } });
    expect(foreign.statusCode).toBe(403);
    const res = await injectAs(t.app, who, {
      method: 'POST', url: '/api/Session/Timeout',
      payload: { Session: { SessionId: who.sessionId, InstanceId: 'x', UserName: 'admin', StartTime: new Date().toISOString() } },
    });
    expect(res.statusCode).toBe(204);
    expect((await injectAs(t.app, who, routes)).json()[0].ErrorCode).toBe('SessionTimedOut');
    expect((await injectAs(t.app, other, routes)).statusCode).toBe(200);
  });

  it('says a session ended by logout was logged out', async () => {
    const who = await signIn(t.app);
    await injectAs(t.app, who, { method: 'POST', url: '/api/logout' });
    expect((await injectAs(t.app, who, routes)).json()).toEqual([{
      PropertyName: null, ErrorMessage: 'Your authentication has expired. Please log in again.', ErrorCode: 'SessionLoggedOut',
    }]);
  });
});
