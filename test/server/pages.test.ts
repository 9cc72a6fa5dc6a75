import { beforeAll, describe, expect, it } from 'vitest';
import { databases, useTestApp, signIn, type SignedIn } from './helper.ts';
import { injectLocked } from './record-lock-fixtures.ts';
import { addRole, addUser, grantModule } from './account-fixtures.ts';

type Method = 'GET' | 'POST' | 'DELETE';

describe.each(databases)('pages give a built form a route, a title and a node of its own, on %s', (kind) => {
  const t = useTestApp(kind);
  const password = 'Passw0rd1';
  let admin: SignedIn;
  let staff: SignedIn;
  let outsider: SignedIn;
  let formId: number;
  let pageId: number;
  const as = (who: SignedIn, method: Method, url: string, payload?: object) => injectLocked(t.app, who, { method, url, payload });
  const pageBody = (extra: object = {}) => ({
    Name: 'Incidents', Description: 'Reported incidents', PermissionsDisplayName: 'Incidents Page', FormId: formId, ParentPageId: null,
    Controller: null, ViewPath: 'incidents/index', Route: '/incidents', Action: null, Target: 'self', IsActive: true, ...extra,
  });
  async function post(who: SignedIn, url: string, body: object, status = 201) {
    const res = await as(who, 'POST', url, body);
    expect(res.statusCode, res.body).toBe(status);
    return res.json();
  }
  const errorsOf = (res: { json(): unknown }) => res.json() as Array<{ PropertyName: string; ErrorMessage: string; ErrorCode: string }>;

  beforeAll(async () => {
    admin = await signIn(t.app);
    formId = (await post(admin, '/api/forms', { Name: 'Incident Report', Description: null, CanHaveEav: false, IsCircleable: false, IsActive: true })).FormId;
    await post(admin, '/api/formfields', { FormId: formId, Name: 'Title', ReportLabelText: 'Title', FieldType: 'text', IsUdf: false, IsActive: true, StartDate: null, EndDate: null, AttributeValues: { required: true } });
    // The parent select's 'Please Select' (-1) is no parent.
    pageId = (await post(admin, '/api/pages', pageBody({ ParentPageId: -1 }))).PageId;
    const pageRole = await addRole(t.app, 'Incident Staff');
    await grantModule(t.app, pageRole, `Page${pageId}`);
    await addUser(t.app, { UserName: 'staff', Password: password, RoleIds: [pageRole] });
    staff = await signIn(t.app, 'staff', password);
    await addUser(t.app, { UserName: 'outsider', Password: password, RoleIds: [] });
    outsider = await signIn(t.app, 'outsider', password);
  });

  it('answers a page with its form, its Url (the route with # for the first slash) and its module labelled by its Permissions Display Name', async () => {
    const read = (await as(admin, 'GET', `/api/pages/${pageId}`)).json();
    expect(read).toMatchObject({ Name: 'Incidents', FormId: formId, ParentPageId: null, FormName: 'Incident Report', Route: '/incidents', Url: '#incidents', IsActive: true, Target: 'self' });
    expect(await t.app.db('modules').where({ Name: `Page${pageId}` }).first('Label')).toEqual({ Label: 'Incidents Page' });
    const list = (await as(admin, 'GET', '/api/pages?q=Incid')).json();
    expect(list.Items).toEqual([expect.objectContaining({ PageId: pageId, Name: 'Incidents', FormName: 'Incident Report' })]);
    // Spec 2: the page list's columns end with Action (the page's, by name), shown, sortable and searchable.
    await t.app.db('pages').where({ PageId: pageId }).update({ Action: 2 });
    const byAction = (await as(admin, 'GET', '/api/pages?q=Create&sorts=ActionName,asc&cols=Name,ActionName')).json();
    expect(byAction.Items).toEqual([expect.objectContaining({ PageId: pageId, ActionName: 'Create' })]);
    await t.app.db('pages').where({ PageId: pageId }).update({ Action: null });
  });

  it("mounts the page's routes for holders of its module, titled by the page, and serves its screen", async () => {
    const routes = (await as(staff, 'GET', '/api/App/GetRoutes')).json() as Array<{ Name: string; Url: string; Title?: string; ScreenId?: string }>;
    expect(routes).toEqual(expect.arrayContaining([
      expect.objectContaining({ Name: `page-${pageId}.list`, Url: '/incidents', ScreenId: `page-${pageId}` }),
      expect.objectContaining({ Name: `page-${pageId}.create`, Url: '/incidents/create' }),
      expect.objectContaining({ Name: `page-${pageId}.update`, Url: '/incidents/update/:id' }),
    ]));
    // The page's holder reaches the records through the page, not through the form.
    expect(routes.map((r) => r.Name)).not.toContain(`form-${formId}.list`);
    const outsiders = ((await as(outsider, 'GET', '/api/App/GetRoutes')).json() as Array<{ Name: string }>).map((r) => r.Name);
    expect(outsiders.filter((n) => n.startsWith(`page-${pageId}.`))).toEqual([]);
    // So the browser can tell 'no permission' (a route the user may not open) from 'not found'.
    const access = async (who: SignedIn, path: string) => (await as(who, 'GET', `/api/App/RouteAccess?path=${encodeURIComponent(path)}`)).json();
    expect(await access(outsider, '/incidents')).toEqual({ Exists: true, HasAccess: false });
    expect(await access(outsider, '/incidents/update/3?x=1')).toEqual({ Exists: true, HasAccess: false });
    expect(await access(staff, '/incidents')).toEqual({ Exists: true, HasAccess: true });
    expect(await access(staff, '/no-such-page')).toEqual({ Exists: false, HasAccess: false });
  });

  it("lets the page's holders list, create, read and update the form's records through the page, and no one else", async () => {
    const records = `/api/pages/${pageId}/records`;
    const created = await post(staff, records, { Title: 'Spill in aisle 4' });
    expect((await as(staff, 'GET', `${records}/${created.RecordId}`)).json()).toMatchObject({ Title: 'Spill in aisle 4' });
    await post(staff, `${records}/${created.RecordId}`, { ...created, Title: 'Spill in aisle 5' }, 200);
    expect((await as(staff, 'GET', `${records}?q=aisle`)).json().Items).toEqual([expect.objectContaining({ Title: 'Spill in aisle 5' })]);
    // The same record, through the form, for its administrator.
    expect((await as(admin, 'GET', `/api/forms/${formId}/records/${created.RecordId}`)).json()).toMatchObject({ Title: 'Spill in aisle 5' });
    expect((await as(staff, 'GET', `/api/forms/${formId}/records`)).statusCode).toBe(403);
    // Printing it through the page needs the page's module too, and nothing else.
    const printed = await as(staff, 'POST', `${records}/${created.RecordId}/print`, { fileType: 'print' });
    expect(printed.statusCode, printed.body).toBe(200);
    expect((await as(outsider, 'POST', `${records}/${created.RecordId}/print`, { fileType: 'print' })).statusCode).toBe(403);
    expect((await as(outsider, 'GET', records)).statusCode).toBe(403);
    expect((await as(outsider, 'POST', records, { Title: 'x' })).statusCode).toBe(403);
    const empty = await as(staff, 'POST', records, {});
    expect(empty.statusCode).toBe(400);
    expect(errorsOf(empty)).toEqual([expect.objectContaining({ PropertyName: 'Title', ErrorMessage: 'Title is required.' })]);
  });

  it("refuses a route another screen, form or page has, or one under another page's, writing nothing", async () => {
    const count = async () => Number((await t.app.db('pages').count({ C: '*' }).first())!.C);
    const before = await count();
    for (const [Route, holder] of [['/user', 'a screen of the product'], ['/incident-report', 'the records of the form Incident Report'], ['/incidents', 'the page Incidents (/incidents)'], ['/incidents/archive', 'the page Incidents (/incidents)']] as const) {
      const res = await as(admin, 'POST', '/api/pages', pageBody({ Name: `Other ${Route}`, Route }));
      expect(res.statusCode, res.body).toBe(409);
      expect(errorsOf(res)).toEqual([{ PropertyName: 'Route', ErrorMessage: `The route ${Route} is taken by ${holder}. Choose another route.`, ErrorCode: 'RouteTaken' }]);
    }
    const badShape = await as(admin, 'POST', '/api/pages', pageBody({ Name: 'Bad', Route: 'incidents now' }));
    expect(badShape.statusCode).toBe(400);
    expect(errorsOf(badShape)[0]).toMatchObject({ PropertyName: 'Route' });
    // 'Please Select' (-1) left in Form: one message, the one the browser shows (issue 29, finding 5).
    const noForm = await as(admin, 'POST', '/api/pages', pageBody({ Name: 'No form', Route: '/no-form', FormId: -1 }));
    expect(noForm.statusCode).toBe(400);
    expect(errorsOf(noForm)).toEqual([{ PropertyName: 'FormId', ErrorMessage: 'Form is required.', ErrorCode: 'minimum' }]);
    expect(await count()).toBe(before);
    expect(Number((await t.app.db('modules').whereRaw("name ~ '^Page[0-9]+$'").count({ C: '*' }).first())!.C)).toBe(before);
  });

  it('refuses a parent chain that loops, and a page of an inactive or built-in form', async () => {
    const child = (await post(admin, '/api/pages', pageBody({ Name: 'Archive', PermissionsDisplayName: 'Archive', Route: '/archive', ParentPageId: pageId }))).PageId;
    const parent = (await as(admin, 'GET', `/api/pages/${pageId}`)).json();
    const loop = await as(admin, 'POST', `/api/pages/${pageId}`, { ...parent, ParentPageId: child });
    expect(loop.statusCode, loop.body).toBe(409);
    expect(errorsOf(loop)).toEqual([expect.objectContaining({ PropertyName: 'ParentPageId', ErrorCode: 'ParentLoop' })]);
    const self = await as(admin, 'POST', `/api/pages/${pageId}`, { ...parent, ParentPageId: pageId });
    expect(self.statusCode).toBe(409);
    expect((await as(admin, 'GET', `/api/pages/${pageId}`)).json().ParentPageId).toBeNull();

    const inactive = (await post(admin, '/api/forms', { Name: 'Old Log', Description: null, CanHaveEav: false, IsCircleable: false, IsActive: false })).FormId;
    const refused = await as(admin, 'POST', '/api/pages', pageBody({ Name: 'Old', Route: '/old', FormId: inactive }));
    expect(refused.statusCode).toBe(409);
    expect(errorsOf(refused)).toEqual([expect.objectContaining({ PropertyName: 'FormId', ErrorMessage: 'The form Old Log is inactive: activate it in Form Management before giving it a page.' })]);
    const usersForm = (await t.app.db('forms').where({ Source: 'users' }).first('FormId')).FormId;
    const builtIn = await as(admin, 'POST', '/api/pages', pageBody({ Name: 'People', Route: '/people', FormId: usersForm }));
    expect(builtIn.statusCode).toBe(409);
    expect(errorsOf(builtIn)[0]).toMatchObject({ PropertyName: 'FormId', ErrorCode: 'BuiltInForm' });
  });

  it("refuses deleting a form a page shows; deleting the page takes its module and routes", async () => {
    const spare = (await post(admin, '/api/forms', { Name: 'Spare Log', Description: null, CanHaveEav: false, IsCircleable: false, IsActive: true })).FormId;
    const page = (await post(admin, '/api/pages', pageBody({ Name: 'Spare', PermissionsDisplayName: 'Spare', Route: '/spare', FormId: spare }))).PageId;
    const refused = await as(admin, 'DELETE', `/api/forms/${spare}`);
    expect(refused.statusCode, refused.body).toBe(409);
    expect(refused.body).toContain('The form Spare Log is shown by the page Spare');
    expect((await as(admin, 'DELETE', `/api/pages/${page}`)).statusCode).toBe(204);
    expect(await t.app.db('modules').where({ Name: `Page${page}` }).first()).toBeUndefined();
    expect((await as(admin, 'DELETE', `/api/forms/${spare}`)).statusCode).toBe(204);
  });

  it("keeps page fields, listed in order for the page's Fields tab", async () => {
    const a = await post(admin, '/api/pagefields', { PageId: pageId, FieldType: 'text', Name: 'Banner', IsActive: true, SortOrder: 2, AttributeValues: { maxLength: 80 } });
    await post(admin, '/api/pagefields', { PageId: pageId, FieldType: 'yesNo', Name: 'Show Map', IsActive: true, SortOrder: 1, AttributeValues: {} });
    expect(a).toMatchObject({ PageName: 'Incidents', AttributeValues: { maxLength: 80 }, Route: null, Url: null, Target: 'self' });
    const fields = (await as(admin, 'GET', `/api/pages/${pageId}/fields`)).json();
    expect(fields.map((f: { Name: string }) => f.Name)).toEqual(['Show Map', 'Banner']);
    // Typed as form fields are: a type that is none of the field types is refused, writing nothing.
    const before = Number((await t.app.db('page_fields').count({ C: '*' }).first())!.C);
    const untyped = await as(admin, 'POST', '/api/pagefields', { PageId: pageId, FieldType: 'hologram', Name: 'x', IsActive: true, SortOrder: 0, AttributeValues: {} });
    expect(untyped.statusCode).toBe(400);
    expect(errorsOf(untyped)).toEqual([{ PropertyName: 'FieldType', ErrorMessage: "'hologram' is not a field type. Choose a type from the list.", ErrorCode: 'unknownFieldType' }]);
    expect(Number((await t.app.db('page_fields').count({ C: '*' }).first())!.C)).toBe(before);
    const missing = await as(admin, 'POST', '/api/pagefields', { PageId: 99999, FieldType: 'text', Name: 'x', IsActive: true, SortOrder: 0, AttributeValues: {} });
    expect(missing.statusCode).toBe(409);
  });
});
