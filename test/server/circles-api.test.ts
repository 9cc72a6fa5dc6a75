import { beforeAll, describe, expect, it } from 'vitest';
import { databases, useTestApp, signIn, type SignedIn } from './helper.ts';
import { addRole } from './account-fixtures.ts';
import { circleCalls, circleState } from './circles-fixtures.ts';

/** The aggregate circle page's calls (circles contract): each answer, and each refusal leaving nothing half-saved. */
describe.each(databases)('circles API on %s', (kind) => {
  const t = useTestApp(kind);
  let admin: SignedIn;
  const c = () => circleCalls(t.app, () => admin);
  let clerk: number;
  let retired: number;
  let ledger: Awaited<ReturnType<ReturnType<typeof c>['form']>>;
  let plain: Awaited<ReturnType<ReturnType<typeof c>['form']>>;
  const circles: Record<string, number> = {};

  beforeAll(async () => {
    admin = await signIn(t.app);
    ledger = await c().form('Ledger', true);
    plain = await c().form('Plain', false);
    clerk = await addRole(t.app, 'Clerk');
    retired = await addRole(t.app, 'Retired');
    await t.app.db('roles').where({ RoleId: retired }).update({ IsActive: false });
    // Clerk may update Ledger's records: the form's update route node gives it the Edit action.
    const module = await t.app.db('permission_nodes').where({ Type: 'module', Name: `Form${ledger.formId}` }).first('NodeId');
    const update = await t.app.db('permission_nodes').where({ Type: 'route', Name: `form-${ledger.formId}.update` }).first('NodeId');
    await t.app.db('role_permissions').insert([{ RoleId: clerk, NodeId: module.NodeId, HasAccess: true }, { RoleId: clerk, NodeId: update.NodeId, HasAccess: true }]);
    for (const name of ['North', 'South', 'East', 'West']) circles[name] = await c().atomic(name);
  });

  it('creates, reads and lists an aggregate with its roles, permissions, members, owner and users', async () => {
    const body = { Name: 'Coast', Description: 'Both shores', Role: [{ Id: clerk }], Permissions: [ledger.actions.delete], AtomicCircleHierarchy: [{ Id: circles.North }, { Id: circles.South }], OwnerAtomicCircle: { Id: circles.East }, Users: [{ Id: 1 }] };
    const made = await c().ok('/api/circles/aggregates', body);
    expect(made).toMatchObject({
      Name: 'Coast', Description: 'Both shores', IsActive: true, Role: [{ Id: clerk, Name: 'Clerk' }], Permissions: [ledger.actions.delete],
      AtomicCircleHierarchy: [{ Id: circles.North, Name: 'North' }, { Id: circles.South, Name: 'South' }], OwnerAtomicCircle: { Id: circles.East, Name: 'East' }, Users: [{ Id: 1 }], RowVersion: 1,
    });
    expect((await c().get(`/api/circles/aggregates/${made.Id}`)).json()).toEqual(made);
    const list = (await c().get('/api/circles/aggregates?q=coast')).json();
    expect(list.Items).toEqual([expect.objectContaining({ AggregateCircleId: made.Id, Name: 'Coast', OwnerAtomicCircleName: 'East', MemberCount: 2, IsActive: true })]);
    const audit = await t.app.db('audit_entries').where({ Entity: 'aggregatecircles', RecordId: made.Id }).select('Action');
    expect(audit).toEqual([{ Action: 'create' }]);
    const atomics = (await c().get('/api/circles/atomic?q=north')).json();
    expect(atomics.Items).toEqual([expect.objectContaining({ Name: 'North', AggregateCircleName: 'Coast', HasOwnRoles: false, MemberCount: 1 })]);
  });

  it('refuses a bad aggregate with the rule broken, at its property, and saves nothing of it', async () => {
    const coast = (await c().get('/api/circles/aggregates?q=coast')).json().Items[0].AggregateCircleId;
    const base = { Name: 'Inland', Role: [], Permissions: [], AtomicCircleHierarchy: [{ Id: circles.West }], OwnerAtomicCircle: null };
    const cases: Array<[object, number, string, string]> = [
      [{ Name: 'COAST' }, 409, 'Name', 'A record with the name COAST already exists.'],
      [{ AtomicCircleHierarchy: [{ Id: circles.West }, { Id: circles.North }] }, 400, 'AtomicCircleHierarchy', "The circle 'North' already belongs to the aggregate 'Coast'."],
      [{ OwnerAtomicCircle: { Id: circles.West } }, 400, 'OwnerAtomicCircle', 'An aggregate circle cannot be owned by one of its own member circles.'],
      [{ Role: [{ Id: retired }] }, 400, 'Role', `The role ${retired} does not exist or is inactive.`],
      [{ Role: [{ Id: 9999 }] }, 400, 'Role', 'The role 9999 does not exist or is inactive.'],
      [{ Permissions: [999999] }, 400, 'Permissions', 'The action 999999 does not exist.'],
      [{ Permissions: [plain.actions.update] }, 400, 'Permissions', "The form 'Plain' is not circleable: its actions cannot be granted by circle."],
      [{ AtomicCircleHierarchy: [{ Id: 9999 }] }, 400, 'AtomicCircleHierarchy', 'The circle 9999 does not exist.'],
      [{ OwnerAtomicCircle: { Id: 9999 } }, 400, 'OwnerAtomicCircle', 'The circle 9999 does not exist.'],
    ];
    const before = await circleState(t.app);
    for (const [change, status, PropertyName, ErrorMessage] of cases) {
      const res = await c().post('/api/circles/aggregates', { ...base, ...change });
      expect(res.statusCode, res.body).toBe(status);
      expect(res.json()).toContainEqual(expect.objectContaining({ PropertyName, ErrorMessage }));
      // The same body on the update of Coast is refused the same way (but its own name, and its own member North).
      if (PropertyName !== 'Name' && !ErrorMessage.includes("'Coast'")) expect((await c().post(`/api/circles/aggregates/${coast}`, { ...base, Name: 'Coast', ...change })).statusCode).toBe(status);
    }
    expect(await circleState(t.app)).toEqual(before);
  });

  it('updates only the sections sent, refuses a stale version, and deletes leaving the circles free', async () => {
    const coast = (await c().get('/api/circles/aggregates?q=coast')).json().Items[0].AggregateCircleId;
    const read = (await c().get(`/api/circles/aggregates/${coast}`)).json();
    const saved = await c().ok(`/api/circles/aggregates/${coast}`, { AtomicCircleHierarchy: [{ Id: circles.North }, { Id: circles.West }], RowVersion: read.RowVersion }, 200);
    expect(saved).toMatchObject({ Role: read.Role, Permissions: read.Permissions, Users: read.Users, AtomicCircleHierarchy: [{ Id: circles.North }, { Id: circles.West }], RowVersion: read.RowVersion + 1 });
    expect(await t.app.db('atomic_circles').where({ AtomicCircleId: circles.South }).first('AggregateCircleId')).toEqual({ AggregateCircleId: null });
    const stale = await c().post(`/api/circles/aggregates/${coast}`, { Name: 'Coastline', RowVersion: read.RowVersion });
    expect(stale.statusCode).toBe(409);
    expect((await c().get(`/api/circles/aggregates/${coast}`)).json().Name).toBe('Coast');
    const spare = await c().ok('/api/circles/aggregates', { Name: 'Spare', AtomicCircleHierarchy: [{ Id: circles.South }] });
    expect((await c().call({ method: 'DELETE', url: `/api/circles/aggregates/${spare.Id}` })).statusCode).toBe(204);
    expect(await t.app.db('atomic_circles').where({ AtomicCircleId: circles.South }).first('AggregateCircleId')).toEqual({ AggregateCircleId: null });
    expect((await c().get(`/api/circles/aggregates/${spare.Id}`)).statusCode).toBe(404);
    expect(await t.app.db('audit_entries').where({ Entity: 'aggregatecircles', RecordId: spare.Id }).orderBy('AuditId').select('Action')).toEqual([{ Action: 'create' }, { Action: 'delete' }]);
    for (const [method, url] of [['POST', `/api/circles/aggregates/${spare.Id}`], ['DELETE', `/api/circles/aggregates/${spare.Id}`]] as const) {
      expect((await c().call({ method, url, payload: method === 'POST' ? { Name: 'Gone' } : undefined })).statusCode).toBe(404);
    }
    const missing = await c().get('/api/circles/atomic-circle?id=9999');
    expect([missing.statusCode, missing.json()[0].ErrorMessage]).toEqual([404, 'The circle 9999 does not exist.']);
    expect((await c().post('/api/circles/atomic/9999/role', { Role: [] })).statusCode).toBe(404);
  });

  it('gives a member circle its own roles and permissions, and makes it inherit again', async () => {
    const coast = (await c().get('/api/circles/aggregates?q=coast')).json().Items[0].AggregateCircleId;
    const inherited = (await c().get(`/api/circles/atomic-circle?id=${circles.North}`)).json();
    expect(inherited).toMatchObject({ Id: circles.North, HasOwnRoles: false, Role: [{ Id: clerk, Name: 'Clerk' }], Permissions: [ledger.actions.delete], AggregateCircleId: coast, AggregateCircleName: 'Coast' });
    const own = await c().ok(`/api/circles/atomic/${circles.North}/role`, { Role: [], Permissions: [ledger.actions.create], OwnerAtomicCircle: { Id: circles.East } }, 200);
    expect(own).toMatchObject({ HasOwnRoles: true, Role: [], Permissions: [ledger.actions.create], OwnerAtomicCircle: { Id: circles.East, Name: 'East' } });
    const tree = (await c().get(`/api/circles/combined-form-actions/atomic?roleIds=${clerk}&aggregateCircleId=${coast}&atomicCircleId=${circles.North}`)).json();
    const actions = tree.find((f: { FormId: number }) => f.FormId === ledger.formId).Actions;
    expect(actions.find((a: { ActionId: number }) => a.ActionId === ledger.actions.create)).toMatchObject({ Checked: true, Locked: false, GrantedBy: [] });
    // The form's module node gives Print (read), its update route node Edit.
    expect(actions.find((a: { ActionId: number }) => a.ActionId === ledger.actions.read)).toMatchObject({ Checked: true, Locked: true, GrantedBy: ['Clerk'] });
    expect(actions.find((a: { ActionId: number }) => a.ActionId === ledger.actions.update)).toMatchObject({ Checked: true, Locked: true, GrantedBy: ['Clerk'] });
    expect(actions.find((a: { ActionId: number }) => a.ActionId === ledger.actions.delete)).toMatchObject({ Checked: false });
    const refused = await c().post(`/api/circles/atomic/${circles.North}/role`, { Role: [{ Id: retired }], Permissions: [plain.actions.read] });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().map((e: { PropertyName: string }) => e.PropertyName)).toEqual(['Role', 'Permissions']);
    expect((await c().get(`/api/circles/atomic-circle?id=${circles.North}`)).json()).toEqual(own);
    const back = await c().ok(`/api/circles/atomic/${circles.North}/role`, { HasOwnRoles: false }, 200);
    expect(back).toMatchObject({ HasOwnRoles: false, Role: [{ Id: clerk }], Permissions: [ledger.actions.delete] });
    expect(await t.app.db('atomic_circle_actions').where({ AtomicCircleId: circles.North })).toEqual([]);
    expect((await t.app.db('audit_entries').where({ Entity: 'atomiccircles', RecordId: circles.North, Action: 'update' })).length).toBe(2);
  });

  it('answers the choices of the page: free circles, owners, aggregates by owner, roles, form actions, combined trees', async () => {
    const coast = (await c().get('/api/circles/aggregates?q=coast')).json().Items[0].AggregateCircleId;
    const free = (await c().get(`/api/circles/non-aggregated?id=${coast}`)).json();
    expect(free).toEqual([
      { Id: 1, Name: 'Default', isChecked: false }, { Id: circles.East, Name: 'East', isChecked: false }, { Id: circles.North, Name: 'North', isChecked: true },
      { Id: circles.South, Name: 'South', isChecked: false }, { Id: circles.West, Name: 'West', isChecked: true },
    ]);
    expect((await c().get('/api/circles/non-aggregated')).json().map((x: { Name: string }) => x.Name)).toEqual(['Default', 'East', 'South']);
    expect((await c().get(`/api/circles/owner-atomic-circles?excludeId=${circles.East}`)).json().map((x: { Name: string }) => x.Name)).toEqual(['Default', 'North', 'South', 'West']);
    expect((await c().get(`/api/circles/aggregate-by-owner?id=${circles.East}`)).json()).toEqual([{ Id: coast, Name: 'Coast' }]);
    expect((await c().get('/api/circles/roles')).json()).toContainEqual({ Id: clerk, Name: 'Clerk' });
    expect((await c().get('/api/circles/roles')).json()).not.toContainEqual(expect.objectContaining({ Id: retired }));
    const actions = (await c().get(`/api/circles/form-actions?id=${ledger.formId}`)).json();
    expect(actions.map((a: { Name: string; RouteKind: string }) => `${a.Name}:${a.RouteKind}`)).toEqual(['Edit:update', 'Delete:delete', 'Copy:create', 'Print:read']);
    expect((await c().get(`/api/circles/form-actions?id=${plain.formId}`)).statusCode).toBe(404);
    expect((await c().get('/api/circles/form-actions')).json().every((a: { FormId: number }) => a.FormId !== plain.formId)).toBe(true);
    const tree = (await c().get(`/api/circles/combined-form-actions/aggregate?roleIds=${clerk}&aggregateCircleId=${coast}`)).json();
    expect(tree.map((f: { Name: string }) => f.Name)).toEqual(['Ledger']);
    expect(tree[0].Actions.map((a: { Name: string; Checked: boolean; Locked: boolean }) => `${a.Name}:${a.Checked}:${a.Locked}`)).toEqual(['Edit:true:true', 'Delete:true:false', 'Copy:false:false', 'Print:true:true']);
    // Role 1 (the administrator role) grants every action.
    const admins = (await c().get('/api/circles/combined-form-actions/aggregate?roleIds=1')).json();
    expect(admins[0].Actions.every((a: { Checked: boolean; Locked: boolean }) => a.Checked && a.Locked)).toBe(true);
  });
});
