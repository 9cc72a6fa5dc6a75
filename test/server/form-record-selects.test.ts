import { beforeAll, describe, expect, it } from 'vitest';
import { databases, useTestApp, signIn, type SignedIn } from './helper.ts';
import { injectLocked } from './record-lock-fixtures.ts';

type Method = 'GET' | 'POST' | 'DELETE';

describe.each(databases)("a built form's select fields by their items' names, on %s", (kind) => {
  const t = useTestApp(kind);
  let admin: SignedIn;
  let formId: number;
  let listId: number;
  const items: Record<string, number> = {};
  const call = (method: Method, url: string, payload?: object) => injectLocked(t.app, admin, { method, url, payload });
  const records = () => `/api/forms/${formId}/records`;
  const itemUrl = (id: number) => `/api/simple-lookups/${listId}/items/${id}`;
  const field = (Name: string, FieldType: string, extra: object = {}) => ({
    FormId: formId, Name, ReportLabelText: Name, FieldType, IsUdf: false, IsActive: true, StartDate: null, EndDate: null, AttributeValues: { lookupListId: listId }, ...extra,
  });
  async function post(url: string, body: object, status = 201) {
    const res = await call('POST', url, body);
    expect(res.statusCode, res.body).toBe(status);
    return res.json();
  }

  beforeAll(async () => {
    admin = await signIn(t.app);
    listId = (await post('/api/lookup-tables', { SystemName: 'Severity', DisplayName: 'Severity', Description: null, IsActive: true, IsEditable: true })).SimpleLookupTableId;
    for (const name of ['Low', 'High', 'Unused']) items[name] = (await post(`/api/simple-lookups/${listId}/items`, { Name: name, Description: null, IsActive: true })).Id;
    formId = (await post('/api/forms', { Name: 'Incident', Description: null, CanHaveEav: true, IsCircleable: false, IsActive: true })).FormId;
    await post('/api/formfields', field('Title', 'text', { AttributeValues: {} }));
    await post('/api/formfields', field('Severity', 'selectOne'));
    await post('/api/formfields', field('Areas', 'selectMany'));
    await post('/api/formfields', field('Escalation', 'selectOne', { IsUdf: true, ReportLabelText: null, StartDate: '2020-01-01' }));
  });

  it('lists, searches past and exports a select by the name of its item, and a select-many by its names in the list order', async () => {
    const id = (await post(records(), { Title: 'Flood', Severity: items.High, Areas: [items.High, items.Low], Escalation: items.Low })).RecordId;
    const read = (await call('GET', `${records()}/${id}`)).json();
    expect(read).toMatchObject({ Severity: items.High, Areas: [items.High, items.Low], Escalation: items.Low });
    const page = (await call('GET', `${records()}?cols=Title,Severity,Areas,Escalation`)).json();
    expect(page.Items).toEqual([expect.objectContaining({ RecordId: id, Title: 'Flood', Severity: 'High', Areas: 'Low, High', Escalation: 'Low' })]);
    const csv = await call('GET', `${records()}/export.csv?cols=Title,Severity,Areas,Escalation`);
    expect(csv.statusCode, csv.body).toBe(200);
    expect(csv.body).toContain('Flood,High,"Low, High",Low');
    const none = (await post(records(), { Title: 'Quiet', Severity: -1, Areas: [] }));
    const quiet = (await call('GET', `${records()}?cols=Title,Severity,Areas&q=Quiet`)).json();
    expect(quiet.Items).toEqual([expect.objectContaining({ RecordId: none.RecordId, Severity: null, Areas: null })]);
  });

  it("a record's History names the items chosen before and after", async () => {
    const id = (await post(records(), { Title: 'Fire', Severity: items.Low, Areas: [items.Low] })).RecordId;
    const before = (await call('GET', `${records()}/${id}`)).json();
    await post(`${records()}/${id}`, { ...before, Severity: items.High, Areas: [items.Low, items.High] }, 200);
    const [latest] = (await call('GET', `${records()}/${id}/history`)).json();
    expect(latest.Changes).toEqual(expect.arrayContaining([
      { Field: 'Severity', Old: 'Low', New: 'High' },
      { Field: 'Areas', Old: ['Low'], New: ['Low', 'High'] },
    ]));
  });

  it('refuses to delete an item a record holds (column, select-many or UDF), deleting nothing, and deletes one no record holds', async () => {
    const refused = await call('DELETE', itemUrl(items.High));
    expect(refused.statusCode, refused.body).toBe(409);
    // Two records hold High (one of them in two fields): each counts once.
    expect(refused.json()).toEqual([expect.objectContaining({
      ErrorCode: 'InUse', ErrorMessage: 'The item High is chosen in 2 records of the form Incident; deactivate it instead, so those records keep their choice.',
    })]);
    expect(await t.app.db('simple_lookup_items').where('SimpleLookupItemId', items.High).first()).toBeTruthy();

    // Held only in a UDF of one record: still refused, until that record lets it go.
    const udfItem = (await post(`/api/simple-lookups/${listId}/items`, { Name: 'Urgent', Description: null, IsActive: true })).Id as number;
    const id = (await post(records(), { Title: 'Storm', Severity: -1, Escalation: udfItem })).RecordId;
    const udfRefused = await call('DELETE', itemUrl(udfItem));
    expect(udfRefused.statusCode, udfRefused.body).toBe(409);
    expect(udfRefused.body).toContain('1 record of the form Incident');
    const held = (await call('GET', `${records()}/${id}`)).json();
    await post(`${records()}/${id}`, { ...held, Escalation: -1 }, 200);
    expect((await call('DELETE', itemUrl(udfItem))).statusCode).toBe(204);

    expect((await call('DELETE', itemUrl(items.Unused))).statusCode).toBe(204);
  });
});
