import { readFile } from 'node:fs/promises';
import { beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { databases, useTestApp, signIn, type SignedIn } from './helper.ts';
import { injectLocked } from './record-lock-fixtures.ts';
import { dump } from './transfer-fixtures.ts';
import { addRole, grantModule } from './account-fixtures.ts';

type Method = 'GET' | 'POST' | 'DELETE';
type Plan = Array<{ Kind: string; Key: string; Action: string; Changes: string[] }>;
type Doc = Record<string, any>;
const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/**
 * Issue 27 finding 11: between installations a definition is found by its stable key, not its name. A field and a
 * lookup item renamed on the source arrive as renames (no second field, no fourth item, the records' values kept); a
 * page taking a route the target's own page uses is a conflict the administrator must choose, and the import rolls
 * back completely either way; a document made before keys still imports, by name.
 */
describe.each(databases)('an import finds what it moves by key, on %s', (kind) => {
  const source = useTestApp(kind);
  const target = useTestApp(kind);
  let src: SignedIn;
  let dst: SignedIn;
  let caseFormId: number;
  let listId: number;

  const as = (app: FastifyInstance, who: SignedIn, method: Method, url: string, payload?: object) => injectLocked(app, who, { method, url, payload });
  async function call(app: FastifyInstance, who: SignedIn, url: string, body?: object, status = 201, method: Method = 'POST') {
    const res = await as(app, who, method, url, body);
    expect(res.statusCode, res.body).toBe(status);
    return res.json();
  }
  const field = (FormId: number, Name: string, FieldType: string, extra: object = {}) => ({
    FormId, Name, ReportLabelText: Name, FieldType, IsUdf: false, IsActive: true, StartDate: null, EndDate: null, AttributeValues: {}, ...extra,
  });
  async function buildForm(app: FastifyInstance, who: SignedIn, Name: string, fields: Array<[string, string, object?]>, route: string, pageName: string) {
    const FormId = (await call(app, who, '/api/forms', { Name, Description: null, CanHaveEav: false, IsCircleable: false, IsActive: true })).FormId as number;
    for (const [fieldName, type, extra] of fields) await call(app, who, '/api/formfields', field(FormId, fieldName, type, extra));
    await call(app, who, '/api/pages', {
      Name: pageName, Description: null, PermissionsDisplayName: pageName, FormId, ParentPageId: null, Controller: null, ViewPath: null, Route: route, Action: null, Target: 'self', IsActive: true,
    });
    return FormId;
  }
  const exported = async (FormId: number): Promise<Doc> => call(source.app, src, '/api/transfer/export', { FormIds: [FormId] }, 200);
  const importing = (doc: Doc, TakeOver?: string[]) => as(target.app, dst, 'POST', '/api/transfer/import', { Document: doc, ...(TakeOver ? { TakeOver } : {}) });
  const rollback = (importId: number) => as(target.app, dst, 'POST', `/api/transfer/imports/${importId}/rollback`);
  const targetFormId = async (Name: string) => (await target.app.db('forms').where({ Name }).first('FormId')).FormId as number;
  const fieldNames = async (FormId: number) => (await target.app.db('form_fields').where({ FormId }).orderBy('SortOrder').select('Name')).map((f: { Name: string }) => f.Name);
  const itemNames = async () => (await target.app.db('simple_lookup_items as i').join('simple_lookup_tables as t', 't.SimpleLookupTableId', 'i.TableId')
    .where('t.SystemName', 'Priority').orderBy('i.SortOrder').select('i.Name')).map((i: { Name: string }) => i.Name);

  beforeAll(async () => {
    src = await signIn(source.app);
    dst = await signIn(target.app);
    listId = (await call(source.app, src, '/api/lookup-tables', { SystemName: 'Priority', DisplayName: 'Priority', Description: null, IsActive: true, IsEditable: true })).SimpleLookupTableId;
    for (const Name of ['Low', 'Medium', 'High']) await call(source.app, src, `/api/simple-lookups/${listId}/items`, { Name, Description: null, IsActive: true });
    caseFormId = await buildForm(source.app, src, 'Case File', [['Title', 'text'], ['Internal Notes', 'text'], ['Priority', 'selectOne', { AttributeValues: { lookupListId: listId } }]], '/cases', 'Cases');
  });

  it('a field and a lookup item renamed on the source are renamed on the target, once each, with the records\' values', async () => {
    const first = await exported(caseFormId);
    for (const thing of [first.forms[0], ...first.forms[0].fields, first.lookupLists[0], ...first.lookupLists[0].items, first.pages[0]]) expect(thing.key).toMatch(uuid);
    const imported = await importing(first);
    expect(imported.statusCode, imported.body).toBe(200);
    const FormId = await targetFormId('Case File');
    // The imported rows took the document's keys: the next import of this source's document finds them by key.
    expect((await target.app.db('forms').where({ FormId }).first('Key')).Key).toBe(first.forms[0].key);
    const medium = (await target.app.db('simple_lookup_items').where({ Name: 'Medium' }).first('SimpleLookupItemId')).SimpleLookupItemId;
    const record = await call(target.app, dst, `/api/forms/${FormId}/records`, { Title: 'Leak', InternalNotes: 'Call the tenant back', Priority: medium });

    const notes = (await source.app.db('form_fields').where({ FormId: caseFormId, Name: 'Internal Notes' }).first('FormFieldId')).FormFieldId;
    await call(source.app, src, `/api/formfields/${notes}`, field(caseFormId, 'Internal Remarks', 'text', { SortOrder: 2 }), 200);
    const sourceMedium = (await source.app.db('simple_lookup_items').where({ Name: 'Medium' }).first('SimpleLookupItemId')).SimpleLookupItemId;
    await call(source.app, src, `/api/simple-lookups/${listId}/items/${sourceMedium}`, { Name: 'Moderate', Description: null, IsActive: true }, 200);
    const second = await exported(caseFormId);
    expect(second.forms[0].fields[1]).toMatchObject({ key: first.forms[0].fields[1].key, name: 'Internal Remarks', storedName: 'InternalRemarks' });

    const preview = await call(target.app, dst, '/api/transfer/preview', { Document: second }, 200);
    expect(preview.Conflicts).toEqual([]);
    expect((preview.Plan as Plan).filter((p) => p.Action !== 'unchanged')).toEqual([
      { Kind: 'Lookup item', Key: 'Priority › Moderate', Action: 'change', Changes: ['Name'] },
      { Kind: 'Field', Key: 'Case File › InternalRemarks', Action: 'change', Changes: ['Name', 'Report Label Text'] },
    ]);
    const renamed = await importing(second);
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(await fieldNames(FormId)).toEqual(['Title', 'Internal Remarks', 'Priority']);
    expect(await itemNames()).toEqual(['Low', 'Moderate', 'High']);
    const read = await call(target.app, dst, `/api/forms/${FormId}/records/${record.RecordId}`, undefined, 200, 'GET');
    expect(read).toMatchObject({ Title: 'Leak', InternalRemarks: 'Call the tenant back', Priority: medium });
    expect(read).not.toHaveProperty('InternalNotes');

    // Rolled back: the old name again, the values under it.
    const undone = await rollback(renamed.json().ImportId);
    expect(undone.statusCode, undone.body).toBe(200);
    expect(await fieldNames(FormId)).toEqual(['Title', 'Internal Notes', 'Priority']);
    expect(await itemNames()).toEqual(['Low', 'Medium', 'High']);
    expect(await call(target.app, dst, `/api/forms/${FormId}/records/${record.RecordId}`, undefined, 200, 'GET')).toMatchObject({ InternalNotes: 'Call the tenant back' });
  });

  it("a page taking a route the target's own page uses is listed, refused without the choice, taken over with it, and rolled back completely", async () => {
    await buildForm(target.app, dst, 'Local Claim', [['Claimant', 'text']], '/claims', 'Local Claims');
    const claimFormId = await buildForm(source.app, src, 'Claim', [['Amount', 'currency']], '/claims-source', 'Claims');
    // The source's page takes the route on the source too (renamed there after the target built its own).
    const sourcePage = await source.app.db('pages').where({ FormId: claimFormId }).first('PageId', 'Key');
    await source.app.db('pages').where({ PageId: sourcePage.PageId }).update({ Route: '/claims' });
    const doc = await exported(claimFormId);
    const before = await dump(target.app);

    const preview = await call(target.app, dst, '/api/transfer/preview', { Document: doc }, 200);
    const message = "The target's page 'Local Claims' already uses route /claims: importing takes it over (it would show the form Claim instead of the form Local Claim).";
    expect(preview.Conflicts).toEqual([{ Kind: 'Page', Key: sourcePage.Key, Name: 'Local Claims', Message: message }]);
    expect(await dump(target.app)).toEqual(before);

    const refused = await importing(doc);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual([{ PropertyName: 'TakeOver', ErrorMessage: `${message} Choose to take it over, or leave it out of the document.`, ErrorCode: 'TakeOverNeeded' }]);
    expect(await importing(doc, ['00000000-0000-4000-8000-000000000000']).then((r) => r.statusCode)).toBe(409);
    expect(await dump(target.app)).toEqual(before);

    const taken = await importing(doc, [sourcePage.Key]);
    expect(taken.statusCode, taken.body).toBe(200);
    const page = await target.app.db('pages').where({ Route: '/claims' }).first('FormId', 'Name', 'Key');
    expect(page).toEqual({ FormId: await targetFormId('Claim'), Name: 'Claims', Key: sourcePage.Key });

    const undone = await rollback(taken.json().ImportId);
    expect(undone.statusCode, undone.body).toBe(200);
    expect(await dump(target.app)).toEqual(before);
  });

  it('a document made before keys existed still imports, matched by name, and importing it again changes nothing', async () => {
    const old = JSON.parse(await readFile(new URL('./fixtures/transfer-document-before-keys.json', import.meta.url), 'utf8'));
    const first = await importing(old);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().Plan).toEqual(expect.arrayContaining([
      { Kind: 'Form', Key: 'Visit Log', Action: 'create', Changes: [] },
      { Kind: 'Lookup item', Key: 'VisitPurpose › Meeting', Action: 'create', Changes: [] },
      { Kind: 'Page', Key: '/visits', Action: 'create', Changes: [] },
    ]));
    const keys = (await target.app.db('form_fields').where({ FormId: await targetFormId('Visit Log') }).select('Key')).map((f: { Key: string }) => f.Key);
    expect(new Set(keys).size).toBe(2);
    keys.forEach((k: string) => expect(k).toMatch(uuid));
    const again = await importing(old);
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json().ImportId).toBeNull();
    expect((again.json().Plan as Plan).filter((p) => p.Action !== 'unchanged')).toEqual([]);
  });

  it('a form, page, menu item and role renamed on the source are renamed on the target, and the rename rolls back', async () => {
    const sourceDb = source.app.db;
    const sourcePage = await sourceDb('pages').where({ Route: '/cases' }).first('PageId');
    const group = (await sourceDb('menu_items').where({ SystemName: 'FORMS' }).first('MenuItemId')).MenuItemId;
    const pageModule = (await sourceDb('modules').where({ Name: `Page${sourcePage.PageId}` }).first('ModuleId')).ModuleId;
    await call(source.app, src, '/api/menu-items', { Name: 'Cases', MenuItemTypeId: 2, Url: null, Target: null, ModuleId: pageModule, ParentMenuItemId: group, SortOrder: 5, IsAlwaysVisible: false, IsActive: true });
    await grantModule(source.app, await addRole(source.app, 'Case Staff'), `Page${sourcePage.PageId}`);
    const first = await importing(await exported(caseFormId));
    expect(first.statusCode, first.body).toBe(200);
    const targetDb = target.app.db;
    const ids = async () => ({
      form: await targetDb('forms').where({ Name: 'Case File' }).orWhere({ Name: 'Case Record' }).select('FormId', 'Name'),
      page: await targetDb('pages').whereIn('Route', ['/cases', '/case-records']).select('PageId', 'Route', 'Name'),
      menu: await targetDb('menu_items').whereIn('Name', ['Cases', 'Case Records']).select('MenuItemId', 'Name'),
      role: await targetDb('roles').whereIn('Name', ['Case Staff', 'Case Handlers']).select('RoleId', 'Name'),
    });
    const was = await ids();
    const before = await dump(target.app);

    await sourceDb('forms').where({ FormId: caseFormId }).update({ Name: 'Case Record' });
    await sourceDb('pages').where({ PageId: sourcePage.PageId }).update({ Route: '/case-records', Name: 'Case Records' });
    await sourceDb('menu_items').where({ Name: 'Cases' }).update({ Name: 'Case Records' });
    await sourceDb('roles').where({ Name: 'Case Staff' }).update({ Name: 'Case Handlers' });
    const renamed = await importing(await exported(caseFormId));
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect((renamed.json().Plan as Plan).filter((p) => p.Action === 'create')).toEqual([]);
    expect(await ids()).toEqual({
      form: [{ FormId: was.form[0].FormId, Name: 'Case Record' }],
      page: [{ PageId: was.page[0].PageId, Route: '/case-records', Name: 'Case Records' }],
      menu: [{ MenuItemId: was.menu[0].MenuItemId, Name: 'Case Records' }],
      role: [{ RoleId: was.role[0].RoleId, Name: 'Case Handlers' }],
    });
    const undone = await rollback(renamed.json().ImportId);
    expect(undone.statusCode, undone.body).toBe(200);
    expect(await dump(target.app)).toEqual(before);
  });

  it("a form of the target's own with the document's form's name is taken over only by choice, and rolls back completely", async () => {
    await buildForm(target.app, dst, 'Expense', [['Payee', 'text']], '/expenses-here', 'Expenses Here');
    const expenseFormId = await buildForm(source.app, src, 'Expense', [['Payee', 'text'], ['Total', 'currency']], '/expenses', 'Expenses');
    const doc = await exported(expenseFormId);
    const before = await dump(target.app);
    const preview = await call(target.app, dst, '/api/transfer/preview', { Document: doc }, 200);
    expect(preview.Conflicts).toEqual([{
      Kind: 'Form', Key: doc.forms[0].key, Name: 'Expense',
      Message: "The target's form 'Expense' has the name of the document's form: importing takes it over (its fields become the document's).",
    }]);
    expect((await importing(doc)).statusCode).toBe(409);
    expect(await dump(target.app)).toEqual(before);
    const taken = await importing(doc, [doc.forms[0].key]);
    expect(taken.statusCode, taken.body).toBe(200);
    expect(await fieldNames(await targetFormId('Expense'))).toEqual(['Payee', 'Total']);
    expect((await rollback(taken.json().ImportId)).statusCode).toBe(200);
    expect(await dump(target.app)).toEqual(before);
  });
});
