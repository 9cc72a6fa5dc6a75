import { beforeAll, describe, expect, it } from 'vitest';
import type { PermissionNode, PermissionTree, RolePermission } from '../../engine/core/access/types.ts';
import { databases, useTestApp, signIn, type SignedIn } from './helper.ts';
import { injectLocked } from './record-lock-fixtures.ts';
import { addRole, addUser, grantModule } from './account-fixtures.ts';
import { adminRoleMessage, systemRoleDeleteMessage, systemRoleMessage, userLimitMessage } from '../../server/modules/roles/routes.ts';

type Method = 'GET' | 'POST' | 'DELETE';

/** A role's form body as the role form sends it. */
const roleBody = (Name: string, Permissions: RolePermission[] = [], more: Record<string, unknown> = {}) => ({
  Name, Description: `${Name} role`, UserCountLimit: 0, MaxNumberOfConcurrentUsers: 0, IsActive: true, IsAvailSelfReg: false, Permissions, ...more,
});

const grant = (Id: number, ViewAllRecords = false): RolePermission => ({ Id, HasAccess: true, ViewAllRecords });

describe.each(databases)('roles on %s', (kind) => {
  const t = useTestApp(kind);
  let admin: SignedIn;
  let tree: PermissionTree;
  const as = (who: SignedIn, method: Method, url: string, payload?: object) => injectLocked(t.app, who, { method, url, payload });
  const node = (type: PermissionNode['Type'], name: string, module = 'RegisterUser') => {
    const moduleNode = tree.Nodes.find((n) => n.Type === 'module' && n.Name === module)!;
    const found = type === 'module' ? moduleNode : tree.Nodes.find((n) => n.Type === type && n.Name === name && n.ParentId === moduleNode.Id);
    if (!found) throw new Error(`no ${type} node ${name} under ${module}`);
    return found;
  };
  /** The Users module with its list, create route and e-mail field, no View All Records. */
  const usersGrants = () => [grant(node('module', 'RegisterUser').Id), grant(node('route', 'users.create').Id), grant(node('field', 'EmailAddress').Id)];
  const storedGrants = async (RoleId: number) =>
    (await t.app.db('role_permissions').where({ RoleId }).orderBy('NodeId').select('NodeId', 'HasAccess', 'ViewAllRecords')) as Array<Record<string, unknown>>;
  const create = async (body: object) => {
    const res = await as(admin, 'POST', '/api/roles', body);
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as Record<string, unknown> & { RoleId: number; Permissions: RolePermission[] };
  };

  beforeAll(async () => {
    admin = await signIn(t.app);
    tree = (await as(admin, 'GET', '/api/roles/permission-tree')).json();
  });

  describe('the permission tree', () => {
    it("has the categories, every module, and the route and field nodes derived from the screens, each under its module", async () => {
      expect(tree.Categories.map((c) => c.Name)).toContain('Administration');
      const users = node('module', 'RegisterUser');
      expect(users).toMatchObject({ Label: 'Users', ParentId: null, ModuleId: users.Id, AllowViewAllRecords: true, AllowUse: true, HasAccess: false, ViewAllRecords: false });
      expect(tree.Categories.find((c) => c.CategoryId === users.CategoryId)?.Name).toBe('Administration');
      expect(node('route', 'users.create')).toMatchObject({ Label: 'Create User', ParentId: users.Id, ModuleId: users.Id, CategoryId: null, AllowViewAllRecords: false });
      expect(node('field', 'EmailAddress')).toMatchObject({ Label: 'Email Address', ParentId: users.Id, ModuleId: users.Id });
      // The roles screen's own nodes: its routes and the module access field.
      expect(node('route', 'roles.update', 'Role').Label).toBe('Update Role');
      expect(node('field', 'Permissions', 'Role').Label).toBe('Module Access');
    });

    it('leaves retired nodes out, and shows role 1 holding every node', async () => {
      const email = node('field', 'EmailAddress');
      await t.app.db('permission_nodes').where({ NodeId: email.Id }).update({ IsRetired: true });
      try {
        const now: PermissionTree = (await as(admin, 'GET', '/api/roles/permission-tree?roleId=1')).json();
        expect(now.Nodes.map((n) => n.Id)).not.toContain(email.Id);
        expect(now.Nodes.length).toBe(tree.Nodes.length - 1);
        expect(now.Nodes.every((n) => n.HasAccess)).toBe(true);
        expect(now.Nodes.filter((n) => n.ViewAllRecords).every((n) => n.Type === 'module' && n.AllowViewAllRecords)).toBe(true);
        expect(now.Nodes.find((n) => n.Id === node('module', 'RegisterUser').Id)!.ViewAllRecords).toBe(true);
      } finally {
        await t.app.db('permission_nodes').where({ NodeId: email.Id }).update({ IsRetired: false });
      }
    });

    it("answers a role's grants, and none for a new role (roleId 0 or none)", async () => {
      const { RoleId } = await create(roleBody('Tree Readers', [grant(node('module', 'RegisterUser').Id, true), grant(node('route', 'users.create').Id)]));
      const own: PermissionTree = (await as(admin, 'GET', `/api/roles/permission-tree?roleId=${RoleId}`)).json();
      const granted = own.Nodes.filter((n) => n.HasAccess).map((n) => [n.Name, n.ViewAllRecords]);
      expect(granted).toEqual([['RegisterUser', true], ['users.create', false]]);
      const fresh: PermissionTree = (await as(admin, 'GET', '/api/roles/permission-tree?roleId=0')).json();
      expect(fresh.Nodes.some((n) => n.HasAccess || n.ViewAllRecords)).toBe(false);
    });
  });

  describe('create, read, update, copy, deactivate and delete', () => {
    it('creates a role with its permissions and reads them back', async () => {
      const created = await create(roleBody('Clerks', usersGrants(), { UserCountLimit: 5, IsAvailSelfReg: true }));
      expect(created).toMatchObject({ Name: 'Clerks', UserCountLimit: 5, IsAvailSelfReg: true, IsActive: true, IsAdmin: false, CreatedBy: 'admin' });
      expect(created.Permissions).toEqual(usersGrants());
      const read = (await as(admin, 'GET', `/api/roles/${created.RoleId}`)).json();
      expect(read.Permissions).toEqual(usersGrants());
      expect((await storedGrants(created.RoleId)).length).toBe(3);
    });

    it('lists roles with the screen columns, searched and sorted', async () => {
      await create(roleBody('Auditors', [], { Description: 'Read-only staff', IsActive: false }));
      const list = (await as(admin, 'GET', '/api/roles?q=auditors')).json();
      expect(list.TotalCount).toBe(1);
      expect(list.Items[0]).toMatchObject({ Name: 'Auditors', Description: 'Read-only staff', IsActive: false, IsAvailSelfReg: false });
      const names = (await as(admin, 'GET', '/api/roles?sorts=Name,desc&pageSize=100')).json().Items.map((r: { Name: string }) => r.Name);
      expect(names).toEqual([...names].sort((a: string, b: string) => b.localeCompare(a)));
      expect(names).toContain('System Administrator');
    });

    it("updates a role's permissions in the same save, and the users holding it can do so on their very next request", async () => {
      const { RoleId } = await create(roleBody('Helpers'));
      await addUser(t.app, { UserName: 'helper', Password: 'Helper12345', RoleIds: [RoleId] });
      const helper = await signIn(t.app, 'helper', 'Helper12345');
      expect((await as(helper, 'GET', '/api/users')).statusCode).toBe(403);
      const saved = await as(admin, 'POST', `/api/roles/${RoleId}`, roleBody('Helpers', usersGrants(), { Description: 'Changed' }));
      expect(saved.statusCode, saved.body).toBe(200);
      expect(saved.json()).toMatchObject({ Description: 'Changed', ModifiedBy: 'admin', Permissions: usersGrants() });
      expect((await as(helper, 'GET', '/api/users')).statusCode).toBe(200);
      // Taken away again: refused on the next request, no new sign-in.
      expect((await as(admin, 'POST', `/api/roles/${RoleId}`, roleBody('Helpers', []))).statusCode).toBe(200);
      expect(await storedGrants(RoleId)).toEqual([]);
      expect((await as(helper, 'GET', '/api/users')).statusCode).toBe(403);
    });

    it('a copy is a new role with the copied role\u2019s values and permissions under its own name', async () => {
      const original = await create(roleBody('Originals', usersGrants(), { UserCountLimit: 3 }));
      const read = (await as(admin, 'GET', `/api/roles/${original.RoleId}`)).json();
      const { RoleId: _id, IsAdmin: _a, CreatedDate: _c, CreatedBy: _b, ModifiedDate: _m, ModifiedBy: _mb, DeactivatedDate: _d, DeactivatedBy: _db, ...values } = read;
      const copy = await create({ ...values, Name: 'Originals (copy)' });
      expect(copy.RoleId).not.toBe(original.RoleId);
      expect(copy).toMatchObject({ Name: 'Originals (copy)', UserCountLimit: 3, Permissions: usersGrants() });
      expect((await storedGrants(copy.RoleId)).map((g) => g.NodeId)).toEqual((await storedGrants(original.RoleId)).map((g) => g.NodeId));
    });

    it('deactivates a role: its users lose what it gives on their next request', async () => {
      const { RoleId } = await create(roleBody('Temps', usersGrants()));
      await addUser(t.app, { UserName: 'temp', Password: 'Temp123456', RoleIds: [RoleId] });
      const temp = await signIn(t.app, 'temp', 'Temp123456');
      expect((await as(temp, 'GET', '/api/users')).statusCode).toBe(200);
      const off = await as(admin, 'POST', `/api/roles/${RoleId}/deactivate`);
      expect(off.statusCode, off.body).toBe(200);
      expect(off.json()).toMatchObject({ IsActive: false, DeactivatedBy: 'admin', Permissions: usersGrants() });
      expect((await as(temp, 'GET', '/api/users')).statusCode).toBe(403);
    });

    it('deletes a role with its permissions and its ties to user accounts, and tells how many users it had', async () => {
      const { RoleId } = await create(roleBody('Leavers', usersGrants()));
      const userId = await addUser(t.app, { UserName: 'leaver', RoleIds: [RoleId] });
      expect((await as(admin, 'GET', `/api/roles/usage?roleId=${RoleId}`)).json()).toEqual({ RoleId, UserCount: 1 });
      expect((await as(admin, 'DELETE', `/api/roles/${RoleId}`)).statusCode).toBe(204);
      expect((await as(admin, 'GET', `/api/roles/${RoleId}`)).statusCode).toBe(404);
      expect(await storedGrants(RoleId)).toEqual([]);
      expect(await t.app.db('user_roles').where({ RoleId })).toEqual([]);
      expect(await t.app.db('users').where({ UserId: userId }).first('UserId')).toBeTruthy();
      expect((await as(admin, 'GET', `/api/roles/usage?roleId=${RoleId}`)).statusCode).toBe(404);
    });
  });

  describe('a bad save is refused with a clear message and writes nothing', () => {
    let roleId: number;
    let before: Record<string, unknown>;
    const storedRole = () => t.app.db('roles').where({ RoleId: roleId }).first();
    beforeAll(async () => {
      roleId = (await create(roleBody('Steady', usersGrants(), { Description: 'Unchanged' }))).RoleId;
      before = (await as(admin, 'GET', `/api/roles/${roleId}`)).json();
    });
    /** Sends the update and the same body as a new role: both refused with the message; the role, its grants and the role count unchanged. */
    async function refused(permissions: RolePermission[], message: string | RegExp, field = 'Permissions', more: Record<string, unknown> = {}) {
      const grantsBefore = await storedGrants(roleId);
      const roleBefore = await storedRole();
      const rolesBefore = (await t.app.db('roles').count({ n: '*' }).first())!.n;
      const body = roleBody('Steady', permissions, { Description: 'Changed by a refused save', ...more });
      for (const [url, name] of [[`/api/roles/${roleId}`, 'Steady'], ['/api/roles', 'Steady Two']] as const) {
        const res = await as(admin, 'POST', url, { ...body, Name: name });
        expect(res.statusCode, res.body).toBe(400);
        const items = res.json() as Array<{ PropertyName: string; ErrorMessage: string }>;
        expect(items.some((e) => e.PropertyName === field && (typeof message === 'string' ? e.ErrorMessage === message : message.test(e.ErrorMessage))), res.body).toBe(true);
      }
      expect(await storedRole()).toEqual(roleBefore);
      expect(await storedGrants(roleId)).toEqual(grantsBefore);
      expect((await t.app.db('roles').count({ n: '*' }).first())!.n).toEqual(rolesBefore);
    }

    it('a node that does not exist', async () => {
      expect(before).toMatchObject({ Name: 'Steady', Description: 'Unchanged', Permissions: usersGrants() });
      await refused([...usersGrants(), grant(999999)], 'The permission node 999999 does not exist.');
    });

    it('a retired node', async () => {
      const email = node('field', 'EmailAddress').Id;
      // Retired after the role was saved with it: the role keeps the grant, but no save may grant it.
      await t.app.db('permission_nodes').where({ NodeId: email }).update({ IsRetired: true });
      try {
        await refused(usersGrants(), "The permission node 'Users: Email Address' is no longer in use and cannot be granted.");
        // Saved without it (the editor does not show it), the role keeps its grant for when the field comes back.
        const saved = await as(admin, 'POST', `/api/roles/${roleId}`, roleBody('Steady', usersGrants().filter((g) => g.Id !== email), { Description: 'Unchanged' }));
        expect(saved.statusCode, saved.body).toBe(200);
        expect(saved.json().Permissions).toEqual(usersGrants().filter((g) => g.Id !== email));
      } finally {
        await t.app.db('permission_nodes').where({ NodeId: email }).update({ IsRetired: false });
      }
      const after = (await as(admin, 'GET', `/api/roles/${roleId}`)).json();
      expect(after.Permissions).toEqual(usersGrants());
      before = after;
    });

    it('a node that cannot be granted (AllowUse false)', async () => {
      const createRoute = node('route', 'users.create').Id;
      await t.app.db('permission_nodes').where({ NodeId: createRoute }).update({ AllowUse: false });
      try {
        await refused(usersGrants(), "The permission node 'Users: Create User' cannot be granted.");
      } finally {
        await t.app.db('permission_nodes').where({ NodeId: createRoute }).update({ AllowUse: true });
      }
    });

    it('a route or field node without its module', async () => {
      await refused([grant(node('route', 'users.create').Id)], "'Users: Create User' is granted without its module 'Users': grant the module as well.");
      // A module sent without access does not count as granted.
      await refused([{ Id: node('module', 'RegisterUser').Id, HasAccess: false, ViewAllRecords: false }, grant(node('field', 'EmailAddress').Id)],
        "'Users: Email Address' is granted without its module 'Users': grant the module as well.");
    });

    it("'View All Records' on a node that does not offer it", async () => {
      await refused([grant(node('module', 'RegisterUser').Id), grant(node('route', 'users.create').Id, true)], "'View All Records' is not offered for 'Users: Create User'.");
      const users = node('module', 'RegisterUser').Id;
      await t.app.db('modules').where({ Name: 'RegisterUser' }).update({ AllowViewAllRecords: false });
      try {
        await refused([grant(users, true)], "'View All Records' is not offered for 'Users'.");
      } finally {
        await t.app.db('modules').where({ Name: 'RegisterUser' }).update({ AllowViewAllRecords: true });
      }
    });

    it('a node sent twice', async () => {
      const users = node('module', 'RegisterUser').Id;
      await refused([grant(users), grant(users)], `The permission node ${users} is sent more than once.`);
    });

    it('permissions of the wrong shape, and the fields outside their limits', async () => {
      await refused([{ Id: 'x' } as unknown as RolePermission], /.+/, 'Permissions.0.Id');
      await refused(usersGrants(), /.+/, 'Description', { Description: 'x'.repeat(1001) });
      await refused(usersGrants(), /.+/, 'UserCountLimit', { UserCountLimit: -1 });
      await refused(usersGrants(), /.+/, 'MaxNumberOfConcurrentUsers', { MaxNumberOfConcurrentUsers: 1.5 });
    });

    it('a User Count Limit below the number of users the role has', async () => {
      await addUser(t.app, { UserName: 'steady1', RoleIds: [roleId] });
      await addUser(t.app, { UserName: 'steady2', RoleIds: [roleId] });
      const res = await as(admin, 'POST', `/api/roles/${roleId}`, roleBody('Steady', usersGrants(), { UserCountLimit: 1, Description: 'Changed' }));
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual([{ PropertyName: 'UserCountLimit', ErrorMessage: userLimitMessage(2), ErrorCode: 'UserCountLimit' }]);
      expect(userLimitMessage(2)).toBe('This role has 2 users; its User Count Limit cannot be lower than that (0 means no limit).');
      expect((await as(admin, 'GET', `/api/roles/${roleId}`)).json()).toEqual(before);
      // Equal to the count, or 0 (no limit), is fine.
      for (const UserCountLimit of [2, 0]) {
        const ok = await as(admin, 'POST', `/api/roles/${roleId}`, roleBody('Steady', usersGrants(), { UserCountLimit, Description: 'Unchanged' }));
        expect(ok.statusCode, ok.body).toBe(200);
      }
    });

    it('a name another role has, in any case', async () => {
      for (const [method, url] of [['POST', '/api/roles'], ['POST', `/api/roles/${roleId}`]] as const) {
        const res = await as(admin, method, url, roleBody('system administrator'));
        expect(res.statusCode).toBe(409);
        expect(res.json()).toEqual([{ PropertyName: 'Name', ErrorMessage: 'A record with the name system administrator already exists.', ErrorCode: 'Unique' }]);
      }
      expect((await as(admin, 'GET', `/api/roles/${roleId}`)).json()).toMatchObject({ Name: 'Steady' });
    });
  });

  describe('role 1, the default system administrator role', () => {
    it('reads with every node granted, and refuses any change, deactivation or deletion', async () => {
      const one = (await as(admin, 'GET', '/api/roles/1')).json();
      expect(one).toMatchObject({ RoleId: 1, IsAdmin: true, IsActive: true });
      expect(one.Permissions.length).toBe(tree.Nodes.length);
      const update = await as(admin, 'POST', '/api/roles/1', roleBody('Renamed', one.Permissions, { Description: one.Description }));
      expect(update.statusCode).toBe(403);
      expect(update.json()[0].ErrorMessage).toBe(systemRoleMessage);
      const off = await as(admin, 'POST', '/api/roles/1/deactivate');
      expect(off.statusCode).toBe(403);
      expect(off.json()[0].ErrorMessage).toBe(systemRoleMessage);
      const del = await as(admin, 'DELETE', '/api/roles/1');
      expect(del.statusCode).toBe(403);
      expect(del.json()[0].ErrorMessage).toBe(systemRoleDeleteMessage);
      expect(await t.app.db('roles').where({ RoleId: 1 }).first('Name', 'IsActive')).toEqual({ Name: 'System Administrator', IsActive: true });
      expect(await t.app.db('role_permissions').where({ RoleId: 1 })).toEqual([]);
      expect(systemRoleMessage).toBe('This is the default system administrator role which cannot be modified or deleted.');
      expect(systemRoleDeleteMessage).toBe('The public access role cannot be deleted.');
    });
  });

  describe('an admin role', () => {
    let roleId: number;
    beforeAll(async () => {
      roleId = (await create(roleBody('Deputies', usersGrants()))).RoleId;
      await t.app.db('roles').where({ RoleId: roleId }).update({ IsAdmin: true });
    });

    it('keeps its name, description and active state: a save that changes one is refused, naming it', async () => {
      for (const change of [{ Name: 'Renamed' }, { Description: 'Other' }, { IsActive: false }]) {
        const res = await as(admin, 'POST', `/api/roles/${roleId}`, roleBody('Deputies', [], { Description: 'Deputies role', ...change }));
        expect(res.statusCode, res.body).toBe(400);
        expect(res.json()).toEqual([{ PropertyName: Object.keys(change)[0], ErrorMessage: adminRoleMessage, ErrorCode: 'LockedField' }]);
      }
      const off = await as(admin, 'POST', `/api/roles/${roleId}/deactivate`);
      expect(off.statusCode).toBe(403);
      expect(off.json()[0].ErrorMessage).toBe(adminRoleMessage);
      expect(await t.app.db('roles').where({ RoleId: roleId }).first('Name', 'Description', 'IsActive')).toEqual({ Name: 'Deputies', Description: 'Deputies role', IsActive: true });
      expect((await storedGrants(roleId)).length).toBe(3);
    });

    it('saves its permissions and limits', async () => {
      const users = node('module', 'RegisterUser').Id;
      const res = await as(admin, 'POST', `/api/roles/${roleId}`, roleBody('Deputies', [grant(users, true)], { UserCountLimit: 9 }));
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({ Name: 'Deputies', UserCountLimit: 9, Permissions: [grant(users, true)] });
    });
  });

  describe('module access by roles', () => {
    it('is what the active ones of the roles give together (role 1: everything; none: nothing)', async () => {
      const users = node('module', 'RegisterUser').Id;
      const createRoute = node('route', 'users.create').Id;
      const email = node('field', 'EmailAddress').Id;
      const a = (await create(roleBody('Part A', [grant(users, false), grant(createRoute)]))).RoleId;
      const b = (await create(roleBody('Part B', [grant(users, true), grant(email)]))).RoleId;
      const off = (await create(roleBody('Part Off', [grant(node('module', 'MyAccount', 'MyAccount').Id)], { IsActive: false }))).RoleId;
      const access = async (ids: number[]) => {
        const res = await as(admin, 'GET', `/api/roles/access-by-roles${ids.length ? `?${ids.map((id) => `RoleIds=${id}`).join('&')}` : ''}`);
        expect(res.statusCode, res.body).toBe(200);
        const got: PermissionTree = res.json();
        return got.Nodes.filter((n) => n.HasAccess).map((n) => `${n.Name}${n.ViewAllRecords ? '*' : ''}`);
      };
      expect(await access([a])).toEqual(['RegisterUser', 'users.create']);
      expect(await access([a, b, off])).toEqual(['RegisterUser*', 'users.create', 'EmailAddress']);
      expect(await access([off])).toEqual([]);
      expect(await access([])).toEqual([]);
      expect((await access([1])).length).toBe(tree.Nodes.length);
    });

    it('is for holders of RegisterUser (the user forms ask it); the tree and usage for holders of Role', async () => {
      const roleOnly = await addRole(t.app, 'Role Keepers');
      await grantModule(t.app, roleOnly, 'Role');
      await addUser(t.app, { UserName: 'keeper', Password: 'Keeper12345', RoleIds: [roleOnly] });
      const keeper = await signIn(t.app, 'keeper', 'Keeper12345');
      expect((await as(keeper, 'GET', '/api/roles/permission-tree?roleId=1')).statusCode).toBe(200);
      expect((await as(keeper, 'GET', '/api/roles/usage?roleId=1')).statusCode).toBe(200);
      expect((await as(keeper, 'GET', '/api/roles')).statusCode).toBe(200);
      expect((await as(keeper, 'GET', '/api/roles/access-by-roles?RoleIds=1')).statusCode).toBe(403);
      const userOnly = await addRole(t.app, 'User Keepers');
      await grantModule(t.app, userOnly, 'RegisterUser');
      await addUser(t.app, { UserName: 'ukeeper', Password: 'Keeper12345', RoleIds: [userOnly] });
      const ukeeper = await signIn(t.app, 'ukeeper', 'Keeper12345');
      expect((await as(ukeeper, 'GET', '/api/roles/access-by-roles?RoleIds=1')).statusCode).toBe(200);
      expect((await as(ukeeper, 'GET', '/api/roles/permission-tree?roleId=1')).statusCode).toBe(403);
      expect((await as(ukeeper, 'GET', '/api/roles')).statusCode).toBe(403);
    });
  });

});
