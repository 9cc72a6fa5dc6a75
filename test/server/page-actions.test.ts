import { beforeAll, describe, expect, it } from 'vitest';
import { databases, useTestApp, signIn, injectAs, type SignedIn } from './helper.ts';
import { addRole, addUser, grantModule } from './account-fixtures.ts';
import { circleAccessFor } from '../../server/modules/page-actions/store.ts';
import { grantNodes, nodeId, revokeNode } from './access-fixtures.ts';

const userListPageId = 1;

describe.each(databases)('page actions and CircleAccess on %s', (kind) => {
  const t = useTestApp(kind);
  let admin: SignedIn;
  let ids: Record<string, number>;
  const actionsOf = (who: SignedIn, query: string) => injectAs(t.app, who, { method: 'GET', url: `/api/page-actions?${query}` });

  beforeAll(async () => {
    admin = await signIn(t.app);
    // A page of our own: a set action, a parent row action with a child, and an inactive action.
    const insert = async (row: Record<string, unknown>) =>
      ((await t.app.db('page_actions').insert({ AccessPageId: 77, Type: 'button', ...row }).returning('ActionId')) as Array<{ ActionId: number }>)[0].ActionId;
    const Manage = await insert({ Scope: 'row', ButtonText: 'Manage', ActionName: 'Manage', Url: '/thing/manage', SortOrder: 1 });
    const Archive = await insert({ Scope: 'row', ButtonText: 'Archive', ActionName: 'Archive', ParentActionId: Manage, SortOrder: 2, ColumnCss: 'narrow', ButtonCss: 'warning' });
    const Print = await insert({ Scope: 'set', ButtonText: 'Print all', ActionName: 'PrintAll', SortOrder: 1 });
    const Old = await insert({ Scope: 'row', ButtonText: 'Old', ActionName: 'Old', IsActive: false });
    ids = { Manage, Archive, Print, Old };
  });

  it('answers the user list page with its seeded row actions, in the shape of the specification', async () => {
    const res = await actionsOf(admin, `accessPageId=${userListPageId}`);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.DataSetActions).toEqual([]);
    expect(body.DataRowActions.map((a: { ActionName: string }) => a.ActionName)).toEqual(['UpdateUser', 'DeleteUser']);
    expect(Object.keys(body.DataRowActions[0]).sort()).toEqual(['ActionId', 'ActionName', 'ButtonCss', 'ButtonText', 'ColumnCss', 'ParentActionId', 'Type', 'Url'].sort());
    expect(body.DataRowActions[0]).toMatchObject({ Url: '/user/update', ButtonText: 'Edit', ParentActionId: null });
  });

  it('splits row and set actions, keeps their order, and leaves inactive actions out', async () => {
    const body = (await actionsOf(admin, 'accessPageId=77')).json();
    expect(body.DataRowActions.map((a: { ActionId: number }) => a.ActionId)).toEqual([ids.Manage, ids.Archive]);
    expect(body.DataRowActions[1]).toMatchObject({ ParentActionId: ids.Manage, ColumnCss: 'narrow', ButtonCss: 'warning', Url: null });
    expect(body.DataSetActions).toEqual([expect.objectContaining({ ActionId: ids.Print, ButtonText: 'Print all' })]);
    expect((await actionsOf(admin, 'accessPageId=9999')).json()).toEqual({ DataRowActions: [], DataSetActions: [] });
  });

  it('needs a numeric access page id and a session', async () => {
    expect((await actionsOf(admin, '')).statusCode).toBe(400);
    expect((await actionsOf(admin, 'accessPageId=abc')).statusCode).toBe(400);
    expect((await t.app.inject({ method: 'GET', url: '/api/page-actions?accessPageId=1' })).statusCode).toBe(401);
  });

  it('grants through roles: an action, or its child actions through the parent; nothing through an inactive role', async () => {
    const roleManage = await addRole(t.app, 'Managers');
    const rolePrint = await addRole(t.app, 'Printers');
    const roleOff = await addRole(t.app, 'Retired');
    await t.app.db('roles').where({ RoleId: roleOff }).update({ IsActive: false });
    await t.app.db('role_page_actions').insert([
      { RoleId: roleManage, ActionId: ids.Manage },
      { RoleId: rolePrint, ActionId: ids.Print },
      { RoleId: roleOff, ActionId: ids.Archive },
    ]);
    const manager = { UserId: await addUser(t.app, { UserName: 'manager', RoleIds: [roleManage] }), IsMaster: false };
    const printer = { UserId: await addUser(t.app, { UserName: 'printer', RoleIds: [rolePrint, roleOff] }), IsMaster: false };
    const nobody = { UserId: await addUser(t.app, { UserName: 'nobody' }), IsMaster: false };
    expect(await circleAccessFor(t.app.db, manager, 77)).toEqual([{ Key: 0, Value: `${ids.Manage},${ids.Archive}` }]);
    expect(await circleAccessFor(t.app.db, printer, 77)).toEqual([{ Key: 0, Value: `${ids.Print}` }]);
    expect(await circleAccessFor(t.app.db, nobody, 77)).toEqual([]);
    expect(await circleAccessFor(t.app.db, manager, undefined)).toEqual([]);
    // An administrator role is granted every active action of the page.
    const adminRole = await addRole(t.app, 'Admins');
    await t.app.db('roles').where({ RoleId: adminRole }).update({ IsAdmin: true });
    const boss = { UserId: await addUser(t.app, { UserName: 'boss', RoleIds: [adminRole] }), IsMaster: false };
    expect(await circleAccessFor(t.app.db, boss, 77)).toEqual([{ Key: 0, Value: `${ids.Manage},${ids.Archive},${ids.Print}` }]);
  });

  it("puts the user's grants for the list's page into the user list answer's CircleAccess", async () => {
    const actions = (await actionsOf(admin, `accessPageId=${userListPageId}`)).json().DataRowActions as Array<{ ActionId: number }>;
    const body = (await injectAs(t.app, admin, { method: 'GET', url: '/api/users?pageSize=1' })).json();
    // Circle 0 (the user's own grants) and the Default circle (1) the listed user is in.
    const all = actions.map((a) => a.ActionId).join(',');
    expect(body.CircleAccess).toEqual([{ Key: 0, Value: all }, { Key: 1, Value: all }]);

    // A user who may open the list and update users but not delete them: Edit (users.update) is granted, Delete not.
    const role = await addRole(t.app, 'User clerks');
    await grantModule(t.app, role, 'RegisterUser');
    await revokeNode(t.app, role, 'RegisterUser', { type: 'route', name: 'users.delete' });
    const [edit, remove] = actions.map((a) => a.ActionId);
    await addUser(t.app, { UserName: 'clerk', Password: 'Clerk12345', RoleIds: [role] });
    const clerk = await signIn(t.app, 'clerk', 'Clerk12345');
    const clerkGrants = async () => (await injectAs(t.app, clerk, { method: 'GET', url: '/api/users?pageSize=1' })).json().CircleAccess;
    // The clerk lists no one (no View All Records, nobody created, and the Default circle shares nothing): their own grants only.
    expect(await clerkGrants()).toEqual([{ Key: 0, Value: String(edit) }]);
    // The role editor's route node is the grant: given users.delete, Delete follows at the next request.
    await grantNodes(t.app, role, [await nodeId(t.app, 'RegisterUser', { type: 'route', name: 'users.delete' })]);
    expect(await clerkGrants()).toEqual([{ Key: 0, Value: `${edit},${remove}` }]);
  });

  it('reads the grants with the session check: a list call makes no query of its own for them', async () => {
    const queries: string[] = [];
    const record = (q: { sql: string }) => queries.push(q.sql);
    t.app.db.on('query', record);
    try {
      const body = (await injectAs(t.app, admin, { method: 'GET', url: '/api/users?pageSize=1' })).json();
      expect(body.CircleAccess.length).toBe(2);
    } finally {
      t.app.db.removeListener('query', record);
    }
    const grantQueries = queries.filter((sql) => sql.includes('page_actions'));
    expect(grantQueries).toHaveLength(1);
    expect(grantQueries[0]).toContain('"sessions"');
  });
});
