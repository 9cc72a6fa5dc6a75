import { beforeAll, describe, expect, it } from 'vitest';
import { databases, useTestApp, signIn, injectAs, type SignedIn } from './helper.ts';
import { addRole, addUser, grantModule } from './account-fixtures.ts';
import { person } from './access-fixtures.ts';
import { injectLocked } from './record-lock-fixtures.ts';
import { apiRoutes, bodyFor } from './api-routes.ts';
import { circleCalls } from './circles-fixtures.ts';
import { fieldAccessMessage } from '../../server/lib/crud/record-access.ts';
import { messages } from '../../server/plugins/access.ts';

/**
 * Atomic circles' own rules (Default stays, a circle in use stays), the module guard of every circle call, the circles
 * a user may move a record to, and a user's circles: set only by a holder of AggregateCircleManagement.
 */
describe.each(databases)('circles: atomic rules, guard and users on %s', (kind) => {
  const t = useTestApp(kind);
  let admin: SignedIn;
  let clerk: SignedIn;
  const c = () => circleCalls(t.app, () => admin);
  const as = (who: SignedIn, method: 'GET' | 'POST' | 'DELETE', url: string, payload?: object) => injectLocked(t.app, who, { method, url, payload });
  let ledger: Awaited<ReturnType<ReturnType<typeof c>['form']>>;
  let clerkCircle: number;

  beforeAll(async () => {
    admin = await signIn(t.app);
    ledger = await c().form('Ledger', true);
    // A clerk manages users, not circles, and sits in a circle of their own.
    clerkCircle = await c().atomic('Front Office');
    const clerks = await addRole(t.app, 'Clerks');
    await grantModule(t.app, clerks, 'RegisterUser', true);
    await grantModule(t.app, clerks, `Form${ledger.formId}`);
    const clerkId = await addUser(t.app, { UserName: 'clerk', Password: 'Clerk12345', RoleIds: [clerks] });
    await t.app.db('users').where({ UserId: clerkId }).update({ OwnerAtomicCircleId: clerkCircle });
    clerk = await signIn(t.app, 'clerk', 'Clerk12345');
  });

  it('keeps the Default circle, and a circle that still owns users or records', async () => {
    expect((await as(admin, 'POST', '/api/circles/atomic', { Name: 'front office' })).json()).toEqual([expect.objectContaining({ PropertyName: 'Name', ErrorMessage: 'A record with the name front office already exists.' })]);
    for (const [method, url] of [['POST', '/api/circles/atomic/1/deactivate'], ['DELETE', '/api/circles/atomic/1']] as const) {
      const res = await as(admin, method, url);
      expect(res.statusCode).toBe(403);
      expect(res.json()[0].ErrorMessage).toBe('The Default circle cannot be deleted or deactivated.');
    }
    const { record } = await import('./record-lock-fixtures.ts').then((m) => m.readForUpdate(t.app, admin, '/api/circles/atomic/1'));
    expect(record).toMatchObject({ AtomicCircleId: 1, Name: 'Default', MemberCount: 1 });
    const off = await as(admin, 'POST', '/api/circles/atomic/1', { Name: 'Default', IsActive: false });
    expect(off.json()).toEqual([expect.objectContaining({ PropertyName: 'IsActive', ErrorMessage: 'The Default circle cannot be deleted or deactivated.' })]);

    const vault = await c().atomic('Vault');
    const record1 = await c().ok(`/api/forms/${ledger.formId}/records`, { Title: 'One' });
    await t.app.db(`form_records_${ledger.formId}`).where({ RecordId: record1.RecordId }).update({ AtomicCircleId: vault });
    const keeper = await addUser(t.app, { UserName: 'keeper' });
    await t.app.db('users').where({ UserId: keeper }).update({ OwnerAtomicCircleId: vault });
    const inUse = 'This circle still owns 1 users and 1 records: move them first.';
    for (const [method, url, payload] of [['DELETE', `/api/circles/atomic/${vault}`], ['POST', `/api/circles/atomic/${vault}/deactivate`], ['POST', `/api/circles/atomic/${vault}`, { Name: 'Vault', IsActive: false }]] as const) {
      const res = await as(admin, method, url, payload);
      expect(res.statusCode, url).toBe(409);
      expect(res.json()[0].ErrorMessage).toBe(inUse);
    }
    expect(await t.app.db('atomic_circles').where({ AtomicCircleId: vault }).first('IsActive')).toEqual({ IsActive: true });
    await t.app.db('users').where({ UserId: keeper }).update({ OwnerAtomicCircleId: 1 });
    await t.app.db(`form_records_${ledger.formId}`).where({ RecordId: record1.RecordId }).update({ AtomicCircleId: 1 });
    expect((await as(admin, 'DELETE', `/api/circles/atomic/${vault}`)).statusCode).toBe(204);
    const unknown = await as(admin, 'POST', '/api/circles/atomic', { Name: 'Nowhere', AggregateCircleId: 999 });
    expect(unknown.json()).toEqual([expect.objectContaining({ PropertyName: 'AggregateCircleId', ErrorMessage: 'The aggregate circle 999 does not exist.' })]);
  });

  it('refuses every circle call to a user without AggregateCircleManagement, but their own circles', async () => {
    const routes = (await apiRoutes(t.app)).filter((r) => r.url.startsWith('/api/circles/'));
    expect(routes.length).toBeGreaterThanOrEqual(20);
    for (const route of routes) {
      const res = await injectAs(t.app, clerk, { method: route.method, url: route.url.replace('?', ''), ...bodyFor(route.method) });
      if (route.url === '/api/circles/user-atomic-circles') expect(res.statusCode, `${route.method} ${route.url}`).not.toBe(403);
      else {
        expect(res.statusCode, `${route.method} ${route.url}`).toBe(403);
        expect(res.json()[0].ErrorMessage).toBe(messages.noAccess);
      }
    }
  });

  it("offers a user the circles they are in, with what each circle's roles and grants allow on the form's page", async () => {
    const { AccessPageId } = await t.app.db('forms').where({ FormId: ledger.formId }).first('AccessPageId');
    const east = await c().atomic('East Desk');
    const west = await c().atomic('West Desk');
    await c().ok('/api/circles/aggregates', { Name: 'Desks', Role: [{ Id: 1 }], Permissions: [], AtomicCircleHierarchy: [{ Id: east }, { Id: west }], OwnerAtomicCircle: null, Users: [] });
    await c().ok(`/api/circles/atomic/${west}/role`, { Role: [], Permissions: [ledger.actions.read] }, 200);
    const clerkId = (await t.app.db('users').where({ UserName: 'clerk' }).first('UserId')).UserId;
    await t.app.db('user_circles').insert({ UserId: clerkId, AtomicCircleId: west });
    await t.app.db('user_circles').insert({ UserId: clerkId, AtomicCircleId: east });
    const mine = (await injectAs(t.app, clerk, { method: 'GET', url: `/api/circles/user-atomic-circles?pageId=${AccessPageId}` })).json();
    const all = Object.values(ledger.actions).sort((a, b) => a - b);
    expect(mine).toEqual([
      { Id: east, Name: 'East Desk', ActionIds: all },
      { Id: clerkCircle, Name: 'Front Office', ActionIds: [] },
      { Id: west, Name: 'West Desk', ActionIds: [ledger.actions.read] },
    ]);
    // With View All Records on the form, every active circle is offered.
    await t.app.db('role_permissions').where({ NodeId: (await t.app.db('permission_nodes').where({ Type: 'module', Name: `Form${ledger.formId}` }).first('NodeId')).NodeId }).update({ ViewAllRecords: true });
    await t.app.db('modules').where({ Name: `Form${ledger.formId}` }).update({ AllowViewAllRecords: true });
    const every = (await injectAs(t.app, clerk, { method: 'GET', url: `/api/circles/user-atomic-circles?pageId=${AccessPageId}` })).json();
    expect(every.map((x: { Name: string }) => x.Name)).toContain('Default');
  });

  it("sets a user's circles only for a holder of AggregateCircleManagement; others' new users join their own circle", async () => {
    const north = await c().atomic('North Wing');
    const south = await c().atomic('South Wing');
    const made = await as(admin, 'POST', '/api/users', { ...person('Nora'), Password: 'Secret1234', ConfirmPassword: 'Secret1234', OwnerAtomicCircleId: north, AtomicCircleIds: [south] });
    expect(made.statusCode, made.body).toBe(201);
    expect(made.json()).toMatchObject({ OwnerAtomicCircleId: north, AtomicCircleIds: [south] });
    const bad = await as(admin, 'POST', '/api/users', { ...person('Ned'), Password: 'Secret1234', ConfirmPassword: 'Secret1234', OwnerAtomicCircleId: 999, AtomicCircleIds: [998] });
    expect(bad.json().map((e: { PropertyName: string }) => e.PropertyName), bad.body).toEqual(['OwnerAtomicCircleId', 'AtomicCircleIds']);
    expect(await t.app.db('users').where({ UserName: 'ned' }).first()).toBeUndefined();

    const refused = await as(clerk, 'POST', '/api/users', { ...person('Mallory'), OwnerAtomicCircleId: north });
    expect(refused.json()).toEqual([{ PropertyName: 'OwnerAtomicCircleId', ErrorMessage: fieldAccessMessage, ErrorCode: 'FieldAccess' }]);
    const byClerk = await as(clerk, 'POST', '/api/users', person('Carl'));
    expect(byClerk.statusCode, byClerk.body).toBe(201);
    expect(await t.app.db('users').where({ UserName: 'carl' }).first('OwnerAtomicCircleId')).toEqual({ OwnerAtomicCircleId: clerkCircle });
    const nora = made.json().UserId;
    const read = (await as(clerk, 'GET', `/api/users/${nora}`)).json();
    expect(read).not.toHaveProperty('AtomicCircleIds');
    const saved = await as(clerk, 'POST', `/api/users/${nora}`, { ...read, FirstName: 'Nora B', ConfirmEmailAddress: read.EmailAddress });
    expect(saved.statusCode, saved.body).toBe(200);
    expect((await as(admin, 'GET', `/api/users/${nora}`)).json()).toMatchObject({ FirstName: 'Nora B', OwnerAtomicCircleId: north, AtomicCircleIds: [south] });
    const { Screen } = (await as(clerk, 'GET', '/api/metadata/screens/users')).json();
    expect(Screen.form.fields.create).not.toContain('OwnerAtomicCircleId');
  });
});
