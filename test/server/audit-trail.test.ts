import { beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { databases, useTestApp, signIn, type SignedIn } from './helper.ts';
import { injectLocked } from './record-lock-fixtures.ts';
import { addRole, addUser, grantModule } from './account-fixtures.ts';

const person = (name: string, extra: object = {}) => ({
  FirstName: name, LastName: `${name}son`, EmailAddress: `${name.toLowerCase()}@example.org`,
  ConfirmEmailAddress: `${name.toLowerCase()}@example.org`, UserName: name.toLowerCase(), ...extra,
});

interface Change { Field: string; Old: unknown; New: unknown }
interface Entry { AuditId: number; Action: string; ChangedBy: string | null; ChangedAt: string; Changes: Change[] }

const changeOf = (entry: Entry, field: string) => entry.Changes.find((c) => c.Field === field);

/** Takes a field node of module RegisterUser from a role: the role keeps the module and every other node. */
async function revokeField(app: FastifyInstance, RoleId: number, Name: string): Promise<void> {
  const { NodeId } = await app.db('permission_nodes as n').join('modules as m', 'm.ModuleId', 'n.ModuleId')
    .where({ 'n.Type': 'field', 'n.Name': Name, 'm.Name': 'RegisterUser' }).first('n.NodeId');
  await app.db('role_permissions').where({ RoleId, NodeId }).delete();
}

describe.each(databases)('the audit trail of the generic CRUD on %s', (kind) => {
  const t = useTestApp(kind);
  let admin: SignedIn;
  const as = (who: SignedIn, method: 'GET' | 'POST' | 'DELETE', url: string, payload?: object) => injectLocked(t.app, who, { method, url, payload });
  const history = async (who: SignedIn, url: string): Promise<Entry[]> => {
    const res = await as(who, 'GET', `${url}/history`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  };
  const entriesOf = (entity: string, RecordId: number) => t.app.db('audit_entries').where({ Entity: entity, RecordId }).count({ N: '*' }).first().then((r) => Number(r!.N));

  beforeAll(async () => {
    admin = await signIn(t.app);
  });

  it('records a create, an update, a deactivation and a delete with who, the old and the new values, newest first', async () => {
    const created = await as(admin, 'POST', '/api/users', person('Audra', { Password: 'Secret1234', ConfirmPassword: 'Secret1234', Role: [1] }));
    expect(created.statusCode, created.body).toBe(201);
    const userId = created.json().UserId as number;
    const url = `/api/users/${userId}`;

    let entries = await history(admin, url);
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ Action: 'create', ChangedBy: 'admin' });
    expect(entries[0].ChangedAt).toMatch(/^\d{4}-\d\d-\d\dT.*Z$/);
    expect(changeOf(entries[0], 'FirstName')).toEqual({ Field: 'FirstName', Old: null, New: 'Audra' });
    expect(changeOf(entries[0], 'IsActive')).toEqual({ Field: 'IsActive', Old: null, New: true });
    // A user's roles are kept as the role ids.
    expect(changeOf(entries[0], 'Role')).toEqual({ Field: 'Role', Old: null, New: [1] });
    // Stamps and the id are the entry's own who and when, not changes.
    expect(entries[0].Changes.map((c) => c.Field)).not.toEqual(expect.arrayContaining(['UserId']));
    expect(changeOf(entries[0], 'CreatedBy')).toBeUndefined();

    const current = (await as(admin, 'GET', url)).json();
    const updated = await as(admin, 'POST', url, { ...current, FirstName: 'Audrey', Role: [] });
    expect(updated.statusCode, updated.body).toBe(200);
    entries = await history(admin, url);
    expect(entries.map((e) => e.Action)).toEqual(['update', 'create']);
    expect(entries[0].Changes).toEqual([
      { Field: 'FirstName', Old: 'Audra', New: 'Audrey' },
      { Field: 'Role', Old: [1], New: [] },
    ]);

    expect((await as(admin, 'POST', `${url}/deactivate`)).statusCode).toBe(200);
    entries = await history(admin, url);
    expect(entries[0]).toMatchObject({ Action: 'deactivate', ChangedBy: 'admin', Changes: [{ Field: 'IsActive', Old: true, New: false }] });
    expect(entries[0].AuditId).toBeGreaterThan(entries[1].AuditId);

    expect((await as(admin, 'DELETE', url)).statusCode).toBe(204);
    const [deleted] = await t.app.db('audit_entries').where({ Entity: 'users', RecordId: userId }).orderBy('AuditId', 'desc').limit(1);
    expect(deleted).toMatchObject({ Action: 'delete', ChangedBy: 'admin' });
    const deletedChanges = (typeof deleted.Changes === 'string' ? JSON.parse(deleted.Changes) : deleted.Changes) as Change[];
    expect(deletedChanges).toEqual(expect.arrayContaining([
      { Field: 'FirstName', Old: 'Audrey', New: null },
      { Field: 'IsActive', Old: false, New: null },
    ]));
    expect(deletedChanges.every((c) => c.New === null)).toBe(true);
    // Who made a change is a user id as well as the name at the time.
    const adminId = (await t.app.db('users').where({ UserName: 'admin' }).first('UserId')).UserId;
    expect(deleted.ChangedById).toBe(adminId);
  });

  it('never stores a password, its hash or another write-only value', async () => {
    const created = await as(admin, 'POST', '/api/users', person('Penny', { Password: 'Hidden9876', ConfirmPassword: 'Hidden9876' }));
    expect(created.statusCode, created.body).toBe(201);
    const url = `/api/users/${created.json().UserId}`;
    const current = (await as(admin, 'GET', url)).json();
    expect((await as(admin, 'POST', url, { ...current, Password: 'Changed5432', ConfirmPassword: 'Changed5432' })).statusCode).toBe(200);
    const { PasswordHash } = await t.app.db('users').where({ UserId: current.UserId }).first('PasswordHash');
    const stored = JSON.stringify(await t.app.db('audit_entries').where({ Entity: 'users', RecordId: current.UserId }).select('Changes'));
    for (const secret of ['Hidden9876', 'Changed5432', PasswordHash, 'PasswordHash', '"Password"', 'ConfirmPassword', 'ConfirmEmailAddress']) expect(stored).not.toContain(secret);
  });

  it('writes no entry for an update that changes nothing, dates compared by value', async () => {
    // A password gives the user a date (Password Last Changed Date) read back as a Date each time.
    const created = await as(admin, 'POST', '/api/users', person('Stella', { Password: 'Stella1234', ConfirmPassword: 'Stella1234' }));
    const url = `/api/users/${created.json().UserId}`;
    const current = (await as(admin, 'GET', url)).json();
    expect((await as(admin, 'POST', url, current)).statusCode).toBe(200);
    expect((await as(admin, 'POST', url, { ...current, FirstName: 'Stella' })).statusCode).toBe(200);
    expect((await history(admin, url)).map((e) => e.Action)).toEqual(['create']);
  });

  it('writes no entry for a refused write (a duplicate user name)', async () => {
    const first = (await as(admin, 'POST', '/api/users', person('Dupont'))).json();
    const other = (await as(admin, 'POST', '/api/users', person('Dupond'))).json();
    const before = Number((await t.app.db('audit_entries').count({ N: '*' }).first())!.N);
    const clash = await as(admin, 'POST', `/api/users/${other.UserId}`, { ...other, UserName: 'dupont' });
    expect(before).toBeGreaterThan(0);
    expect(clash.statusCode).toBe(409);
    const twice = await as(admin, 'POST', '/api/users', person('Dupont'));
    expect(twice.statusCode).toBe(409);
    expect(Number((await t.app.db('audit_entries').count({ N: '*' }).first())!.N)).toBe(before);
    expect(await entriesOf('users', other.UserId)).toBe(1);
    expect(await entriesOf('users', first.UserId)).toBe(1);
  });

  it('audits roles as well (another entity, the same CRUD)', async () => {
    const created = await as(admin, 'POST', '/api/roles', { Name: 'Auditors', Description: 'Reads', IsActive: true, Permissions: [] });
    expect(created.statusCode, created.body).toBe(201);
    const url = `/api/roles/${created.json().RoleId}`;
    const current = (await as(admin, 'GET', url)).json();
    expect((await as(admin, 'POST', url, { ...current, Description: 'Reads everything' })).statusCode).toBe(200);
    const entries = await history(admin, url);
    expect(entries.map((e) => e.Action)).toEqual(['update', 'create']);
    expect(entries[0].Changes).toEqual([{ Field: 'Description', Old: 'Reads', New: 'Reads everything' }]);
    // A role's Permissions (a list of grants) is left out of the trail.
    expect(changeOf(entries[1], 'Permissions')).toBeUndefined();
  });

  describe('for a clerk who may not see every field or every record', () => {
    let clerk: SignedIn;
    let ownId: number;
    let othersId: number;
    beforeAll(async () => {
      const role = await addRole(t.app, 'Audit clerks');
      await grantModule(t.app, role, 'RegisterUser');
      await addUser(t.app, { UserName: 'auditclerk', Password: 'Clerk12345', RoleIds: [role] });
      clerk = await signIn(t.app, 'auditclerk', 'Clerk12345');
      ownId = (await as(clerk, 'POST', '/api/users', person('Owena'))).json().UserId;
      othersId = (await as(admin, 'POST', '/api/users', person('Otto'))).json().UserId;
      await revokeField(t.app, role, 'EmailAddress');
      clerk = await signIn(t.app, 'auditclerk', 'Clerk12345');
    });

    it('leaves changes to a field the clerk may not see out of the history, and an update of only that field out entirely', async () => {
      const url = `/api/users/${ownId}`;
      const current = (await as(admin, 'GET', url)).json();
      expect((await as(admin, 'POST', url, { ...current, EmailAddress: 'owena2@example.org', ConfirmEmailAddress: 'owena2@example.org' })).statusCode).toBe(200);
      expect((await as(admin, 'POST', url, { ...current, EmailAddress: 'owena2@example.org', ConfirmEmailAddress: 'owena2@example.org', LastName: 'Owens' })).statusCode).toBe(200);
      // The administrator sees every change.
      const full = await history(admin, url);
      expect(full.map((e) => e.Action)).toEqual(['update', 'update', 'create']);
      expect(changeOf(full[1], 'EmailAddress')).toEqual({ Field: 'EmailAddress', Old: 'owena@example.org', New: 'owena2@example.org' });
      // The clerk: no Email Address anywhere, and the update that changed only it is not listed.
      const seen = await history(clerk, url);
      expect(seen.map((e) => e.Action)).toEqual(['update', 'create']);
      expect(seen[0].Changes).toEqual([{ Field: 'LastName', Old: 'Owenason', New: 'Owens' }]);
      expect(JSON.stringify(seen)).not.toContain('EmailAddress');
      expect(JSON.stringify(seen)).not.toContain('example.org');
    });

    it('answers 404 for the history of a record the row rule hides from the clerk', async () => {
      const res = await as(clerk, 'GET', `/api/users/${othersId}/history`);
      expect(res.statusCode).toBe(404);
      expect((await as(admin, 'GET', `/api/users/${othersId}/history`)).statusCode).toBe(200);
    });
  });
});
