import { describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../server/app.ts';
import { messages } from '../../server/plugins/access.ts';
import { databases, useTestApp, signIn, injectAs, type SignedIn } from './helper.ts';
import { addUser, addRole, grantModule } from './account-fixtures.ts';

const get = (app: FastifyInstance, who: SignedIn, url: string) => injectAs(app, who, { method: 'GET', url });

describe.each(databases)('the must-change-password lock holds on the server, on %s', (kind) => {
  let generated: string | undefined;
  // No ADMIN_PASSWORD: the first start makes the master administrator with a random password it must change.
  const t = useTestApp(kind, { adminPassword: undefined }, { onMasterAdmin: (r) => { generated = r.generatedPassword; } });

  it("refuses every call but reading the user and the session and signing out, until the password is changed; then the new session lists users", async () => {
    expect(generated).toMatch(/^[A-Za-z\d]{16}$/);
    const locked = await signIn(t.app, 'admin', generated!);

    // The master holds every module, yet the lock comes first: the issue's /api/users with the printed password.
    for (const url of ['/api/users', '/api/users/1', '/api/Session/Active', '/api/Authorize/ModuleAccess?moduleName=RegisterUser', '/api/users/is-unique-user-name?userName=x']) {
      const refused = await get(t.app, locked, url);
      expect(refused.statusCode, url).toBe(403);
      expect(refused.json(), url).toEqual([{ PropertyName: null, ErrorMessage: messages.mustChangePassword, ErrorCode: 'MustChangePassword' }]);
    }
    const created = await injectAs(t.app, locked, { method: 'POST', url: '/api/users', payload: { FirstName: 'Sneaky' } });
    expect(created.json()[0].ErrorCode).toBe('MustChangePassword');

    const current = await get(t.app, locked, '/api/Authenticate/Current');
    expect(current.statusCode).toBe(200);
    expect(current.json()).toMatchObject({ MustChangePassword: true, User: { IsMaster: true } });
    expect((await get(t.app, locked, '/api/Session/Status')).statusCode).toBe(200);
    expect((await get(t.app, locked, '/api/users/read-current-user')).json()).toMatchObject({ UserName: 'admin', IsMaster: true });
    const routes = await get(t.app, locked, '/api/App/GetRoutes');
    expect(routes.statusCode).toBe(200);
    expect(routes.json()).toEqual([]);

    // Signing out answers too, and ends the session.
    expect((await injectAs(t.app, locked, { method: 'POST', url: '/api/logout' })).statusCode).toBe(204);
    expect((await get(t.app, locked, '/api/Session/Status')).statusCode).toBe(401);

    // The change (spec 1 section 4): the key from the session, then /user/changepassword/{key}.
    const again = await signIn(t.app, 'admin', generated!);
    const key = (await get(t.app, again, '/api/Authenticate/Current')).json().VerificationKey as string;
    const changed = await t.app.inject({
      method: 'POST', url: '/api/User/ResetForgottenPassword',
      payload: { UserName: 'admin', Token: key, Password: 'N3wAdminPass', ConfirmPassword: 'N3wAdminPass' },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect((await get(t.app, again, '/api/users')).statusCode).toBe(401);

    const free = await signIn(t.app, 'admin', 'N3wAdminPass');
    const users = await get(t.app, free, '/api/users');
    expect(users.statusCode, users.body).toBe(200);
    expect(users.json().Items.map((u: { UserName: string }) => u.UserName)).toContain('admin');
    expect((await get(t.app, free, '/api/App/GetRoutes')).json().length).toBeGreaterThan(0);
  });

  it('a user set to change the password mid-session is locked on the next request, and freed when it is cleared', async () => {
    const userId = await addUser(t.app, { UserName: 'midway', Password: 'Passw0rd1', RoleIds: [1] });
    const who = await signIn(t.app, 'midway', 'Passw0rd1');
    expect((await get(t.app, who, '/api/users')).statusCode).toBe(200);
    await t.app.db('users').where({ UserId: userId }).update({ MustChangePassword: true });
    expect((await get(t.app, who, '/api/users')).json()[0].ErrorCode).toBe('MustChangePassword');
    await t.app.db('users').where({ UserId: userId }).update({ MustChangePassword: false });
    expect((await get(t.app, who, '/api/users')).statusCode).toBe(200);
  });
});

describe.each(databases)("an administrator's change takes effect on the user's very next request, on %s", (kind) => {
  const t = useTestApp(kind);

  it('a role grant, an override that denies, its removal and deactivating the role, each without signing in again', async () => {
    // On PostgreSQL a second server process on the same database answers every other request: nothing is cached per process.
    const other = kind === 'postgres' ? await buildApp(t.config) : t.app;
    try {
      const apps = [t.app, other];
      let n = 0;
      const next = (who: SignedIn, url: string, method: 'GET' | 'POST' = 'GET') =>
        injectAs(apps[n++ % 2], who, { method, url, ...(method === 'POST' ? { payload: {} } : {}) });

      const clerks = await addRole(t.app, 'Clerks');
      const userId = await addUser(t.app, { UserName: 'clerk', Password: 'Passw0rd1', RoleIds: [clerks] });
      const who = await signIn(t.app, 'clerk', 'Passw0rd1');
      const refused = await next(who, '/api/users');
      expect(refused.statusCode).toBe(403);
      expect(refused.json()[0].ErrorMessage).toBe(messages.noAccess);

      await grantModule(t.app, clerks, 'RegisterUser');
      expect((await next(who, '/api/users')).statusCode).toBe(200);
      // An empty create is refused for its input, not for access: the role holds users.create.
      expect((await next(who, '/api/users', 'POST')).statusCode).toBe(400);

      const usersNode = (await t.app.db('permission_nodes').where({ Type: 'module', Name: 'RegisterUser' }).first('NodeId')).NodeId;
      const createNode = (await t.app.db('permission_nodes').where({ Type: 'route', Name: 'users.create' }).first('NodeId')).NodeId;
      await t.app.db('user_permissions').insert({ UserId: userId, NodeId: createNode, OverrideHasAccess: true, HasAccess: false });
      expect((await next(who, '/api/users', 'POST')).json()[0].ErrorMessage).toBe(messages.noAccess);
      expect((await next(who, '/api/users')).statusCode).toBe(200);

      await t.app.db('user_permissions').insert({ UserId: userId, NodeId: usersNode, OverrideHasAccess: true, HasAccess: false });
      expect((await next(who, '/api/users')).statusCode).toBe(403);
      await t.app.db('user_permissions').where({ UserId: userId }).delete();
      expect((await next(who, '/api/users')).statusCode).toBe(200);
      expect((await next(who, '/api/users', 'POST')).statusCode).toBe(400);

      await t.app.db('roles').where({ RoleId: clerks }).update({ IsActive: false });
      expect((await next(who, '/api/users')).statusCode).toBe(403);
      expect((await next(who, '/api/Authorize/ModuleAccess?moduleName=RegisterUser')).json()).toBe(false);
      await t.app.db('roles').where({ RoleId: clerks }).update({ IsActive: true });
      expect((await next(who, '/api/users')).statusCode).toBe(200);
    } finally {
      if (other !== t.app) await other.close();
    }
  });
});
