import { beforeAll, describe, expect, it } from 'vitest';
import { databases, useTestApp, signIn, type SignedIn } from './helper.ts';
import { injectLocked } from './record-lock-fixtures.ts';

type Method = 'GET' | 'POST' | 'DELETE';

describe.each(databases)("a lookup list's changes as revisions of the forms that offer it, on %s", (kind) => {
  const t = useTestApp(kind);
  let admin: SignedIn;
  const call = (method: Method, url: string, payload?: object) => injectLocked(t.app, admin, { method, url, payload });
  const summaries = async (formId: number) => ((await call('GET', `/api/forms/${formId}/revisions`)).json() as Array<{ Summary: string }>).map((r) => r.Summary);

  beforeAll(async () => {
    admin = await signIn(t.app);
  });

  it('records adding, changing, reordering and deleting items, and renaming the list, on the form whose select offers it, and on no other', async () => {
    const list = (await call('POST', '/api/lookup-tables', { SystemName: 'Shift', DisplayName: 'Shift', Description: null, IsActive: true, IsEditable: true })).json();
    const tableId = list.SimpleLookupTableId as number;
    const offering = (await call('POST', '/api/forms', { Name: 'Handover', CanHaveEav: false, IsCircleable: false, IsActive: true })).json().FormId as number;
    const other = (await call('POST', '/api/forms', { Name: 'Unrelated', CanHaveEav: false, IsCircleable: false, IsActive: true })).json().FormId as number;
    const field = await call('POST', '/api/formfields', {
      FormId: offering, Name: 'Shift', ReportLabelText: 'Shift', FieldType: 'selectOne', IsUdf: false, IsActive: true, StartDate: null, EndDate: null, AttributeValues: { lookupListId: tableId },
    });
    expect(field.statusCode, field.body).toBe(201);
    const items = `/api/simple-lookups/${tableId}/items`;
    const early = (await call('POST', items, { Name: 'Early', Description: null, IsActive: true })).json();
    const late = (await call('POST', items, { Name: 'Late', Description: null, IsActive: true })).json();
    expect((await call('POST', `${items}/${early.Id}`, { ...early, Name: 'Morning' })).statusCode).toBe(200);
    expect((await call('POST', `${items}/reorder`, { ItemIds: [late.Id, early.Id] })).statusCode).toBe(200);
    expect((await call('DELETE', `${items}/${late.Id}`)).statusCode).toBe(204);
    const read = (await call('GET', `/api/lookup-tables/${tableId}`)).json();
    expect((await call('POST', `/api/lookup-tables/${tableId}`, { ...read, DisplayName: 'Work Shift' })).statusCode).toBe(200);

    expect((await summaries(offering)).slice(0, 6)).toEqual([
      'Changed the lookup list Work Shift',
      'Deleted the item Late of the lookup list Shift',
      'Reordered the items of the lookup list Shift',
      'Changed the item Early of the lookup list Shift',
      'Added the item Late to the lookup list Shift',
      'Added the item Early to the lookup list Shift',
    ]);
    expect(await summaries(other)).toEqual(['Created the form']);
  });
});
