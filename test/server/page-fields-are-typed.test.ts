import { beforeAll, describe, expect, it } from 'vitest';
import { databases, useTestApp, signIn, type SignedIn } from './helper.ts';
import { injectLocked } from './record-lock-fixtures.ts';
import { addRole, addUser, grantModule } from './account-fixtures.ts';

type Method = 'GET' | 'POST' | 'DELETE';
type ErrorItem = { PropertyName: string; ErrorMessage: string; ErrorCode: string };

/** Issue 29: a page field is typed by a field type, with that type's attributes (checked as a form field's), and has Route, Url and Target. */
describe.each(databases)('page fields are typed by field type, with its attributes, a route and a target, on %s', (kind) => {
  const t = useTestApp(kind);
  let admin: SignedIn;
  let pageAdmin: SignedIn;
  let pageId: number;
  const as = (who: SignedIn, method: Method, url: string, payload?: object) => injectLocked(t.app, who, { method, url, payload });
  const body = (extra: object = {}) => ({ PageId: pageId, FieldType: 'text', Name: 'Banner', IsActive: true, SortOrder: 0, AttributeValues: {}, ...extra });
  const count = async () => Number((await t.app.db('page_fields').count({ C: '*' }).first())!.C);
  async function refused(payload: object, url = '/api/pagefields') {
    const before = await count();
    const res = await as(admin, 'POST', url, payload);
    expect(res.statusCode, res.body).toBe(400);
    expect(await count()).toBe(before);
    return res.json() as ErrorItem[];
  }

  beforeAll(async () => {
    admin = await signIn(t.app);
    const create = async (url: string, payload: object) => {
      const res = await as(admin, 'POST', url, payload);
      expect(res.statusCode, res.body).toBe(201);
      return res.json();
    };
    const formId = (await create('/api/forms', { Name: 'Visit Log', Description: null, CanHaveEav: false, IsCircleable: false, IsActive: true })).FormId;
    await create('/api/formfields', { FormId: formId, Name: 'Title', ReportLabelText: 'Title', FieldType: 'text', IsUdf: false, IsActive: true, StartDate: null, EndDate: null, AttributeValues: {} });
    pageId = (await create('/api/pages', {
      Name: 'Visits', Description: null, PermissionsDisplayName: 'Visits Page', FormId: formId, ParentPageId: null,
      Controller: null, ViewPath: null, Route: '/visits', Action: null, Target: 'self', IsActive: true,
    })).PageId;
    // Holds PageField (and the page list) but not FormField: the type calls must still answer.
    const role = await addRole(t.app, 'Page Field Admin');
    await grantModule(t.app, role, 'PageField');
    await addUser(t.app, { UserName: 'pagefields', Password: 'Passw0rd1', RoleIds: [role] });
    pageAdmin = await signIn(t.app, 'pagefields', 'Passw0rd1');
  });

  it("lists the field types and a type's attributes to a PageField holder, as the form fields' calls do", async () => {
    const types = await as(pageAdmin, 'GET', '/api/pagefields/types');
    expect(types.statusCode, types.body).toBe(200);
    expect(types.json()).toEqual((await as(admin, 'GET', '/api/formfields/types')).json());
    expect(types.json()).toEqual(expect.arrayContaining([{ Id: 'selectOne', Name: 'Select One', UdfAllowed: true }]));
    const attributes = await as(pageAdmin, 'GET', '/api/pagefields/types/text/attributes');
    expect(attributes.statusCode).toBe(200);
    expect(attributes.json()).toEqual((await as(admin, 'GET', '/api/formfields/types/text/attributes')).json());
    expect((await as(pageAdmin, 'GET', '/api/formfields/types')).statusCode).toBe(403);
    const unknown = await as(pageAdmin, 'GET', '/api/pagefields/types/hologram/attributes');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual([expect.objectContaining({ PropertyName: 'FieldType', ErrorCode: 'unknownFieldType' })]);
  });

  it('refuses a type that is no field type, writing nothing', async () => {
    expect(await refused(body({ FieldType: 'hologram' }))).toEqual([{ PropertyName: 'FieldType', ErrorMessage: "'hologram' is not a field type. Choose a type from the list.", ErrorCode: 'unknownFieldType' }]);
  });

  it("checks attribute values against the type's definitions: unknown ones, wrong types, out of range, required ones", async () => {
    expect(await refused(body({ AttributeValues: { 3: 'Welcome' } }))).toEqual([{ PropertyName: 'AttributeValues.3', ErrorMessage: 'Unknown attribute 3 for the field type Text.', ErrorCode: 'unknownAttribute' }]);
    expect(await refused(body({ AttributeValues: { maxLength: 'long' } }))).toEqual([{ PropertyName: 'AttributeValues.maxLength', ErrorMessage: 'Maximum Length must be a whole number.', ErrorCode: 'attributeValue' }]);
    expect(await refused(body({ AttributeValues: { maxLength: 999999 } }))).toEqual([{ PropertyName: 'AttributeValues.maxLength', ErrorMessage: 'Maximum Length must be between 1 and 2000.', ErrorCode: 'attributeValue' }]);
    expect(await refused(body({ AttributeValues: { minLength: 50, maxLength: 10 } }))).toEqual([expect.objectContaining({ PropertyName: 'AttributeValues.minLength', ErrorCode: 'minMax' })]);
    // An attribute of another type is unknown to this one.
    expect(await refused(body({ FieldType: 'yesNo', AttributeValues: { maxLength: 10 } }))).toEqual([expect.objectContaining({ PropertyName: 'AttributeValues.maxLength', ErrorCode: 'unknownAttribute' })]);
    expect(await refused(body({ FieldType: 'selectOne', AttributeValues: {} }))).toEqual([{ PropertyName: 'AttributeValues.lookupListId', ErrorMessage: 'Lookup List is required.', ErrorCode: 'required' }]);

    const saved = await as(admin, 'POST', '/api/pagefields', body({ Name: 'Headline', AttributeValues: { required: true, maxLength: 80, minLength: null } }));
    expect(saved.statusCode, saved.body).toBe(201);
    expect(saved.json().AttributeValues).toEqual({ required: true, maxLength: 80 });
  });

  it('keeps stored attributes an update leaves out, drops the old type\'s on a type change, and refuses a bad update whole', async () => {
    const field = (await as(admin, 'POST', '/api/pagefields', body({ Name: 'Motto', AttributeValues: { maxLength: 60, required: true } }))).json();
    const url = `/api/pagefields/${field.PageFieldId}`;
    const read = (await as(admin, 'GET', url)).json();
    const renamed = await as(admin, 'POST', url, { ...read, Name: 'Motto Line', AttributeValues: { maxLength: null } });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(renamed.json()).toMatchObject({ Name: 'Motto Line', AttributeValues: { required: true } });
    const bad = await as(admin, 'POST', url, { ...renamed.json(), Name: 'Never Saved', AttributeValues: { maxLength: 0 } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual([expect.objectContaining({ PropertyName: 'AttributeValues.maxLength', ErrorCode: 'attributeValue' })]);
    expect((await t.app.db('page_fields').where({ PageFieldId: field.PageFieldId }).first('Name')).Name).toBe('Motto Line');
    const retyped = await as(admin, 'POST', url, { ...renamed.json(), FieldType: 'yesNo', AttributeValues: { activeLabel: 'Shown' } });
    expect(retyped.statusCode, retyped.body).toBe(200);
    expect(retyped.json()).toMatchObject({ FieldType: 'yesNo', AttributeValues: { required: true, activeLabel: 'Shown' } });
  });

  it('keeps Route (as a page route is written) and Target (self or blank, self by default), and derives Url from Route', async () => {
    const created = await as(admin, 'POST', '/api/pagefields', body({ Name: 'Map Link', Route: '/visits/map', Target: 'blank' }));
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json()).toMatchObject({ Route: '/visits/map', Url: '#visits/map', Target: 'blank' });
    const id = created.json().PageFieldId;
    expect((await as(admin, 'GET', `/api/pagefields/${id}`)).json()).toMatchObject({ Url: '#visits/map', Target: 'blank' });
    const listed = (await as(admin, 'GET', `/api/pages/${pageId}/fields`)).json() as Array<{ PageFieldId: number; Url: string | null }>;
    expect(listed.find((f) => f.PageFieldId === id)).toMatchObject({ Url: '#visits/map' });
    const list = (await as(admin, 'GET', '/api/pagefields?q=Map%20Link')).json();
    expect(list.Items).toEqual([expect.objectContaining({ PageFieldId: id, Route: '/visits/map' })]);

    const plain = (await as(admin, 'POST', '/api/pagefields', body({ Name: 'Plain' }))).json();
    expect(plain).toMatchObject({ Route: null, Url: null, Target: 'self' });

    const badRoute = await refused(body({ Name: 'Bad Route', Route: 'visits/map' }));
    expect(badRoute).toEqual([expect.objectContaining({ PropertyName: 'Route', ErrorMessage: expect.stringContaining('must start with /') })]);
    const badTarget = await refused(body({ Name: 'Bad Target', Target: 'parent' }));
    expect(badTarget).toEqual([expect.objectContaining({ PropertyName: 'Target', ErrorMessage: expect.stringContaining('self (the same tab) or blank') })]);
    // Url is the server's: one sent is not kept.
    const sentUrl = await as(admin, 'POST', '/api/pagefields', body({ Name: 'Sent Url', Route: '/a', Url: '#elsewhere' }));
    if (sentUrl.statusCode === 201) expect(sentUrl.json().Url).toBe('#a');
    else expect(sentUrl.statusCode).toBe(400);
  });
});
