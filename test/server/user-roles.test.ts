import { beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { databases, useTestApp, signIn, injectAs, type SignedIn } from './helper.ts';
import { injectLocked } from './record-lock-fixtures.ts';
import { addRole, addUser, grantModule } from './account-fixtures.ts';
import { accessMessages } from '../../server/modules/users/user-access.ts';
import { moduleAccessOf } from '../../server/modules/access/effective-access.ts';

let serial = 0;
/** A new user's create body, a different name each time. */
function person(extra: object = {}) {
  const name = `person${++serial}`;
  return {
    FirstName: 'Pat', LastName: `Person${serial}`, EmailAddress: `${name}@example.org`, ConfirmEmailAddress: `${name}@example.org`,
    UserName: name, ...extra,
  };
}

interface Override { Id: number; overrideHasAccess: boolean; HasAccess: boolean; overrideViewAllRecords: boolean; ViewAllRecords: boolean }
const deny = (Id: number): Override => ({ Id, overrideHasAccess: true, HasAccess: false, overrideViewAllRecords: false, ViewAllRecords: false });
const grant = (Id: number): Override => ({ Id, overrideHasAccess: true, HasAccess: true, overrideViewAllRecords: false, ViewAllRecords: false });

async function nodeId(app: FastifyInstance, module: string, type: 'module' | 'route' | 'field' = 'module', name = module): Promise<number> {
  const q = app.db('permission_nodes as n').join('modules as m', 'm.ModuleId', 'n.ModuleId').where({ 'm.Name': module, 'n.Type': type });
  if (type !== 'module') q.where('n.Name', name);
  return (await q.first('n.NodeId')).NodeId;
}

describe.each(databases)("a user's roles and per-user overrides on %s", (kind) => {
  const t = useTestApp(kind);
  let admin: SignedIn;
  let clerks: number;
  let readers: number;
  let retiredRole: number;
  const call = (method: 'GET' | 'POST', url: string, payload?: object) => injectLocked(t.app, admin, { method, url, payload });
  const userCount = async () => Number((await t.app.db('users').count({ N: '*' }).first())!.N);
  const rowsOf = async (UserId: number) => ({
    roles: (await t.app.db('user_roles').where({ UserId }).orderBy('RoleId')).map((r) => r.RoleId),
    overrides: await t.app.db('user_permissions').where({ UserId }).orderBy('NodeId'),
  });

  beforeAll(async () => {
    admin = await signIn(t.app);
    clerks = await addRole(t.app, 'Clerks');
    await grantModule(t.app, clerks, 'RegisterUser');
    readers = await addRole(t.app, 'Readers');
    await grantModule(t.app, readers, 'MyAccount');
    retiredRole = await addRole(t.app, 'Retired');
    await t.app.db('roles').where({ RoleId: retiredRole }).update({ IsActive: false });
  });

  it("offers the active roles by name in the Role select's lookup, and names an inactive one by id", async () => {
    const options = (await call('GET', '/api/lookups/roles')).json() as Array<{ Id: number; Name: string }>;
    const names = options.map((o) => o.Name);
    expect(names).toEqual(expect.arrayContaining(['Clerks', 'Readers']));
    expect(names).not.toContain('Retired');
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b)));
    expect((await call('GET', `/api/lookups/roles?ids=${retiredRole}`)).json()).toEqual([{ Id: retiredRole, Name: 'Retired' }]);
  });

  it('saves the roles and the overrides with the user and reads them back; an override denies what a role grants', async () => {
    const users = await nodeId(t.app, 'RegisterUser');
    const res = await call('POST', '/api/users', person({ Role: [readers, clerks], Permissions: [deny(users)] }));
    expect(res.statusCode, res.body).toBe(201);
    const created = res.json();
    expect(created.Role).toEqual([clerks, readers].sort((a, b) => a - b));
    expect(created.Permissions).toEqual([deny(users)]);
    const read = (await call('GET', `/api/users/${created.UserId}`)).json();
    expect(read).toMatchObject({ Role: created.Role, Permissions: [deny(users)] });
    expect((await moduleAccessOf(t.app.db, created.UserId, 'RegisterUser')).holdsModule).toBe(false);
    expect((await moduleAccessOf(t.app.db, created.UserId, 'MyAccount')).holdsModule).toBe(true);
  });

  it('an update replaces the roles and the overrides it carries, and keeps what it does not carry', async () => {
    const users = await nodeId(t.app, 'RegisterUser');
    const { UserId, ...created } = (await call('POST', '/api/users', person({ Role: [clerks], Permissions: [deny(users)] }))).json();
    const body = { FirstName: created.FirstName, LastName: created.LastName, EmailAddress: created.EmailAddress, UserName: created.UserName, IsActive: true };

    const kept = await call('POST', `/api/users/${UserId}`, { ...body, FirstName: 'Kept' });
    expect(kept.statusCode, kept.body).toBe(200);
    expect(kept.json()).toMatchObject({ Role: [clerks], Permissions: [deny(users)] });

    const changed = await call('POST', `/api/users/${UserId}`, { ...body, Role: [readers], Permissions: [] });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json()).toMatchObject({ Role: [readers], Permissions: [] });
    expect(await rowsOf(UserId)).toEqual({ roles: [readers], overrides: [] });
  });

  it("refuses a role that does not exist or is inactive, with the role named, and writes nothing", async () => {
    const before = await userCount();
    for (const id of [retiredRole, 987654]) {
      const res = await call('POST', '/api/users', person({ Role: [clerks, id] }));
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual([{ PropertyName: 'Role', ErrorMessage: accessMessages.noSuchRole(id), ErrorCode: 'Role' }]);
    }
    expect(await userCount()).toBe(before);
    const { UserId, ...created } = (await call('POST', '/api/users', person({ Role: [clerks] }))).json();
    const res = await call('POST', `/api/users/${UserId}`, { ...created, IsActive: true, Role: [clerks, retiredRole] });
    expect(res.statusCode).toBe(400);
    expect(await rowsOf(UserId)).toEqual({ roles: [clerks], overrides: [] });
  });

  it('keeps a role the user already holds when it has since been deactivated', async () => {
    const fading = await addRole(t.app, 'Fading');
    const { UserId, ...created } = (await call('POST', '/api/users', person({ Role: [fading] }))).json();
    await t.app.db('roles').where({ RoleId: fading }).update({ IsActive: false });
    const res = await call('POST', `/api/users/${UserId}`, { ...created, FirstName: 'Still', IsActive: true, Role: [fading] });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().Role).toEqual([fading]);
  });

  it('overrides a route or field only while the module is granted: by the roles, or by the override of the module in the same save', async () => {
    const users = await nodeId(t.app, 'RegisterUser');
    const create = await nodeId(t.app, 'RegisterUser', 'route', 'users.create');
    const email = await nodeId(t.app, 'RegisterUser', 'field', 'EmailAddress');
    const before = await userCount();

    const orphan = await call('POST', '/api/users', person({ Role: [readers], Permissions: [deny(create)] }));
    expect(orphan.statusCode).toBe(400);
    expect(orphan.json()).toEqual([{ PropertyName: 'Permissions', ErrorCode: 'Permission', ErrorMessage: accessMessages.moduleFirst('Users: Create User', 'Users') }]);
    const deniedModule = await call('POST', '/api/users', person({ Role: [clerks], Permissions: [deny(users), grant(email)] }));
    expect(deniedModule.statusCode).toBe(400);
    expect(await userCount()).toBe(before);

    const byRole = await call('POST', '/api/users', person({ Role: [clerks], Permissions: [deny(email)] }));
    expect(byRole.statusCode, byRole.body).toBe(201);
    expect((await moduleAccessOf(t.app.db, byRole.json().UserId, 'RegisterUser')).deniedFields).toContain('EmailAddress');
    const byOverride = await call('POST', '/api/users', person({ Role: [readers], Permissions: [grant(users), grant(create)] }));
    expect(byOverride.statusCode, byOverride.body).toBe(201);
    expect(await moduleAccessOf(t.app.db, byOverride.json().UserId, 'RegisterUser', 'users.create')).toMatchObject({ holdsModule: true, holdsRoute: true });
  });

  it('refuses unknown and retired nodes, a node listed twice, a node that cannot be changed and View All Records where it is not offered', async () => {
    const users = await nodeId(t.app, 'RegisterUser');
    const create = await nodeId(t.app, 'RegisterUser', 'route', 'users.create');
    const retired = await nodeId(t.app, 'RegisterUser', 'route', 'users.delete');
    const locked = await nodeId(t.app, 'MyAccount');
    await t.app.db('permission_nodes').where({ NodeId: retired }).update({ IsRetired: true });
    await t.app.db('permission_nodes').where({ NodeId: locked }).update({ AllowUse: false });
    const before = await userCount();
    const refused = async (Permissions: Override[], message: string) => {
      const res = await call('POST', '/api/users', person({ Role: [clerks], Permissions }));
      expect(res.statusCode, JSON.stringify(Permissions)).toBe(400);
      expect(res.json().map((e: { ErrorMessage: string }) => e.ErrorMessage)).toContain(message);
    };
    try {
      await refused([deny(987654)], accessMessages.noSuchPermission(987654));
      await refused([deny(retired)], accessMessages.noSuchPermission(retired));
      await refused([deny(create), grant(create)], accessMessages.listedTwice(create));
      await refused([grant(locked)], accessMessages.notChangeable('My Account'));
      await refused([{ ...grant(create), overrideViewAllRecords: true, ViewAllRecords: true }], accessMessages.noViewAllRecords('Users: Create User'));
    } finally {
      await t.app.db('permission_nodes').where({ NodeId: retired }).update({ IsRetired: false });
      await t.app.db('permission_nodes').where({ NodeId: locked }).update({ AllowUse: true });
    }
    expect(await userCount()).toBe(before);
    // View All Records on a module that offers it is fine, and so is taking it away anywhere.
    const ok = await call('POST', '/api/users', person({ Role: [clerks], Permissions: [{ ...grant(users), overrideViewAllRecords: true, ViewAllRecords: true }] }));
    expect(ok.statusCode, ok.body).toBe(201);
    expect((await moduleAccessOf(t.app.db, ok.json().UserId, 'RegisterUser')).viewAllRecords).toBe(true);
  });

  it('ignores an entry that overrides nothing: it changes nothing, so it is not stored', async () => {
    const users = await nodeId(t.app, 'RegisterUser');
    const idle = { Id: users, overrideHasAccess: false, HasAccess: false, overrideViewAllRecords: false, ViewAllRecords: false };
    const res = await call('POST', '/api/users', person({ Role: [clerks], Permissions: [idle] }));
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().Permissions).toEqual([]);
    expect((await moduleAccessOf(t.app.db, res.json().UserId, 'RegisterUser')).holdsModule).toBe(true);
  });

  it("an administrator's change of an override takes effect on the user's very next request", async () => {
    const users = await nodeId(t.app, 'RegisterUser');
    const id = await addUser(t.app, { UserName: 'clara', Password: 'Clara12345', RoleIds: [clerks] });
    const clara = await signIn(t.app, 'clara', 'Clara12345');
    expect((await injectAs(t.app, clara, { method: 'GET', url: '/api/users' })).statusCode).toBe(200);
    const current = (await call('GET', `/api/users/${id}`)).json();
    const body = { FirstName: current.FirstName, LastName: current.LastName, EmailAddress: current.EmailAddress, UserName: current.UserName, IsActive: true, Role: [clerks] };
    expect((await call('POST', `/api/users/${id}`, { ...body, Permissions: [deny(users)] })).statusCode).toBe(200);
    expect((await injectAs(t.app, clara, { method: 'GET', url: '/api/users' })).statusCode).toBe(403);
    expect((await call('POST', `/api/users/${id}`, { ...body, Permissions: [] })).statusCode).toBe(200);
    expect((await injectAs(t.app, clara, { method: 'GET', url: '/api/users' })).statusCode).toBe(200);
  });
});
