import { beforeAll, describe, expect, it } from 'vitest';
import { databases, useTestApp, signIn, type SignedIn } from './helper.ts';
import { injectLocked } from './record-lock-fixtures.ts';
import { addRole, addUser, grantModule } from './account-fixtures.ts';
import { person } from './access-fixtures.ts';
import { fieldAccessMessage } from '../../server/lib/crud/record-access.ts';


/**
 * Whoever may create users must not hand out more access than they manage: a user's Role and Permissions need
 * module Role as well (users.json form.fieldModules), or a clerk could make anyone a system administrator.
 */
describe.each(databases)('giving roles and overrides needs module Role on %s', (kind) => {
  const t = useTestApp(kind);
  let clerk: SignedIn;
  let manager: SignedIn;
  const as = (who: SignedIn, method: 'GET' | 'POST', url: string, payload?: object) => injectLocked(t.app, who, { method, url, payload });

  beforeAll(async () => {
    const clerks = await addRole(t.app, 'Clerks');
    await grantModule(t.app, clerks, 'RegisterUser');
    const managers = await addRole(t.app, 'Access managers');
    await grantModule(t.app, managers, 'RegisterUser');
    await grantModule(t.app, managers, 'Role');
    await addUser(t.app, { UserName: 'clerk', Password: 'Clerk12345', RoleIds: [clerks] });
    await addUser(t.app, { UserName: 'manager', Password: 'Manager123', RoleIds: [managers] });
    clerk = await signIn(t.app, 'clerk', 'Clerk12345');
    manager = await signIn(t.app, 'manager', 'Manager123');
  });

  it("refuses a clerk's create that gives a role, writing nothing, and draws the clerk's form without Role and Permissions", async () => {
    const refused = await as(clerk, 'POST', '/api/users', { ...person('Mallory'), Role: [1] });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual([{ PropertyName: 'Role', ErrorMessage: fieldAccessMessage, ErrorCode: 'FieldAccess' }]);
    expect(await t.app.db('users').where({ UserName: 'mallory' }).first()).toBeUndefined();
    const { Screen } = (await as(clerk, 'GET', '/api/metadata/screens/users')).json();
    expect(Screen.form.fields.create).not.toContain('Role');
    expect(Screen.form.fields.create).not.toContain('Permissions');
    expect(Screen.form.fields.create).toContain('FirstName');
  });

  it('lets the clerk create and edit a user without touching roles, keeping the roles the user has', async () => {
    const created = await as(clerk, 'POST', '/api/users', person('Pat'));
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().UserId as number;
    const staff = await addRole(t.app, 'Staff');
    await t.app.db('user_roles').insert({ UserId: id, RoleId: staff });
    const saved = await as(clerk, 'POST', `/api/users/${id}`, { ...person('Pat'), FirstName: 'Patricia', IsActive: true });
    expect(saved.statusCode, saved.body).toBe(200);
    expect((await t.app.db('user_roles').where({ UserId: id })).map((r: { RoleId: number }) => r.RoleId)).toEqual([staff]);
    const escalating = await as(clerk, 'POST', `/api/users/${id}`, { ...person('Pat'), IsActive: true, Role: [1] });
    expect(escalating.statusCode).toBe(400);
    expect((await t.app.db('user_roles').where({ UserId: id })).map((r: { RoleId: number }) => r.RoleId)).toEqual([staff]);
  });

  it('lets a holder of module Role give roles', async () => {
    const { Screen } = (await as(manager, 'GET', '/api/metadata/screens/users')).json();
    expect(Screen.form.fields.create).toContain('Role');
    const staff = (await t.app.db('roles').where({ Name: 'Staff' }).first('RoleId')).RoleId;
    const created = await as(manager, 'POST', '/api/users', { ...person('Quinn'), Role: [staff] });
    expect(created.statusCode, created.body).toBe(201);
    expect((await t.app.db('user_roles').where({ UserId: created.json().UserId })).map((r: { RoleId: number }) => r.RoleId)).toEqual([staff]);
  });
});
