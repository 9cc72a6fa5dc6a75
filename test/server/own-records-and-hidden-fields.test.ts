import { beforeAll, describe, expect, it } from 'vitest';
import { databases, useTestApp, signIn, type SignedIn } from './helper.ts';
import { injectLocked } from './record-lock-fixtures.ts';
import { addRole, addUser, grantModule } from './account-fixtures.ts';
import { person, revokeNode as revoke } from './access-fixtures.ts';
import { fieldAccessMessage } from '../../server/lib/crud/record-access.ts';



describe.each(databases)('one row rule and one field mask on every path to a user record on %s', (kind) => {
  const t = useTestApp(kind);
  let admin: SignedIn;
  let clerk: SignedIn;
  let clerkRole: number;
  let othersId: number;
  const as = (who: SignedIn, method: 'GET' | 'POST' | 'DELETE', url: string, payload?: object) => injectLocked(t.app, who, { method, url, payload });

  beforeAll(async () => {
    admin = await signIn(t.app);
    clerkRole = await addRole(t.app, 'Clerks');
    await grantModule(t.app, clerkRole, 'RegisterUser');
    await addUser(t.app, { UserName: 'clerk', Password: 'Clerk12345', RoleIds: [clerkRole] });
    clerk = await signIn(t.app, 'clerk', 'Clerk12345');
    othersId = (await as(admin, 'POST', '/api/users', person('Olga'))).json().UserId;
  });

  it("without 'View All Records' lists, counts, searches and exports only the users the clerk created", async () => {
    const created = await as(clerk, 'POST', '/api/users', person('Cleo'));
    expect(created.statusCode, created.body).toBe(201);
    const list = (await as(clerk, 'GET', '/api/users')).json();
    expect(list.Items.map((u: { UserName: string }) => u.UserName)).toEqual(['cleo']);
    expect(list.TotalCount).toBe(1);
    expect((await as(clerk, 'GET', '/api/users?q=olga')).json().TotalCount).toBe(0);
    const csv = (await as(clerk, 'GET', '/api/users/export.csv')).body;
    expect(csv).toContain('cleo@example.org');
    expect(csv).not.toContain('olga@example.org');
    // The administrator (View All Records through role 1) sees both.
    expect((await as(admin, 'GET', '/api/users?q=example.org&pageSize=100')).json().Items.map((u: { UserName: string }) => u.UserName))
      .toEqual(expect.arrayContaining(['cleo', 'olga']));
  });

  it('does not open, change, deactivate or delete a record hidden from the list by its URL', async () => {
    expect((await as(clerk, 'GET', `/api/users/${othersId}`)).statusCode).toBe(404);
    expect((await as(clerk, 'POST', `/api/users/${othersId}`, { ...person('Olga'), FirstName: 'Changed', IsActive: true })).statusCode).toBe(404);
    expect((await as(clerk, 'POST', `/api/users/${othersId}/deactivate`)).statusCode).toBe(404);
    expect((await as(clerk, 'DELETE', `/api/users/${othersId}`)).statusCode).toBe(404);
    expect((await as(admin, 'GET', `/api/users/${othersId}`)).json()).toMatchObject({ FirstName: 'Olga', IsActive: true });
  });

  it("with 'View All Records' granted the clerk's very next request lists everyone", async () => {
    const { NodeId } = await t.app.db('permission_nodes').where({ Type: 'module', Name: 'RegisterUser' }).first('NodeId');
    await t.app.db('role_permissions').where({ RoleId: clerkRole, NodeId }).update({ ViewAllRecords: true });
    expect((await as(clerk, 'GET', `/api/users/${othersId}`)).statusCode).toBe(200);
    expect((await as(clerk, 'GET', '/api/users?q=olga')).json().TotalCount).toBe(1);
    await t.app.db('role_permissions').where({ RoleId: clerkRole, NodeId }).update({ ViewAllRecords: false });
    expect((await as(clerk, 'GET', `/api/users/${othersId}`)).statusCode).toBe(404);
  });

  it('a user override can deny the View All Records a role grants, and grant it where the role does not', async () => {
    const clerkId = (await t.app.db('users').where({ UserName: 'clerk' }).first('UserId')).UserId;
    const { NodeId } = await t.app.db('permission_nodes').where({ Type: 'module', Name: 'RegisterUser' }).first('NodeId');
    await t.app.db('user_permissions').insert({ UserId: clerkId, NodeId, OverrideViewAllRecords: true, ViewAllRecords: true });
    expect((await as(clerk, 'GET', `/api/users/${othersId}`)).statusCode).toBe(200);
    await t.app.db('user_permissions').where({ UserId: clerkId, NodeId }).delete();
    expect((await as(clerk, 'GET', `/api/users/${othersId}`)).statusCode).toBe(404);
  });

  describe('a field the role does not grant (Email Address)', () => {
    let cleoId: number;
    beforeAll(async () => {
      await revoke(t.app, clerkRole, 'RegisterUser', { type: 'field', name: 'EmailAddress' });
      cleoId = (await t.app.db('users').where({ UserName: 'cleo' }).first('UserId')).UserId;
    });

    it('is absent from the list, the read and the export, and from the screen the form is drawn from', async () => {
      const row = (await as(clerk, 'GET', '/api/users')).json().Items[0];
      expect(row).toMatchObject({ UserName: 'cleo' });
      expect(row).not.toHaveProperty('EmailAddress');
      const read = (await as(clerk, 'GET', `/api/users/${cleoId}`)).json();
      expect(read).toMatchObject({ FirstName: 'Cleo' });
      expect(read).not.toHaveProperty('EmailAddress');
      expect((await as(clerk, 'GET', '/api/users/export.csv')).body).not.toContain('cleo@example.org');
      const { Screen } = (await as(clerk, 'GET', '/api/metadata/screens/users')).json();
      expect(Screen.form.fields.update).not.toContain('EmailAddress');
      expect(Screen.list.columns.map((c: { field: string }) => c.field)).not.toContain('EmailAddress');
    });

    it('cannot be sorted, shown or searched on, so its values cannot be guessed', async () => {
      expect((await as(admin, 'GET', '/api/users?sorts=EmailAddress,asc')).statusCode).toBe(200);
      expect((await as(clerk, 'GET', '/api/users?sorts=EmailAddress,asc')).statusCode).toBe(400);
      expect((await as(clerk, 'GET', '/api/users?cols=EmailAddress')).statusCode).toBe(400);
      // 'cleo@' is only in the e-mail address (the user name is 'cleo'): searching for it finds nothing.
      expect((await as(clerk, 'GET', '/api/users?q=cleo%40')).json().TotalCount).toBe(0);
      expect((await as(admin, 'GET', '/api/users?q=cleo%40')).json().TotalCount).toBe(1);
    });

    it('is refused in a write that carries it, and kept as stored by one that does not', async () => {
      const carrying = await as(clerk, 'POST', `/api/users/${cleoId}`, { ...person('Cleo'), EmailAddress: 'stolen@example.org', ConfirmEmailAddress: 'stolen@example.org', IsActive: true });
      expect(carrying.statusCode).toBe(400);
      expect(carrying.json()).toEqual([{ PropertyName: 'EmailAddress', ErrorMessage: fieldAccessMessage, ErrorCode: 'FieldAccess' }]);
      const { EmailAddress: _e, ConfirmEmailAddress: _c, ...withoutEmail } = person('Cleo');
      const saved = await as(clerk, 'POST', `/api/users/${cleoId}`, { ...withoutEmail, FirstName: 'Cleopatra', IsActive: true });
      expect(saved.statusCode, saved.body).toBe(200);
      expect(saved.json()).not.toHaveProperty('EmailAddress');
      expect((await as(admin, 'GET', `/api/users/${cleoId}`)).json()).toMatchObject({ FirstName: 'Cleopatra', EmailAddress: 'cleo@example.org' });
    });
  });

  it('a route node the role does not grant refuses its call and leaves it out of the route table', async () => {
    await revoke(t.app, clerkRole, 'RegisterUser', { type: 'route', name: 'users.create' });
    expect((await as(clerk, 'POST', '/api/users', person('Nina'))).statusCode).toBe(403);
    const routes = (await as(clerk, 'GET', '/api/App/GetRoutes')).json().map((r: { Name: string }) => r.Name);
    expect(routes).toContain('users.list');
    expect(routes).toContain('users.update');
    expect(routes).not.toContain('users.create');
    expect((await t.app.db('users').where({ UserName: 'nina' })).length).toBe(0);
  });
});
