import { beforeAll, describe, expect, it } from 'vitest';
import { databases, injectAs, signIn, useTestApp, type SignedIn } from './helper.ts';
import { injectLocked } from './record-lock-fixtures.ts';
import { addRole, addUser } from './account-fixtures.ts';
import { nodeId, revokeNode } from './access-fixtures.ts';
import { hiddenFieldMessage } from '../../server/modules/widgets/kinds/form-kinds.ts';

type Home = { Widgets: Array<{ WidgetId: number; Title: string; Size: string }>; Hidden: Array<{ WidgetId: number; Title: string }> };

/**
 * Issue 32 "Home and widgets": widgets defined as data and placed on roles' homes, in order and size; each user's home
 * is the widgets of every role they hold, once, minus those they hid; and every widget reads through the one access
 * evaluator: a clerk in a circle counts, charts and lists only the records of their circles, never by a field hidden
 * from them.
 */
describe.each(databases)('home widgets on %s', (kind) => {
  const t = useTestApp(kind);
  let admin: SignedIn;
  let nora: SignedIn;
  let sam: SignedIn;
  let formId: number;
  let clerks: number;
  let north: number;
  let south: number;
  const ids: Record<string, number> = {};
  // Changes to a widget and arrangements are made as the manager's screens make them: under the record's lock.
  const call = (who: SignedIn, method: 'GET' | 'POST' | 'DELETE', url: string, payload?: object) => injectLocked(t.app, who, { method, url, payload });
  const home = async (who: SignedIn) => (await call(who, 'GET', '/api/home/widgets')).json() as Home;
  const titles = (widgets: Array<{ Title: string }>) => widgets.map((w) => w.Title);
  const data = (who: SignedIn, name: string) => call(who, 'GET', `/api/home/widgets/${ids[name]}/data`);
  const define = async (body: object) => {
    const res = await call(admin, 'POST', '/api/widgets', body);
    expect(res.statusCode, res.body).toBe(201);
    return res.json().WidgetId as number;
  };
  const placed = (...roles: number[]) => roles.map((RoleId) => ({ RoleId, Size: 'medium' }));

  beforeAll(async () => {
    admin = await signIn(t.app);
    const built = await injectLocked(t.app, admin, {
      method: 'POST', url: '/api/forms/build', payload: {
        Name: 'Incident', IsCircleable: true, Page: { Name: 'Incidents' }, Role: { Name: 'Clerk', Create: true, Update: true, Delete: true },
        Fields: [{ Label: 'Title', FieldType: 'text' }, { Label: 'Severity', FieldType: 'selectOne', Items: ['Low', 'High'] }, { Label: 'Cost', FieldType: 'decimal' }],
      },
    });
    expect(built.statusCode, built.body).toBe(201);
    ({ FormId: formId } = built.json());
    clerks = (await t.app.db('roles').where({ Name: 'Clerk' }).first('RoleId')).RoleId;
    const db = t.app.db;
    const pageId = (await db('pages').where({ FormId: formId }).first('PageId')).PageId;
    [{ AtomicCircleId: north }] = await db('atomic_circles').insert({ Name: 'North' }).returning('AtomicCircleId');
    [{ AtomicCircleId: south }] = await db('atomic_circles').insert({ Name: 'South' }).returning('AtomicCircleId');
    for (const [name, circle] of [['nora', north], ['sam', south]] as const) {
      const id = await addUser(t.app, { UserName: name, Password: 'Secret12345', RoleIds: [clerks] });
      await db('users').where({ UserId: id }).update({ OwnerAtomicCircleId: circle });
    }
    nora = await signIn(t.app, 'nora', 'Secret12345');
    sam = await signIn(t.app, 'sam', 'Secret12345');
    const { AttributeValues } = await db('form_fields').where({ FormId: formId, StoredName: 'Severity' }).first('AttributeValues');
    const items = Object.fromEntries((await db('simple_lookup_items').where({ TableId: AttributeValues.lookupListId }).select('Name', 'SimpleLookupItemId'))
      .map((i: { Name: string; SimpleLookupItemId: number }) => [i.Name, i.SimpleLookupItemId]));
    for (const [who, Title, severity, Cost] of [[nora, 'North leak', 'High', 100], [nora, 'North dent', 'Low', 10], [sam, 'South spill', 'High', 1000], [admin, 'Head office', 'Low', 5]] as const) {
      const made = await injectLocked(t.app, who, { method: 'POST', url: who === admin ? `/api/forms/${formId}/records` : `/api/pages/${pageId}/records`, payload: { Title, Severity: items[severity], Cost } });
      expect(made.statusCode, made.body).toBe(201);
    }
    // Clerks reach incidents through their page; from now on without what an incident cost.
    await revokeNode(t.app, clerks, `Page${pageId}`, { type: 'field', name: 'Cost' });
  });

  it('defines widgets as data, refuses a definition that does not fit its source, and is for WidgetManager alone', async () => {
    const bad = await call(admin, 'POST', '/api/widgets', {
      Kind: 'chart', Title: 'By title', Source: formId, Options: { GroupBy: 'Title', Measure: 'sum', Field: 'Title' }, Placements: placed(clerks),
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().map((e: { PropertyName: string; ErrorMessage: string }) => [e.PropertyName, e.ErrorMessage])).toEqual([
      ['Options/Field', 'Choose a number field to sum.'], ['Options/GroupBy', 'Group by a lookup field or a date.'],
    ]);
    const script = await call(admin, 'POST', '/api/widgets', { Kind: 'links', Title: 'Links', Options: { Links: [{ Title: 'x', Url: 'javascript:alert(1)' }] }, Placements: [] });
    expect(script.json()).toEqual([{ PropertyName: 'Options/Links/0/Url', ErrorMessage: 'Give a path of this application (/...) or an http(s) address.', ErrorCode: 'Widget' }]);
    ids.count = await define({ Kind: 'number', Title: 'Incidents', Source: formId, Options: { Measure: 'count' }, Placements: [{ RoleId: clerks, Size: 'small' }] });
    ids.high = await define({ Kind: 'number', Title: 'High incidents', Source: formId, Options: { Measure: 'count', Filter: { Field: 'Severity', Value: 'High' } }, Placements: placed(clerks) });
    ids.cost = await define({ Kind: 'number', Title: 'Total cost', Source: formId, Options: { Measure: 'sum', Field: 'Cost' }, Placements: placed(clerks) });
    ids.chart = await define({ Kind: 'chart', Title: 'By severity', Source: formId, Options: { GroupBy: 'Severity', Chart: 'pie' }, Placements: [{ RoleId: clerks, Size: 'large' }] });
    ids.recent = await define({ Kind: 'recent', Title: 'Recently changed', Options: {}, Placements: placed(clerks) });
    ids.links = await define({ Kind: 'links', Title: 'Links', Options: { Links: [{ Title: 'Reports', Url: '/reportmodule/view' }] }, Placements: placed(clerks) });
    expect((await call(nora, 'GET', '/api/widgets')).statusCode).toBe(403);
    expect((await call(nora, 'POST', '/api/widgets', { Kind: 'links', Title: 'Mine', Options: { Links: [{ Title: 'a', Url: '/home' }] }, Placements: placed(clerks) })).statusCode).toBe(403);
    const listed = (await call(admin, 'GET', '/api/widgets')).json();
    expect(listed.find((w: { WidgetId: number }) => w.WidgetId === ids.chart)).toMatchObject({ Kind: 'chart', Source: formId, Options: { GroupBy: 'Severity' }, Placements: [{ RoleId: clerks, RoleName: 'Clerk', Size: 'large', SortOrder: 4 }] });
  });

  it("shows a role's widgets in their order to its users, arranged by the manager; a bad arrangement is 'Reorder'", async () => {
    expect(titles((await home(nora)).Widgets)).toEqual(['Incidents', 'High incidents', 'Total cost', 'By severity', 'Recently changed', 'Links']);
    const order = [ids.chart, ids.count, ids.high, ids.cost, ids.recent, ids.links];
    const arranged = await call(admin, 'POST', '/api/widgets/arrange', { RoleId: clerks, WidgetIds: order });
    expect(arranged.statusCode, arranged.body).toBe(200);
    expect((await home(nora)).Widgets.map((w) => w.WidgetId)).toEqual(order);
    const stale = await call(admin, 'POST', '/api/widgets/arrange', { RoleId: clerks, WidgetIds: order.slice(1) });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()[0].ErrorCode).toBe('Reorder');
    expect((await home(nora)).Widgets.map((w) => w.WidgetId)).toEqual(order);
    // Admin holds no Clerk role: nothing of theirs; another role's widget shows once to whoever holds both roles.
    expect((await home(admin)).Widgets).toEqual([]);
    const leads = await addRole(t.app, 'Leads');
    await t.app.db('user_roles').insert({ UserId: (await t.app.db('users').where({ UserName: 'nora' }).first('UserId')).UserId, RoleId: leads });
    ids.both = await define({ Kind: 'links', Title: 'Both', Options: { Links: [{ Title: 'Home', Url: '/home' }] }, Placements: [...placed(clerks), { RoleId: leads, Size: 'large' }] });
    await call(admin, 'POST', '/api/widgets/arrange', { RoleId: leads, WidgetIds: [ids.both] });
    const noras = (await home(nora)).Widgets;
    expect(noras.filter((w) => w.WidgetId === ids.both)).toEqual([expect.objectContaining({ Size: 'large' })]);
    expect((await home(sam)).Widgets.at(-1)?.WidgetId).toBe(ids.both);
  });

  it('lets a user hide a widget from their own home and show it again, and no widget of another role', async () => {
    expect((await call(nora, 'POST', `/api/home/widgets/${ids.links}/hide`, {})).statusCode).toBe(204);
    expect(titles((await home(nora)).Widgets)).not.toContain('Links');
    expect(titles((await home(nora)).Hidden)).toEqual(['Links']);
    expect(titles((await home(sam)).Widgets)).toContain('Links');
    expect((await data(nora, 'links')).statusCode).toBe(200);
    // An administrator viewing as nora sees her home as she does, and cannot hide or show for her.
    const asNora = { 'x-view-as': String((await t.app.db('users').where({ UserName: 'nora' }).first('UserId')).UserId) };
    expect((await injectAs(t.app, admin, { method: 'GET', url: '/api/home/widgets', headers: asNora })).json()).toEqual(await home(nora));
    expect((await injectAs(t.app, admin, { method: 'GET', url: `/api/home/widgets/${ids.links}/data`, headers: asNora })).statusCode).toBe(200);
    expect((await injectAs(t.app, admin, { method: 'POST', url: `/api/home/widgets/${ids.links}/unhide`, payload: {}, headers: asNora })).statusCode).toBe(400);
    expect(titles((await home(nora)).Hidden)).toEqual(['Links']);
    expect((await call(nora, 'POST', `/api/home/widgets/${ids.links}/unhide`, {})).statusCode).toBe(204);
    expect(titles((await home(nora)).Widgets)).toContain('Links');
    const elsewhere = await define({ Kind: 'links', Title: 'Admins only', Options: { Links: [{ Title: 'Home', Url: '/home' }] }, Placements: placed(1) });
    expect((await call(nora, 'POST', `/api/home/widgets/${elsewhere}/hide`, {})).statusCode).toBe(404);
    expect((await call(nora, 'GET', `/api/home/widgets/${elsewhere}/data`)).statusCode).toBe(404);
  });

  it("counts, charts and lists only the records of the viewer's circles, and nothing by a field hidden from them", async () => {
    expect((await data(nora, 'count')).json()).toEqual({ Value: 2 });
    expect((await data(sam, 'count')).json()).toEqual({ Value: 1 });
    expect((await data(nora, 'high')).json()).toEqual({ Value: 1 });
    const chart = (await data(nora, 'chart')).json();
    expect(chart).toMatchObject({ Kind: 'pie', Labels: ['High', 'Low'], Series: [{ Values: [1, 1] }] });
    const byMonth = await define({ Kind: 'chart', Title: 'By month', Source: formId, Options: { GroupBy: 'CreatedDate', Chart: 'line' }, Placements: placed(clerks) });
    expect((await call(sam, 'GET', `/api/home/widgets/${byMonth}/data`)).json()).toMatchObject({ Kind: 'line', Labels: [new Date().toISOString().slice(0, 7)], Series: [{ Title: 'Records', Values: [1] }] });
    // The cost is hidden from clerks: the sum says so and shows nothing of it; nor does a count filtered by it.
    expect((await data(nora, 'cost')).json()).toEqual({ Unavailable: hiddenFieldMessage });
    const byCost = await define({ Kind: 'number', Title: 'Dear', Source: formId, Options: { Measure: 'count', Filter: { Field: 'Cost', Value: '100' } }, Placements: placed(clerks) });
    expect((await call(nora, 'GET', `/api/home/widgets/${byCost}/data`)).json()).toEqual({ Unavailable: hiddenFieldMessage });
    expect((await data(nora, 'count')).statusCode).toBe(200);
    const recent = (await data(nora, 'recent')).json();
    expect(recent.Items.map((i: { Title: string }) => i.Title).sort()).toEqual([`Incident #${await recordId('North dent')}`, `Incident #${await recordId('North leak')}`].sort());
    expect(JSON.stringify(recent)).not.toContain(`#${await recordId('South spill')}`);
    expect(recent.Items[0].Url).toBe(`/incidents/update/${await recordId('North dent')}`);
    // Placed on the administrator's role, the same widgets count everything.
    await call(admin, 'POST', `/api/widgets/${ids.cost}`, { Kind: 'number', Title: 'Total cost', Source: formId, Options: { Measure: 'sum', Field: 'Cost' }, Placements: [...placed(clerks), ...placed(1)] });
    await call(admin, 'POST', `/api/widgets/${ids.count}`, { Kind: 'number', Title: 'Incidents', Source: formId, Options: { Measure: 'count' }, Placements: [...placed(clerks), ...placed(1)] });
    expect((await data(admin, 'cost')).json()).toEqual({ Value: 1115 });
    expect((await data(admin, 'count')).json()).toEqual({ Value: 4 });
    // Without the form's module, the form answers as none.
    const pageId = (await t.app.db('pages').where({ FormId: formId }).first('PageId')).PageId;
    await t.app.db('role_permissions').where({ RoleId: clerks, NodeId: await nodeId(t.app, `Page${pageId}`) }).delete();
    expect((await data(nora, 'count')).statusCode).toBe(404);
    expect((await data(nora, 'recent')).json().Items).toEqual([]);
    expect((await data(nora, 'links')).statusCode).toBe(200);
  });

  it('deletes a widget from every home', async () => {
    expect((await call(admin, 'DELETE', `/api/widgets/${ids.links}`)).statusCode).toBe(204);
    expect(titles((await home(nora)).Widgets)).not.toContain('Links');
    expect((await call(admin, 'DELETE', `/api/widgets/${ids.links}`)).statusCode).toBe(404);
  });

  const recordId = async (Title: string) => (await t.app.db(`form_records_${formId}`).where({ Title }).first('RecordId')).RecordId as number;
});
