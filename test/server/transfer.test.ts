import { beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { databases, useTestApp, signIn, type SignedIn } from './helper.ts';
import { injectLocked } from './record-lock-fixtures.ts';
import { addRole, addUser, grantModule } from './account-fixtures.ts';
import { dump } from './transfer-fixtures.ts';

type Method = 'GET' | 'POST' | 'DELETE';
type Plan = Array<{ Kind: string; Key: string; Action: string; Changes: string[] }>;

describe.each(databases)('a built application moves to another installation, on %s', (kind) => {
  const source = useTestApp(kind);
  const target = useTestApp(kind);
  const password = 'Passw0rd1';
  let srcAdmin: SignedIn;
  let dstAdmin: SignedIn;
  let formId: number;
  let document: Record<string, any>;

  const as = (app: FastifyInstance, who: SignedIn, method: Method, url: string, payload?: object) => injectLocked(app, who, { method, url, payload });
  async function post(app: FastifyInstance, who: SignedIn, url: string, body: object, status = 201) {
    const res = await as(app, who, 'POST', url, body);
    expect(res.statusCode, res.body).toBe(status);
    return res.json();
  }
  const preview = (doc: object) => as(target.app, dstAdmin, 'POST', '/api/transfer/preview', { Document: doc });
  const importing = (doc: object) => as(target.app, dstAdmin, 'POST', '/api/transfer/import', { Document: doc, FileName: 'incidents.json' });

  beforeAll(async () => {
    srcAdmin = await signIn(source.app);
    dstAdmin = await signIn(target.app);
    const src = source.app;
    const listId = (await post(src, srcAdmin, '/api/lookup-tables', { SystemName: 'Severity', DisplayName: 'Severity', Description: null, IsActive: true, IsEditable: true })).SimpleLookupTableId;
    for (const Name of ['Low', 'High']) await post(src, srcAdmin, `/api/simple-lookups/${listId}/items`, { Name, Description: null, IsActive: true });
    formId = (await post(src, srcAdmin, '/api/forms', { Name: 'Incident Report', Description: 'Reported incidents', CanHaveEav: true, IsCircleable: false, IsActive: true })).FormId;
    const field = (Name: string, FieldType: string, extra: object = {}) => ({
      FormId: formId, Name, ReportLabelText: Name, FieldType, IsUdf: false, IsActive: true, StartDate: null, EndDate: null, AttributeValues: {}, ...extra,
    });
    await post(src, srcAdmin, '/api/formfields', field('Title', 'text', { AttributeValues: { required: true } }));
    await post(src, srcAdmin, '/api/formfields', field('Severity', 'selectOne', { AttributeValues: { lookupListId: listId } }));
    await post(src, srcAdmin, '/api/formfields', field('Occurred On', 'date'));
    await post(src, srcAdmin, '/api/formfields', field('Cost', 'currency'));
    await post(src, srcAdmin, '/api/formfields', field('Witness', 'text', { IsUdf: true, ReportLabelText: null, StartDate: '2020-01-01' }));
    const pageId = (await post(src, srcAdmin, '/api/pages', {
      Name: 'Incidents', Description: null, PermissionsDisplayName: 'Incidents Page', FormId: formId, ParentPageId: null,
      Controller: null, ViewPath: null, Route: '/incidents', Action: null, Target: 'self', IsActive: true,
    })).PageId;
    // A typed page field with its route, target and an attribute of its type (issue 29): carried by the document.
    await post(src, srcAdmin, '/api/pagefields', { PageId: pageId, FieldType: 'text', Name: 'Banner', Route: '/incidents/banner', Target: 'blank', IsActive: true, SortOrder: 1, AttributeValues: { maxLength: 80 } });
    const pageModule = (await src.db('modules').where({ Name: `Page${pageId}` }).first('ModuleId')).ModuleId;
    const group = (await src.db('menu_items').where({ SystemName: 'FORMS' }).first('MenuItemId')).MenuItemId;
    await post(src, srcAdmin, '/api/menu-items', { Name: 'Incidents', MenuItemTypeId: 2, Url: null, Target: null, ModuleId: pageModule, ParentMenuItemId: group, SortOrder: 5, IsAlwaysVisible: false, IsActive: true });
    await grantModule(src, await addRole(src, 'Incident Staff'), `Page${pageId}`);
  });

  it('exports the form with its fields, UDF, lookup list, page, menu item and the role grants, by keys not ids', async () => {
    const res = await as(source.app, srcAdmin, 'POST', '/api/transfer/export', { FormIds: [formId] });
    expect(res.statusCode, res.body).toBe(200);
    document = res.json();
    expect(document.forms).toEqual([expect.objectContaining({ name: 'Incident Report', screen: expect.objectContaining({ routes: expect.any(Object) }) })]);
    expect(document.forms[0].fields.map((f: { storedName: string }) => f.storedName)).toEqual(['Title', 'Severity', 'OccurredOn', 'Cost', 'Witness']);
    expect(document.forms[0].fields[1]).toMatchObject({ lookupList: 'Severity', attributeValues: {} });
    expect(document.lookupLists).toEqual([expect.objectContaining({ systemName: 'Severity', items: [expect.objectContaining({ name: 'Low' }), expect.objectContaining({ name: 'High' })] })]);
    expect(document.pages).toEqual([expect.objectContaining({ route: '/incidents', form: 'Incident Report' })]);
    expect(document.pages[0].fields).toEqual([expect.objectContaining({ name: 'Banner', fieldType: 'text', route: '/incidents/banner', target: 'blank', attributeValues: { maxLength: 80 } })]);
    expect(document.menuItems.map((m: { path: string[] }) => m.path)).toEqual([['Forms'], ['Forms', 'Incidents']]);
    expect(document.menuItems[1]).toMatchObject({ type: 'Module Link', module: { page: '/incidents' } });
    const [role] = document.roles;
    expect(role.name).toBe('Incident Staff');
    expect(role.grants).toEqual(expect.arrayContaining([
      { module: { page: '/incidents' }, type: 'module', name: '', hasAccess: true, viewAllRecords: false },
      { module: { page: '/incidents' }, type: 'route', name: 'create', hasAccess: true, viewAllRecords: false },
      expect.objectContaining({ module: { page: '/incidents' }, type: 'field', name: 'Title' }),
    ]));
    // The composed screen (for checking against screen.schema.json) is the source's; everything the import reads names by keys.
    const { screen: _screen, ...form } = document.forms[0];
    expect(JSON.stringify({ ...document, forms: [form] })).not.toMatch(/Page[0-9]|form-[0-9]|page-[0-9]|lookupListId/);
  });

  it('refuses a bad document with a clear message, writing nothing', async () => {
    const before = await dump(target.app);
    const schemaFault = await preview({ ...document, forms: [{ ...document.forms[0], fields: [{ name: 'X' }] }] });
    expect(schemaFault.statusCode).toBe(400);
    expect(schemaFault.json()[0]).toMatchObject({ PropertyName: '/forms/0/fields/0', ErrorCode: 'TransferSchema' });
    expect(schemaFault.json()[0].ErrorMessage).toContain("must have required property 'storedName'");
    const unknownType = await importing({ ...document, forms: [{ ...document.forms[0], fields: [{ ...document.forms[0].fields[0], fieldType: 'hologram' }] }] });
    expect(unknownType.statusCode).toBe(400);
    expect(unknownType.json()).toEqual([expect.objectContaining({ PropertyName: '/forms/0/fields/0/fieldType', ErrorCode: 'unknownFieldType',
      ErrorMessage: "The field Title of the form Incident Report has the type 'hologram', which is no field type of this installation." })]);
    const badAttribute = await preview({ ...document, pages: [{ ...document.pages[0], fields: [{ ...document.pages[0].fields[0], attributeValues: { colour: 'red' } }] }] });
    expect(badAttribute.statusCode).toBe(400);
    expect(badAttribute.json()).toEqual([expect.objectContaining({ PropertyName: '/pages/0/fields/0/attributeValues/colour', ErrorCode: 'unknownAttribute',
      ErrorMessage: 'The field Banner of the page /incidents: Unknown attribute colour for the field type Text.' })]);
    const badFieldRoute = await preview({ ...document, pages: [{ ...document.pages[0], fields: [{ ...document.pages[0].fields[0], route: 'banner' }] }] });
    expect(badFieldRoute.statusCode).toBe(400);
    expect(badFieldRoute.json()[0]).toMatchObject({ PropertyName: '/pages/0/fields/0/route', ErrorCode: 'TransferSchema' });
    const takenRoute = await importing({ ...document, pages: [{ ...document.pages[0], route: '/user' }], menuItems: [], roles: [] });
    expect(takenRoute.statusCode).toBe(409);
    expect(takenRoute.json()).toEqual([expect.objectContaining({ PropertyName: 'Route', ErrorMessage: 'The route /user is taken by a screen of the product. Choose another route.' })]);
    expect(await dump(target.app)).toEqual(before);
    expect(await target.app.db('transfer_imports').count({ C: '*' }).first()).toEqual({ C: 0 });
  });

  it("needs, beside ApplicationTransfer, the modules of what the document writes (Role for roles' access)", async () => {
    const dst = target.app;
    const role = await addRole(dst, 'Transfer Only');
    await grantModule(dst, role, 'ApplicationTransfer');
    await addUser(dst, { UserName: 'mover', Password: password, RoleIds: [role] });
    const mover = await signIn(dst, 'mover', password);
    const refused = await as(dst, mover, 'POST', '/api/transfer/preview', { Document: { ...document, pages: [], menuItems: [] } });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual([{ PropertyName: 'Document', ErrorMessage: 'Importing forms and lookup lists needs the FormManagement module as well.', ErrorCode: 'ModuleNeeded' }]);
    for (const module of ['FormManagement', 'PageManagement', 'MenuItem']) await grantModule(dst, role, module);
    const noRole = await as(dst, mover, 'POST', '/api/transfer/import', { Document: document });
    expect(noRole.statusCode).toBe(403);
    expect(noRole.json()[0].ErrorMessage).toBe("Importing roles' access needs the Role module as well.");
    const withoutRoles = await as(dst, mover, 'POST', '/api/transfer/preview', { Document: { ...document, roles: [] } });
    expect(withoutRoles.statusCode, withoutRoles.body).toBe(200);
    // Leave the target as a fresh installation for the import below.
    await dst.db('user_roles').where({ RoleId: role }).delete();
    await dst.db('sessions').delete().whereIn('UserId', dst.db('users').where({ UserName: 'mover' }).select('UserId'));
    await dst.db('users').where({ UserName: 'mover' }).delete();
    await dst.db('roles').where({ RoleId: role }).delete();
  });

  let importId: number;
  let beforeImport: Record<string, unknown>;

  it('previews every thing as created, imports it in one go, and the page works there for a user with the role', async () => {
    beforeImport = await dump(target.app);
    const planned = await preview(document);
    expect(planned.statusCode, planned.body).toBe(200);
    const plan = planned.json().Plan as Plan;
    expect(plan).toEqual(expect.arrayContaining([
      { Kind: 'Form', Key: 'Incident Report', Action: 'create', Changes: [] },
      { Kind: 'UDF', Key: 'Incident Report › Witness', Action: 'create', Changes: [] },
      { Kind: 'Lookup list', Key: 'Severity', Action: 'create', Changes: [] },
      { Kind: 'Page', Key: '/incidents', Action: 'create', Changes: [] },
      { Kind: 'Page field', Key: '/incidents › Banner', Action: 'create', Changes: [] },
      { Kind: 'Menu item', Key: 'Forms', Action: 'unchanged', Changes: [] },
      { Kind: 'Menu item', Key: 'Forms › Incidents', Action: 'create', Changes: [] },
      { Kind: 'Role', Key: 'Incident Staff', Action: 'create', Changes: [] },
    ]));
    expect(await dump(target.app)).toEqual(beforeImport);

    const res = await importing(document);
    expect(res.statusCode, res.body).toBe(200);
    importId = res.json().ImportId;
    expect(importId).toBeGreaterThan(0);
    expect(res.json().Plan).toEqual(plan);

    const dst = target.app;
    const page = await dst.db('pages').where({ Route: '/incidents' }).first('PageId');
    const banner = (await as(dst, dstAdmin, 'GET', `/api/pages/${page.PageId}/fields`)).json();
    expect(banner).toEqual([expect.objectContaining({ Name: 'Banner', FieldType: 'text', Route: '/incidents/banner', Url: '#incidents/banner', Target: 'blank', AttributeValues: { maxLength: 80 } })]);
    const role = await dst.db('roles').where({ Name: 'Incident Staff' }).first('RoleId');
    const granted: Array<{ Name: string }> = await dst.db('role_permissions as rp').join('permission_nodes as n', 'n.NodeId', 'rp.NodeId')
      .where('rp.RoleId', role.RoleId).select('n.Name');
    expect(granted.map((g) => g.Name)).toEqual(expect.arrayContaining([`Page${page.PageId}`, `page-${page.PageId}.create`, 'Title', 'Severity', 'Witness']));
    await addUser(dst, { UserName: 'staff', Password: password, RoleIds: [role.RoleId] });
    const staff = await signIn(dst, 'staff', password);
    const high = await dst.db('simple_lookup_items').where({ Name: 'High' }).first('SimpleLookupItemId');
    const records = `/api/pages/${page.PageId}/records`;
    const created = await post(dst, staff, records, { Title: 'Spill', Severity: high.SimpleLookupItemId, OccurredOn: '2026-01-02', Cost: 12.5, Witness: 'Ann' });
    expect((await as(dst, staff, 'GET', `${records}/${created.RecordId}`)).json()).toMatchObject({ Title: 'Spill', OccurredOn: '2026-01-02', Cost: 12.5, Witness: 'Ann' });
    const empty = await as(dst, staff, 'POST', records, {});
    expect(empty.json()).toEqual([expect.objectContaining({ PropertyName: 'Title', ErrorMessage: 'Title is required.' })]);
    const menu = JSON.stringify((await as(dst, staff, 'GET', '/api/menu/all')).json());
    expect(menu).toContain('"LinkText":"Incidents"');
    // The record is rolled-back-proof only when removed: take it away again for the rollback below.
    await as(dst, staff, 'DELETE', `${records}/${created.RecordId}`);
    await dst.db('audit_entries').delete();
  });

  it('importing the same document again changes nothing: all unchanged, no row written, no revision', async () => {
    const afterFirst = await dump(target.app);
    const plan = (await preview(document)).json().Plan as Plan;
    expect(plan.filter((p) => p.Action !== 'unchanged')).toEqual([]);
    const res = await importing(document);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().ImportId).toBeNull();
    expect(await dump(target.app)).toEqual(afterFirst);
  });

  it('shows a local change as a change before the import overwrites it', async () => {
    const dst = target.app;
    const field = await dst.db('form_fields').where({ StoredName: 'Title' }).first('*');
    const edited = await as(dst, dstAdmin, 'POST', `/api/formfields/${field.FormFieldId}`, { ...field, ReportLabelText: 'Headline', AttributeValues: field.AttributeValues });
    expect(edited.statusCode, edited.body).toBe(200);
    const plan = (await preview(document)).json().Plan as Plan;
    expect(plan.filter((p) => p.Action !== 'unchanged')).toEqual([
      { Kind: 'Field', Key: 'Incident Report › Title', Action: 'change', Changes: ['Report Label Text'] },
    ]);
    // A rollback of the first import would now lose the local change: refused, nothing changed.
    const before = await dump(dst);
    const refused = await as(dst, dstAdmin, 'POST', `/api/transfer/imports/${importId}/rollback`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()[0].ErrorMessage).toMatch(/^The definitions this import wrote have changed since \(form [0-9]+, form field [0-9]+, form revision [0-9]+/);
    expect(await dump(dst)).toEqual(before);
  });

  it('an import of the change rolls back to the exact state before it, and then the first import rolls back to the fresh installation', async () => {
    const dst = target.app;
    const beforeSecond = await dump(dst);
    const second = await importing(document);
    expect(second.statusCode, second.body).toBe(200);
    const secondId = second.json().ImportId as number;
    expect((await dst.db('form_fields').where({ StoredName: 'Title' }).first('ReportLabelText')).ReportLabelText).toBe('Title');
    expect(await dump(dst)).not.toEqual(beforeSecond);
    const outOfOrder = await as(dst, dstAdmin, 'POST', `/api/transfer/imports/${importId}/rollback`);
    expect(outOfOrder.json()[0].ErrorMessage).toBe(`Import ${secondId} came after this one: roll it back first.`);
    const undone = await as(dst, dstAdmin, 'POST', `/api/transfer/imports/${secondId}/rollback`);
    expect(undone.statusCode, undone.body).toBe(200);
    expect(await dump(dst)).toEqual(beforeSecond);

    // Undo the local edit (its revision too), so the first import's rows are as it left them.
    const field = await dst.db('form_fields').where({ StoredName: 'Title' }).first('*');
    await post(dst, dstAdmin, `/api/formfields/${field.FormFieldId}`, { ...field, ReportLabelText: 'Title' }, 200);
    const stillChanged = await as(dst, dstAdmin, 'POST', `/api/transfer/imports/${importId}/rollback`);
    expect(stillChanged.statusCode).toBe(409);
    // Revisions are history: the edit and its undo left two. Remove them, as if the edit never happened.
    const { FormId } = await dst.db('forms').where({ Name: 'Incident Report' }).first('FormId');
    const { After } = await dst.db('transfer_imports').where({ ImportId: importId }).first('After');
    const kept = After.forms[String(FormId)].revision as number;
    await dst.db('form_revisions').where({ FormId }).where('Revision', '>', kept).delete();
    await dst.db('forms').where({ FormId }).update({ Revision: kept });
    // The edit and its undo each raised the field's version (its lock's version check): put back the import's.
    const keptVersion = After.form_fields[String(field.FormFieldId)].row_version as number;
    await dst.db('form_fields').where({ FormFieldId: field.FormFieldId }).update({ ModifiedDate: null, ModifiedBy: null, RowVersion: keptVersion });

    const first = await as(dst, dstAdmin, 'POST', `/api/transfer/imports/${importId}/rollback`);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toMatchObject({ ImportId: importId, RolledBackBy: 'admin' });
    await dst.db('user_roles').delete();
    await dst.db('users').where({ UserName: 'staff' }).delete();
    expect(await dump(dst)).toEqual(beforeImport);
    const again = await as(dst, dstAdmin, 'POST', `/api/transfer/imports/${importId}/rollback`);
    expect(again.json()[0].ErrorMessage).toBe('This import has been rolled back already.');
  });

  it('refuses rolling back an import whose form has records since', async () => {
    const dst = target.app;
    const res = await importing(document);
    expect(res.statusCode, res.body).toBe(200);
    const { FormId } = await dst.db('forms').where({ Name: 'Incident Report' }).first('FormId');
    await post(dst, dstAdmin, `/api/forms/${FormId}/records`, { Title: 'Kept' });
    const before = await dump(dst);
    const refused = await as(dst, dstAdmin, 'POST', `/api/transfer/imports/${res.json().ImportId}/rollback`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()[0].ErrorMessage).toBe('The form Incident Report, which this import created, has 1 record: delete them first.');
    expect(await dump(dst)).toEqual(before);
  });
});
