import { describe, expect, it } from 'vitest';
import { databases, useTestApp, signIn, injectAs, type SignedIn } from './helper.ts';
import { addUser, pause } from './account-fixtures.ts';
import { buildApp } from '../../server/app.ts';

const routes = { method: 'GET' as const, url: '/api/App/GetRoutes' };

describe.each(databases)('terminated sessions on %s', (kind) => {
  // UNLIMITED, so one user can hold two sessions here.
  const t = useTestApp(kind, { sessionMode: 'UNLIMITED' });
  let n = 0;
  const newUser = async (): Promise<{ userId: number; who: SignedIn }> => {
    const name = `term${++n}`;
    const userId = await addUser(t.app, { UserName: name, Password: 'TermPass12' });
    return { userId, who: await signIn(t.app, name, 'TermPass12') };
  };
  const terminate = (admin: SignedIn, SessionId: string) => injectAs(t.app, admin, { method: 'POST', url: '/api/Session/Terminate', payload: { Session: { SessionId } } });
  const terminateMany = (admin: SignedIn, payload: Record<string, unknown>) => injectAs(t.app, admin, { method: 'POST', url: '/api/Session/TerminateMany', payload });

  it("refuses a session an administrator terminated on its very next request, saying why", async () => {
    const admin = await signIn(t.app);
    const { who } = await newUser();
    expect((await injectAs(t.app, who, routes)).statusCode).toBe(200);
    expect((await terminate(admin, who.sessionId)).statusCode).toBe(204);
    const res = await injectAs(t.app, who, routes);
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual([{ PropertyName: null, ErrorMessage: 'Your session has been terminated.', ErrorCode: 'SessionTerminated' }]);
    expect((await terminate(admin, who.sessionId)).statusCode).toBe(404);
  });

  it('terminates after the delay, announcing the time until then', async () => {
    const admin = await signIn(t.app);
    const { who } = await newUser();
    const res = await terminateMany(admin, { SessionIds: [who.sessionId], TimeDelay: 2 });
    expect(res.statusCode).toBe(200);
    const { Count, TerminatesAt } = res.json();
    expect(Count).toBe(1);
    const still = await injectAs(t.app, who, routes);
    expect(still.statusCode).toBe(200);
    expect(still.headers['x-session-terminates-at']).toBe(TerminatesAt);
    const status = await injectAs(t.app, who, { method: 'GET', url: '/api/Session/Status' });
    expect(status.json().TerminatesAt).toBe(TerminatesAt);
    const left = new Date(TerminatesAt).getTime() - Date.now();
    expect(left).toBeGreaterThan(500);
    expect(left).toBeLessThanOrEqual(2000);
    await pause(left + 300);
    expect((await injectAs(t.app, who, routes)).json()[0].ErrorCode).toBe('SessionTerminated');
  });

  it('ends every session of a user given by UserIds, at once with no delay', async () => {
    const admin = await signIn(t.app);
    const { userId, who } = await newUser();
    const second = await signIn(t.app, `term${n}`, 'TermPass12');
    const res = await terminateMany(admin, { SessionIds: [], UserIds: [userId] });
    expect(res.json().Count).toBe(2);
    for (const s of [who, second]) expect((await injectAs(t.app, s, routes)).json()[0].ErrorCode).toBe('SessionTerminated');
  });

  it("refuses to end the administrator's own session from the list", async () => {
    const admin = await signIn(t.app);
    const own = await terminateMany(admin, { SessionIds: [admin.sessionId] });
    expect(own.statusCode).toBe(400);
    expect(own.json()).toEqual([{ PropertyName: 'SessionIds', ErrorMessage: 'You cannot end your own session.', ErrorCode: 'OwnSession' }]);
    const adminId = (await t.app.db('users').where({ UserName: 'admin' }).first('UserId')).UserId;
    expect((await terminateMany(admin, { SessionIds: [], UserIds: [adminId] })).statusCode).toBe(400);
    expect((await injectAs(t.app, admin, routes)).statusCode).toBe(200);
  });

  it('lets a user end only their own session, and only administrators end others', async () => {
    const a = await newUser();
    const b = await newUser();
    expect((await terminate(a.who, b.who.sessionId)).statusCode).toBe(403);
    expect((await terminateMany(a.who, { SessionIds: [b.who.sessionId] })).statusCode).toBe(403);
    expect((await injectAs(t.app, b.who, routes)).statusCode).toBe(200);
    expect((await terminate(a.who, a.who.sessionId)).statusCode).toBe(204);
    expect((await injectAs(t.app, a.who, routes)).json()[0].ErrorCode).toBe('SessionTerminated');
  });

  it('validates the terminate-many body', async () => {
    const admin = await signIn(t.app);
    expect((await terminateMany(admin, { SessionIds: ['not-a-uuid'] })).json()[0].PropertyName).toBe('SessionIds.0');
    expect((await terminateMany(admin, { SessionIds: [], TimeDelay: -1 })).statusCode).toBe(400);
    expect((await terminateMany(admin, {})).json()[0]).toMatchObject({ PropertyName: 'SessionIds', ErrorCode: 'required' });
  });

  // Only PostgreSQL can be shared by two server processes.
  if (kind === 'postgres') it('is refused by every server process on the same database', async () => {
    const second = await buildApp(t.config);
    try {
      const admin = await signIn(t.app);
      const { who } = await newUser();
      expect((await injectAs(second, who, routes)).statusCode).toBe(200);
      await terminate(admin, who.sessionId);
      expect((await injectAs(second, who, routes)).json()[0].ErrorCode).toBe('SessionTerminated');
    } finally {
      await second.close();
    }
  });
});
