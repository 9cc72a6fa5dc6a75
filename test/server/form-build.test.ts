import { beforeAll, describe, expect, it } from 'vitest';
import { databases, useTestApp, signIn, injectAs, type SignedIn } from './helper.ts';
import { injectLocked } from './record-lock-fixtures.ts';
import { addUser } from './account-fixtures.ts';

const incidentReport = {
  Name: 'Incident Report',
  Fields: [
    { Label: 'Title', FieldType: 'text', Required: true },
    { Label: 'Incident Date', FieldType: 'date' },
    { Label: 'Severity', FieldType: 'selectOne', Items: ['Low', 'Medium', 'High', ''] },
    { Label: 'Cost', FieldType: 'currency' },
    { Label: 'Description', FieldType: 'textArea' },
    { Label: 'Reviewer Notes', FieldType: 'text', IsUdf: true, StartDate: '2026-01-01', EndDate: '2099-12-31' },
  ],
  Page: { Name: 'Incidents' },
  MenuItem: true,
  Role: { Name: 'Clerk', Create: true, Update: true, Delete: false },
};

/** The form builder's one step: a form, its lists, page, menu item and a role's access, all or nothing. */
describe.each(databases)('building and publishing a form in one step, on %s', (kind) => {
  const t = useTestApp(kind);
  let admin: SignedIn;
  const build = (body: object, who?: SignedIn) => injectLocked(t.app, who ?? admin, { method: 'POST', url: '/api/forms/build', payload: body });
  const counts = async () => Object.fromEntries(await Promise.all(['forms', 'form_fields', 'simple_lookup_tables', 'simple_lookup_items', 'pages', 'menu_items', 'roles', 'role_permissions']
    .map(async (table) => [table, Number(Object.values((await t.app.db(table).count('* as n').first())!)[0])])));

  beforeAll(async () => { admin = await signIn(t.app); });

  it('refuses a build with faults, each named by its row, writing nothing', async () => {
    const before = await counts();
    const res = await build({
      Name: ' ', Fields: [
        { Label: '', FieldType: 'text' }, { Label: 'Severity', FieldType: 'selectOne', Items: ['Low', 'low'] },
        { Label: 'severity', FieldType: 'nope' }, { Label: 'Notes', FieldType: 'text', IsUdf: true },
      ],
      Page: { Name: 'Incidents' }, MenuItem: true, Role: { Name: '', Create: true, Update: true, Delete: false },
    });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().map((e: { PropertyName: string; ErrorMessage: string }) => [e.PropertyName, e.ErrorMessage])).toEqual([
      ['Name', 'Name is required.'],
      ['Fields/0/Label', 'Label is required.'],
      ['Fields/1/Items', 'The choice low is typed twice.'],
      ['Fields/2/Label', 'Two fields are named severity: give each its own name.'],
      ['Fields/2/FieldType', 'Choose the type of the field.'],
      ['Fields/3/StartDate', 'Start Date is required.'],
      ['Role/Name', 'Role Name is required.'],
    ]);
    expect(await counts()).toEqual(before);
  });

  it('makes the form, its list, page, first-tier menu item and the role, and a clerk of that role works at once', async () => {
    const before = await counts();
    const res = await build(incidentReport);
    expect(res.statusCode, res.body).toBe(201);
    const { FormId, PageId, Url, ImportId } = res.json();
    expect(Url).toBe('/incidents');
    expect(ImportId).toEqual(expect.any(Number));
    const after = await counts();
    expect(after.forms - before.forms).toBe(1);
    expect(after.form_fields - before.form_fields).toBe(6);
    expect(after.simple_lookup_items - before.simple_lookup_items).toBe(3);
    expect(after.pages - before.pages).toBe(1);
    const item = await t.app.db('menu_items').where({ Name: 'Incidents' }).first('ParentMenuItemId', 'SortOrder');
    expect(item.ParentMenuItemId).toBeNull();
    const others = await t.app.db('menu_items').whereNull('ParentMenuItemId').whereNot({ Name: 'Incidents' }).select('SortOrder');
    expect(others.length).toBeGreaterThan(0);
    for (const other of others) expect(item.SortOrder).toBeLessThan(other.SortOrder);

    const role = await t.app.db('roles').where({ Name: 'Clerk' }).first('RoleId');
    await addUser(t.app, { UserName: 'clerk1', Password: 'Clerk-12345', RoleIds: [role.RoleId] });
    const clerk = await signIn(t.app, 'clerk1', 'Clerk-12345');
    const as = (method: 'GET' | 'POST' | 'DELETE', url: string, payload?: object) => injectLocked(t.app, clerk, { method, url, payload });
    const severity = await t.app.db('simple_lookup_items').where({ Name: 'High' }).first('SimpleLookupItemId');
    const created = await as('POST', `/api/pages/${PageId}/records`, { Title: 'Spill', IncidentDate: '2026-11-20', Severity: severity.SimpleLookupItemId, Cost: 95, Description: 'Oil', ReviewerNotes: null });
    expect(created.statusCode, created.body).toBe(201);
    const read = (await as('GET', `/api/pages/${PageId}/records/${created.json().RecordId}`)).json();
    expect(read).toMatchObject({ Title: 'Spill', Cost: 95, Severity: severity.SimpleLookupItemId });
    // The clerk's menu: the new page first; the administration screens one greyed group, not a dozen greyed entries.
    const menu = (await as('GET', '/api/menu/all')).json() as Array<{ LinkText: string; HasAccess: boolean }>;
    expect(menu.map((n) => [n.LinkText, n.HasAccess])).toEqual([
      ['Incidents', true], ['My Account', false], ['Separator', true], ['Forms', false], ['Reports', false], ['Administration', false],
    ]);
    // Create, read and update, never delete, as chosen; the form's own screens stay the administrator's.
    expect((await as('DELETE', `/api/pages/${PageId}/records/${created.json().RecordId}`)).statusCode).toBe(403);
    expect((await as('GET', `/api/forms/${FormId}/records`)).statusCode).toBe(403);
  });

  it('refuses a second form of the same name, and a page route already taken, writing nothing', async () => {
    const before = await counts();
    const again = await build(incidentReport);
    expect(again.statusCode, again.body).toBe(400);
    expect(again.json()[0]).toMatchObject({ PropertyName: 'Name', ErrorMessage: 'A record with the name Incident Report already exists.' });
    const route = await build({ ...incidentReport, Name: 'Incident Report 2' });
    expect(route.statusCode, route.body).toBe(400);
    expect(route.json()[0]).toMatchObject({ PropertyName: 'Page/Name', ErrorMessage: 'The route /incidents is taken by the page Incidents (/incidents). Choose another route.' });
    const menu = await build({ ...incidentReport, Name: 'Incident Report 2', Page: { Name: 'Incidents', Route: '/incidents-2' } });
    expect(menu.json()[0]).toMatchObject({ PropertyName: 'Page/Name', ErrorMessage: 'The menu has an item Incidents on its first tier already: give the page another name.' });
    expect(await counts()).toEqual(before);
  });

  it('gives a new list its own name beside an existing one, and an existing role access to the new page too', async () => {
    const res = await build({ ...incidentReport, Name: 'Near Miss', Page: { Name: 'Near Misses' }, Fields: [incidentReport.Fields[0], incidentReport.Fields[2]] });
    expect(res.statusCode, res.body).toBe(201);
    const lists = await t.app.db('simple_lookup_tables').whereRaw("system_name like 'Severity%'").orderBy('SystemName').select('SystemName');
    expect(lists.map((l: { SystemName: string }) => l.SystemName)).toEqual(['Severity', 'Severity2']);
    const roles = await t.app.db('roles').where({ Name: 'Clerk' }).count('* as n').first();
    expect(Number(Object.values(roles!)[0])).toBe(1);
  });

  it('needs the modules of what it writes: a form manager without Role cannot hand out access', async () => {
    const { addRole, grantModule } = await import('./account-fixtures.ts');
    const roleId = await addRole(t.app, 'Form Builders');
    await grantModule(t.app, roleId, 'FormManagement');
    await addUser(t.app, { UserName: 'builder1', Password: 'Builder-12345', RoleIds: [roleId] });
    const builder = await signIn(t.app, 'builder1', 'Builder-12345');
    const before = await counts();
    const res = await build({ ...incidentReport, Name: 'Audit', Page: null, MenuItem: false }, builder);
    expect(res.statusCode, res.body).toBe(403);
    expect(res.json()[0].ErrorMessage).toBe("Importing roles' access needs the Role module as well.");
    expect(await counts()).toEqual(before);
    const plain = await build({ ...incidentReport, Name: 'Audit', Page: null, MenuItem: false, Role: null }, builder);
    expect(plain.statusCode, plain.body).toBe(201);
    // The form is the builder's own: without View All Records they still reach what they built.
    const { FormId } = plain.json();
    expect((await injectAs(t.app, builder, { method: 'GET', url: `/api/forms/${FormId}` })).statusCode).toBe(200);
  });
});
