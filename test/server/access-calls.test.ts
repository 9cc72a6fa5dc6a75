import { describe, expect, it } from 'vitest';
import { databases, useTestApp, signIn, injectAs } from './helper.ts';
import { addUser, addRole, grantModule } from './account-fixtures.ts';
import { grantNodes, nodeId, override } from './access-fixtures.ts';




describe.each(databases)('the access calls of spec 1 section 7 on %s', (kind) => {
  const t = useTestApp(kind);
  const password = 'Passw0rd1';

  async function user(UserName: string, RoleIds: number[] = []) {
    const userId = await addUser(t.app, { UserName, Password: password, RoleIds });
    const who = await signIn(t.app, UserName, password);
    const ask = async (call: string, query: Record<string, string>) => {
      const res = await injectAs(t.app, who, { method: 'GET', url: `/api/Authorize/${call}?${new URLSearchParams(query)}` });
      expect(res.statusCode, res.body).toBe(200);
      return res.json() as boolean;
    };
    return {
      userId,
      module: (moduleName: string) => ask('ModuleAccess', { moduleName }),
      record: (moduleName: string) => ask('RecordAccess', { moduleName }),
      field: (moduleName: string, moduleFieldName: string) => ask('ModuleFieldAccess', { moduleName, moduleFieldName }),
      button: (moduleName: string, routeName: string) => ask('ModuleButtonAccess', { moduleName, routeName }),
    };
  }

  it('answers from the role that grants a module with its nodes: module, buttons and fields true; records own only', async () => {
    const clerks = await addRole(t.app, 'Clerks');
    await grantModule(t.app, clerks, 'RegisterUser');
    const clerk = await user('clerk', [clerks]);
    expect(await clerk.module('RegisterUser')).toBe(true);
    expect(await clerk.button('RegisterUser', 'users.create')).toBe(true);
    expect(await clerk.button('RegisterUser', 'users.delete')).toBe(true);
    expect(await clerk.field('RegisterUser', 'EmailAddress')).toBe(true);
    // Users offers View All Records, which Clerks does not give.
    expect(await clerk.record('RegisterUser')).toBe(false);
    // Not held at all.
    expect(await clerk.module('ApplicationSettings')).toBe(false);
    expect(await clerk.button('ApplicationSettings', 'appsettings.update')).toBe(false);
    expect(await clerk.field('ApplicationSettings', 'Name')).toBe(false);
  });

  it('gives View All Records from a role that grants it, or for a module that does not offer it; an override replaces it', async () => {
    const all = await addRole(t.app, 'Everything clerks');
    await grantModule(t.app, all, 'RegisterUser', true);
    await grantModule(t.app, all, 'SessionManagement');
    const seer = await user('seer', [all]);
    expect(await seer.record('RegisterUser')).toBe(true);
    // SessionManagement does not offer View All Records: its holders see every record.
    expect(await t.app.db('modules').where({ Name: 'SessionManagement' }).first('AllowViewAllRecords')).toEqual({ AllowViewAllRecords: false });
    expect(await seer.record('SessionManagement')).toBe(true);
    await override(t.app, seer.userId, await nodeId(t.app, 'RegisterUser'), null, false);
    expect(await seer.record('RegisterUser')).toBe(false);
    expect(await seer.module('RegisterUser')).toBe(true);
  });

  it('a route or field the module has no node for: the module decides a button, a field is not masked', async () => {
    const clerks = await addRole(t.app, 'Nodeless clerks');
    await grantModule(t.app, clerks, 'RegisterUser');
    const clerk = await user('nodeless', [clerks]);
    expect(await clerk.button('RegisterUser', 'users.print')).toBe(true);
    expect(await clerk.field('RegisterUser', 'FavouriteColour')).toBe(true);
    const none = await user('nobody');
    expect(await none.button('RegisterUser', 'users.print')).toBe(false);
    expect(await none.button('RegisterUser', 'users.create')).toBe(false);
    // An unknown module is held by nobody.
    for (const who of [clerk, none]) {
      expect(await who.module('NoSuchModule')).toBe(false);
      expect(await who.record('NoSuchModule')).toBe(false);
      expect(await who.field('NoSuchModule', 'Name')).toBe(false);
      expect(await who.button('NoSuchModule', 'x.create')).toBe(false);
    }
  });

  it("deny by the user's override beats a role's grant, per node; a grant by override gives what no role does", async () => {
    const clerks = await addRole(t.app, 'Overridden clerks');
    await grantModule(t.app, clerks, 'RegisterUser');
    const clerk = await user('overridden', [clerks]);
    const users = await nodeId(t.app, 'RegisterUser');
    await override(t.app, clerk.userId, await nodeId(t.app, 'RegisterUser', { type: 'route', name: 'users.delete' }), false);
    await override(t.app, clerk.userId, await nodeId(t.app, 'RegisterUser', { type: 'field', name: 'EmailAddress' }), false);
    expect(await clerk.button('RegisterUser', 'users.delete')).toBe(false);
    expect(await clerk.button('RegisterUser', 'users.create')).toBe(true);
    expect(await clerk.field('RegisterUser', 'EmailAddress')).toBe(false);
    expect(await clerk.field('RegisterUser', 'UserName')).toBe(true);
    expect(await clerk.module('RegisterUser')).toBe(true);

    // Denying the module takes every node under it, whatever the roles and the node overrides give.
    await override(t.app, clerk.userId, users, false);
    expect(await clerk.module('RegisterUser')).toBe(false);
    expect(await clerk.button('RegisterUser', 'users.create')).toBe(false);
    expect(await clerk.field('RegisterUser', 'UserName')).toBe(false);

    // Without the override's access part the roles answer again.
    await t.app.db('user_permissions').where({ UserId: clerk.userId, NodeId: users }).update({ OverrideHasAccess: false });
    expect(await clerk.module('RegisterUser')).toBe(true);

    const granted = await user('granted-by-override');
    await override(t.app, granted.userId, await nodeId(t.app, 'ApplicationSettings'), true);
    expect(await granted.module('ApplicationSettings')).toBe(true);
    // The override grants the module only: its route node is not held (the one node the settings screen has).
    expect(await granted.button('ApplicationSettings', 'appsettings.update')).toBe(false);
  });

  it('a route or field node without its module is not granted', async () => {
    const orphans = await addRole(t.app, 'Orphans');
    await grantNodes(t.app, orphans, [
      await nodeId(t.app, 'RegisterUser', { type: 'route', name: 'users.create' }),
      await nodeId(t.app, 'RegisterUser', { type: 'field', name: 'EmailAddress' }),
    ]);
    const orphan = await user('orphan', [orphans]);
    expect(await orphan.module('RegisterUser')).toBe(false);
    expect(await orphan.button('RegisterUser', 'users.create')).toBe(false);
    expect(await orphan.field('RegisterUser', 'EmailAddress')).toBe(false);
    // Nor by an override of the child alone.
    await override(t.app, orphan.userId, await nodeId(t.app, 'RegisterUser', { type: 'route', name: 'users.update' }), true);
    expect(await orphan.button('RegisterUser', 'users.update')).toBe(false);
    // With the module, the role's child grants count.
    await grantNodes(t.app, orphans, [await nodeId(t.app, 'RegisterUser')]);
    expect(await orphan.button('RegisterUser', 'users.create')).toBe(true);
    expect(await orphan.button('RegisterUser', 'users.update')).toBe(true);
    expect(await orphan.button('RegisterUser', 'users.delete')).toBe(false);
    expect(await orphan.field('RegisterUser', 'EmailAddress')).toBe(true);
    expect(await orphan.field('RegisterUser', 'UserName')).toBe(false);
  });

  it('an inactive role gives nothing, and gives again once reactivated', async () => {
    const dormant = await addRole(t.app, 'Dormant');
    await grantModule(t.app, dormant, 'RegisterUser', true);
    const sleeper = await user('sleeper', [dormant]);
    await t.app.db('roles').where({ RoleId: dormant }).update({ IsActive: false });
    expect(await sleeper.module('RegisterUser')).toBe(false);
    expect(await sleeper.record('RegisterUser')).toBe(false);
    expect(await sleeper.button('RegisterUser', 'users.create')).toBe(false);
    expect(await sleeper.field('RegisterUser', 'EmailAddress')).toBe(false);
    await t.app.db('roles').where({ RoleId: dormant }).update({ IsActive: true });
    expect(await sleeper.module('RegisterUser')).toBe(true);
    expect(await sleeper.record('RegisterUser')).toBe(true);
    expect(await sleeper.button('RegisterUser', 'users.create')).toBe(true);
  });

  it('role 1 holds every node without rows, the master user everything; an override can still deny a role 1 holder', async () => {
    const admin = await signIn(t.app);
    for (const [call, query] of [
      ['ModuleAccess', 'moduleName=Role'], ['RecordAccess', 'moduleName=RegisterUser'],
      ['ModuleFieldAccess', 'moduleName=RegisterUser&moduleFieldName=EmailAddress'], ['ModuleButtonAccess', 'moduleName=RegisterUser&routeName=users.delete'],
    ]) {
      expect((await injectAs(t.app, admin, { method: 'GET', url: `/api/Authorize/${call}?${query}` })).json()).toBe(true);
    }
    const deputy = await user('deputy', [1]);
    expect(await deputy.button('RegisterUser', 'users.delete')).toBe(true);
    expect(await deputy.record('RegisterUser')).toBe(true);
    await override(t.app, deputy.userId, await nodeId(t.app, 'RegisterUser', { type: 'route', name: 'users.delete' }), false);
    expect(await deputy.button('RegisterUser', 'users.delete')).toBe(false);
  });

  it('each call needs a session and its query', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/Authorize/RecordAccess?moduleName=RegisterUser' })).statusCode).toBe(401);
    const admin = await signIn(t.app);
    expect((await injectAs(t.app, admin, { method: 'GET', url: '/api/Authorize/ModuleButtonAccess?moduleName=RegisterUser' })).statusCode).toBe(400);
    expect((await injectAs(t.app, admin, { method: 'GET', url: '/api/Authorize/ModuleFieldAccess?moduleFieldName=x' })).statusCode).toBe(400);
  });
});
