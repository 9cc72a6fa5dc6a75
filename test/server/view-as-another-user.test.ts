import { beforeAll, describe, expect, it } from 'vitest';
import { databases, useTestApp, signIn, injectAs, type SignedIn } from './helper.ts';
import { addRole, addUser, grantModule } from './account-fixtures.ts';
import { person } from './access-fixtures.ts';
import { viewAsMessages } from '../../server/modules/access/view-as.ts';


describe.each(databases)("an administrator views lists and screens as another user would on %s", (kind) => {
  const t = useTestApp(kind);
  let admin: SignedIn;
  let clerk: SignedIn;
  let clerkId: number;
  const as = (who: SignedIn, method: 'GET' | 'POST', url: string, viewAs?: number, payload?: object) =>
    injectAs(t.app, who, { method, url, payload, headers: viewAs === undefined ? {} : { 'x-view-as': String(viewAs) } });

  beforeAll(async () => {
    admin = await signIn(t.app);
    const clerks = await addRole(t.app, 'Clerks');
    await grantModule(t.app, clerks, 'RegisterUser');
    clerkId = await addUser(t.app, { UserName: 'clerk', Password: 'Clerk12345', RoleIds: [clerks] });
    clerk = await signIn(t.app, 'clerk', 'Clerk12345');
    expect((await as(clerk, 'POST', '/api/users', undefined, person('Cleo'))).statusCode).toBe(201);
    expect((await as(admin, 'POST', '/api/users', undefined, person('Olga'))).statusCode).toBe(201);
    // Then the role stops showing e-mail addresses.
    const { NodeId } = await t.app.db('permission_nodes as n').join('modules as m', 'm.ModuleId', 'n.ModuleId')
      .where({ 'n.Type': 'field', 'n.Name': 'EmailAddress', 'm.Name': 'RegisterUser' }).first('n.NodeId');
    await t.app.db('role_permissions').where({ RoleId: clerks, NodeId }).delete();
  });

  it("lists what the user would: their own records, without the fields they may not see", async () => {
    const mine = (await as(admin, 'GET', '/api/users?pageSize=100')).json();
    expect(mine.Items.map((u: { UserName: string }) => u.UserName)).toEqual(expect.arrayContaining(['cleo', 'olga', 'clerk']));
    const theirs = (await as(admin, 'GET', '/api/users?pageSize=100', clerkId)).json();
    expect(theirs.Items.map((u: { UserName: string }) => u.UserName)).toEqual(['cleo']);
    expect(theirs.Items[0]).not.toHaveProperty('EmailAddress');
    expect((await as(admin, 'GET', '/api/users?pageSize=100', clerkId)).json()).toEqual((await as(clerk, 'GET', '/api/users?pageSize=100')).json());
    const { Screen } = (await as(admin, 'GET', '/api/metadata/screens/users', clerkId)).json();
    expect(Screen.form.fields.update).not.toContain('EmailAddress');
  });

  it("refuses a module the user does not hold, naming them", async () => {
    const res = await as(admin, 'GET', '/api/roles', clerkId);
    expect(res.statusCode).toBe(403);
    expect(res.json()[0].ErrorMessage).toBe(viewAsMessages.noAccess('clerk'));
    expect((await as(admin, 'GET', '/api/roles')).statusCode).toBe(200);
  });

  it('is for reading only, and only for those who may manage roles', async () => {
    const write = await as(admin, 'POST', '/api/users', clerkId, person('Nina'));
    expect(write.statusCode).toBe(400);
    expect(write.json()[0].ErrorMessage).toBe(viewAsMessages.readOnly);
    expect(await t.app.db('users').where({ UserName: 'nina' }).first()).toBeUndefined();
    const adminId = (await t.app.db('users').where({ UserName: 'admin' }).first('UserId')).UserId;
    expect((await as(clerk, 'GET', '/api/users', adminId)).statusCode).toBe(403);
    expect((await as(admin, 'GET', '/api/users', 999999)).json()[0].ErrorMessage).toBe(viewAsMessages.unknownUser);
  });
});
