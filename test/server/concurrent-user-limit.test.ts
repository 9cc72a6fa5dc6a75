import { describe, expect, it } from 'vitest';
import { databases, useTestApp, signIn, injectAs } from './helper.ts';
import { addUser, addRole, signInBody } from './account-fixtures.ts';

const full = (role: string, max: number) =>
  `The maximum number of concurrent users (${max}) for the role ${role} has been reached. Please try again later.`;

describe.each(databases)("a role's MaxNumberOfConcurrentUsers on %s", (kind) => {
  const t = useTestApp(kind);

  it('answers the by-role view with an empty list while no role has a limit', async () => {
    const admin = await signIn(t.app);
    const res = await injectAs(t.app, admin, { method: 'GET', url: '/api/Session/ActiveByRole' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([]);
  });

  it('refuses a sign-in that would exceed the limit, with a clear message, until a place is free', async () => {
    const roleId = await addRole(t.app, 'Dispatch', 1);
    await addUser(t.app, { UserName: 'disp1', Password: 'Dispatch12', RoleIds: [roleId] });
    await addUser(t.app, { UserName: 'disp2', Password: 'Dispatch12', RoleIds: [roleId] });
    const first = await signIn(t.app, 'disp1', 'Dispatch12');
    const refused = await t.app.inject(signInBody('disp2', 'Dispatch12'));
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual([{ PropertyName: null, ErrorMessage: full('Dispatch', 1), ErrorCode: 'ConcurrentUserLimit' }]);
    // The same user signing in again takes their own place.
    const again = await signIn(t.app, 'disp1', 'Dispatch12');
    await injectAs(t.app, again, { method: 'POST', url: '/api/logout' });
    expect((await t.app.inject(signInBody('disp2', 'Dispatch12'))).statusCode).toBe(200);
    expect((await injectAs(t.app, first, { method: 'GET', url: '/api/App/GetRoutes' })).statusCode).toBe(401);
  });

  it('gives the last place to exactly one of two simultaneous sign-ins', async () => {
    const roleId = await addRole(t.app, 'Race', 1);
    await addUser(t.app, { UserName: 'race1', Password: 'RacePass12', RoleIds: [roleId] });
    await addUser(t.app, { UserName: 'race2', Password: 'RacePass12', RoleIds: [roleId] });
    const answers = await Promise.all(['race1', 'race2'].map((name) => t.app.inject(signInBody(name, 'RacePass12'))));
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
  });

  it('lets the master administrator in whatever the limits', async () => {
    const roleId = await addRole(t.app, 'Tiny', 1);
    await addUser(t.app, { UserName: 'tiny1', Password: 'TinyPass12', RoleIds: [roleId] });
    await signIn(t.app, 'tiny1', 'TinyPass12');
    await t.app.db('user_roles').insert({ UserId: (await t.app.db('users').where({ UserName: 'admin' }).first('UserId')).UserId, RoleId: roleId });
    expect((await t.app.inject(signInBody('admin', 'Adm1nPassword'))).statusCode).toBe(200);
  });

  it("lists each limited role with 'X of Y active' and each user's newest session", async () => {
    const roleId = await addRole(t.app, 'Agents', 3);
    await addUser(t.app, { UserName: 'agent1', Password: 'AgentPass1', RoleIds: [roleId] });
    await addUser(t.app, { UserName: 'agent2', Password: 'AgentPass1', RoleIds: [roleId] });
    await addUser(t.app, { UserName: 'agent3', Password: 'AgentPass1', RoleIds: [roleId] });
    await signIn(t.app, 'agent1', 'AgentPass1');
    const newest = await signIn(t.app, 'agent2', 'AgentPass1');
    const admin = await signIn(t.app);
    const res = await injectAs(t.app, admin, { method: 'GET', url: '/api/Session/ActiveByRole' });
    expect(res.statusCode).toBe(200);
    const agents = res.json().find((r: { RoleName: string }) => r.RoleName === 'Agents');
    expect(agents).toMatchObject({ RoleId: roleId, ConcurrentUsersCurrentNumber: 2, ConcurrentUsersMaxNumber: 3 });
    expect(agents.Sessions.map((s: { UserName: string }) => s.UserName)).toEqual(['agent2', 'agent1']);
    expect(agents.Sessions[0]).toMatchObject({ SessionId: newest.sessionId, FullName: 'Firstagent2 Lastagent2', IsCurrentUser: false });
    expect(res.json().map((r: { RoleName: string }) => r.RoleName)).not.toContain('System Administrator');
  });

  it('refuses the administrators\' views to users without SessionManagement', async () => {
    await addUser(t.app, { UserName: 'plainuser', Password: 'PlainUser1' });
    const who = await signIn(t.app, 'plainuser', 'PlainUser1');
    for (const url of ['/api/Session/ActiveByRole', '/api/Session/Active']) {
      expect((await injectAs(t.app, who, { method: 'GET', url })).statusCode).toBe(403);
    }
  });
});

describe.each(databases)('the by-role view with several sessions of one user (UNLIMITED) on %s', (kind) => {
  const t = useTestApp(kind, { sessionMode: 'UNLIMITED' });

  it('shows only the newest session of each user, and marks the caller', async () => {
    const roleId = await addRole(t.app, 'Desk', 5);
    const adminId = (await t.app.db('users').where({ UserName: 'admin' }).first('UserId')).UserId;
    await t.app.db('user_roles').insert({ UserId: adminId, RoleId: roleId });
    await signIn(t.app);
    const newest = await signIn(t.app);
    const [desk] = (await injectAs(t.app, newest, { method: 'GET', url: '/api/Session/ActiveByRole' })).json();
    expect(desk).toMatchObject({ RoleName: 'Desk', ConcurrentUsersCurrentNumber: 1, ConcurrentUsersMaxNumber: 5 });
    expect(desk.Sessions).toEqual([expect.objectContaining({ SessionId: newest.sessionId, UserName: 'admin', IsCurrentUser: true })]);
  });
});
