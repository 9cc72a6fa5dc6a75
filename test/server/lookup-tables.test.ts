import { beforeAll, describe, expect, it } from 'vitest';
import { databases, useTestApp, signIn, type SignedIn } from './helper.ts';
import { injectLocked } from './record-lock-fixtures.ts';
import { addRole, addUser, grantModule } from './account-fixtures.ts';
import { messages } from '../../server/plugins/access.ts';

type Method = 'GET' | 'POST' | 'DELETE';
type Row = Record<string, unknown>;

const listBody = (SystemName: string, more: Row = {}) => ({
  SystemName, DisplayName: SystemName.replaceAll('_', ' '), Description: `The ${SystemName} list`, FormId: null, IsActive: true, IsEditable: true, ...more,
});

describe.each(databases)('lookup table manager on %s', (kind) => {
  const t = useTestApp(kind);
  let admin: SignedIn;
  const as = (who: SignedIn, method: Method, url: string, payload?: object) => injectLocked(t.app, who, { method, url, payload });
  const create = async (body: Row) => {
    const res = await as(admin, 'POST', '/api/lookup-tables', body);
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as Row & { SimpleLookupTableId: number };
  };
  /** A form with one select field offering the list, written straight to the tables (the forms module is not needed). */
  async function formUsing(formName: string, fieldName: string, listId: number | string, IsActive = true): Promise<number> {
    const [{ FormId }] = await t.app.db('forms').insert({ Name: formName }).returning('FormId');
    await t.app.db('form_fields').insert({
      FormId, Name: fieldName, StoredName: fieldName.replace(/\W/g, ''), FieldType: 'selectOne', IsActive, AttributeValues: JSON.stringify({ lookupListId: listId }),
    });
    return FormId as number;
  }

  beforeAll(async () => {
    admin = await signIn(t.app);
  });

  it('creates, reads, lists, updates and deletes a list, with record info', async () => {
    const made = await create(listBody('Colours'));
    expect(made).toMatchObject({ SystemName: 'Colours', DisplayName: 'Colours', IsActive: true, IsEditable: true, CreatedBy: 'admin' });
    const read = (await as(admin, 'GET', `/api/lookup-tables/${made.SimpleLookupTableId}`)).json();
    expect(read.DisplayName).toBe('Colours');
    const list = (await as(admin, 'GET', '/api/lookup-tables?q=Colours&cols=SystemName,DisplayName,Description,IsActive,CreatedDate')).json();
    expect(list.TotalCount).toBe(1);
    expect(list.Items[0]).toMatchObject({ SystemName: 'Colours', DisplayName: 'Colours', IsActive: true });
    const updated = await as(admin, 'POST', `/api/lookup-tables/${made.SimpleLookupTableId}`, listBody('Colours', { DisplayName: 'Colors' }));
    expect(updated.statusCode, updated.body).toBe(200);
    expect(updated.json()).toMatchObject({ DisplayName: 'Colors', ModifiedBy: 'admin' });
    expect((await as(admin, 'DELETE', `/api/lookup-tables/${made.SimpleLookupTableId}`)).statusCode).toBe(204);
    expect((await as(admin, 'GET', `/api/lookup-tables/${made.SimpleLookupTableId}`)).statusCode).toBe(404);
  });

  it('refuses a System Name that is taken (case ignored), missing or no identifier, and a Display Name over 200', async () => {
    await create(listBody('Severity'));
    const clash = await as(admin, 'POST', '/api/lookup-tables', listBody('SEVERITY'));
    expect(clash.statusCode).toBe(409);
    expect(clash.json()).toEqual([{ PropertyName: 'SystemName', ErrorMessage: 'A record with the name SEVERITY already exists.', ErrorCode: 'Unique' }]);
    const missing = await as(admin, 'POST', '/api/lookup-tables', { DisplayName: 'No system name' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().map((e: Row) => e.PropertyName)).toContain('SystemName');
    const spaced = await as(admin, 'POST', '/api/lookup-tables', listBody('Has Space'));
    expect(spaced.statusCode).toBe(400);
    expect(spaced.json()[0]).toMatchObject({ PropertyName: 'SystemName' });
    const long = await as(admin, 'POST', '/api/lookup-tables', listBody('Long_Name', { DisplayName: 'x'.repeat(201) }));
    expect(long.statusCode).toBe(400);
    expect(long.json()[0]).toMatchObject({ PropertyName: 'DisplayName', ErrorMessage: 'Must be no more than 200 character(s) long.' });
  });

  it("keeps a list's Form: none for the select's 'Please Select...' (-1), and refuses a form that does not exist", async () => {
    const [{ FormId }] = await t.app.db('forms').insert({ Name: 'Shown With' }).returning('FormId');
    expect((await create(listBody('With_Form', { FormId }))).FormId).toBe(FormId);
    expect((await create(listBody('No_Form', { FormId: -1 }))).FormId).toBeNull();
    const gone = await as(admin, 'POST', '/api/lookup-tables', listBody('Gone_Form', { FormId: 999999 }));
    expect(gone.statusCode).toBe(400);
    expect(gone.json()).toEqual([{ PropertyName: 'FormId', ErrorMessage: 'This form no longer exists.', ErrorCode: 'NotFound' }]);
  });

  it("answers 'No id was provided.' for a non-positive id", async () => {
    for (const [method, url] of [['GET', '/api/lookup-tables/0'], ['POST', '/api/lookup-tables/-1'], ['DELETE', '/api/lookup-tables/0']] as const) {
      const res = await as(admin, method, url, method === 'POST' ? listBody('Whatever') : undefined);
      expect(res.statusCode, `${method} ${url}`).toBe(400);
      expect(res.json()[0].ErrorMessage).toBe('No id was provided.');
    }
  });

  it('answers every active list by name for a select field, with the forms lookup for the Form select', async () => {
    const inactive = await create(listBody('Retired_List', { IsActive: false }));
    const all = (await as(admin, 'GET', '/api/lookup-tables/all')).json() as Array<{ Id: number; Name: string }>;
    expect(all.map((l) => l.Name)).toContain('Severity');
    expect(all.map((l) => l.Id)).not.toContain(inactive.SimpleLookupTableId);
    expect(all.map((l) => l.Name)).toEqual([...all.map((l) => l.Name)].sort((a, b) => a.localeCompare(b)));
    await t.app.db('forms').insert({ Name: 'Lookup Form Choice' });
    const forms = (await as(admin, 'GET', '/api/lookups/forms?search=lookup form')).json();
    expect(forms).toEqual([{ Id: expect.any(Number), Name: 'Lookup Form Choice' }]);
  });

  it('refuses to delete a list a form field uses (active or not), naming the forms and fields, and deletes nothing', async () => {
    const list = await create(listBody('Urgency', { DisplayName: 'Urgency' }));
    await t.app.db('simple_lookup_items').insert({ TableId: list.SimpleLookupTableId, Name: 'High', SortOrder: 1 });
    await formUsing('Incident Report', 'Urgency', list.SimpleLookupTableId);
    await formUsing('Audit Finding', 'Old Urgency', String(list.SimpleLookupTableId), false);
    const res = await as(admin, 'DELETE', `/api/lookup-tables/${list.SimpleLookupTableId}`);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual([{
      PropertyName: null, ErrorCode: 'InUse',
      ErrorMessage: 'The list Urgency is used by the field Old Urgency of the form Audit Finding and the field Urgency of the form Incident Report; change those fields first.',
    }]);
    expect(await t.app.db('simple_lookup_tables').where('SimpleLookupTableId', list.SimpleLookupTableId).first()).toBeDefined();
    expect(Number((await t.app.db('simple_lookup_items').where('TableId', list.SimpleLookupTableId).count({ N: '*' }).first())!.N)).toBe(1);

    // Once the fields offer another list, the delete goes through, its items with it.
    await t.app.db('form_fields').whereIn('Name', ['Urgency', 'Old Urgency']).update({ AttributeValues: JSON.stringify({ lookupListId: 0 }) });
    expect((await as(admin, 'DELETE', `/api/lookup-tables/${list.SimpleLookupTableId}`)).statusCode).toBe(204);
    expect(await t.app.db('simple_lookup_items').where('TableId', list.SimpleLookupTableId).first()).toBeUndefined();
  });

  it('refuses every call to a user without the module, and serves one who has it', async () => {
    const password = 'Passw0rd1';
    const roleId = await addRole(t.app, 'List Keepers');
    await addUser(t.app, { UserName: 'nolists', Password: password });
    await addUser(t.app, { UserName: 'listkeeper', Password: password, RoleIds: [roleId] });
    await grantModule(t.app, roleId, 'LookupTableManager');
    const outsider = await signIn(t.app, 'nolists', password);
    for (const [method, url] of [['GET', '/api/lookup-tables'], ['GET', '/api/lookup-tables/all'], ['POST', '/api/lookup-tables'], ['GET', '/api/lookup-tables/1'], ['DELETE', '/api/lookup-tables/1']] as const) {
      const res = await as(outsider, method, url, method === 'POST' ? listBody('Sneaky') : undefined);
      expect(res.statusCode, `${method} ${url}`).toBe(403);
      expect(res.json()[0].ErrorMessage).toBe(messages.noAccess);
    }
    const keeper = await signIn(t.app, 'listkeeper', password);
    expect((await as(keeper, 'GET', '/api/lookup-tables')).statusCode).toBe(200);
    expect((await as(keeper, 'POST', '/api/lookup-tables', listBody('Kept_List'))).statusCode).toBe(201);
  });
});
