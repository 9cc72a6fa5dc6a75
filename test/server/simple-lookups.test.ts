import { beforeAll, describe, expect, it } from 'vitest';
import type { SimpleLookupItem } from '../../engine/core/lowcode/api.ts';
import { databases, injectAs, useTestApp, signIn, type SignedIn } from './helper.ts';
import { injectLocked, readForUpdate } from './record-lock-fixtures.ts';
import { addRole, addUser, grantModule } from './account-fixtures.ts';
import { messages } from '../../server/plugins/access.ts';

type Method = 'GET' | 'POST' | 'DELETE';
type Row = Record<string, unknown>;
interface Option { Id: number; Name: string }

describe.each(databases)('simple lookups on %s', (kind) => {
  const t = useTestApp(kind);
  let admin: SignedIn;
  const as = (who: SignedIn, method: Method, url: string, payload?: object) => injectLocked(t.app, who, { method, url, payload });
  /** A list written straight to its table. */
  async function addList(DisplayName: string, more: Row = {}): Promise<number> {
    const [{ SimpleLookupTableId }] = await t.app.db('simple_lookup_tables').insert({ SystemName: DisplayName.replace(/\W/g, '_'), DisplayName, ...more }).returning('SimpleLookupTableId');
    return SimpleLookupTableId as number;
  }
  async function addForm(Name: string, IsActive = true): Promise<number> {
    const [{ FormId }] = await t.app.db('forms').insert({ Name, IsActive }).returning('FormId');
    return FormId as number;
  }
  const addItem = async (tableId: number, Name: string, more: Row = {}) => {
    const res = await as(admin, 'POST', `/api/simple-lookups/${tableId}/items`, { Name, Description: null, IsActive: true, ...more });
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as SimpleLookupItem;
  };
  const itemsOf = async (tableId: number) => (await as(admin, 'GET', `/api/simple-lookups/${tableId}/items`)).json() as SimpleLookupItem[];
  const namesOf = async (tableId: number) => (await itemsOf(tableId)).map((i) => i.Name);

  beforeAll(async () => {
    admin = await signIn(t.app);
  });

  it("offers 'All lists' first and then the active forms by name; a form's lists are its own and those its fields offer", async () => {
    const incident = await addForm('Incident Report');
    await addForm('Audit Finding');
    await addForm('Old Form', false);
    const forms = (await as(admin, 'GET', '/api/simple-lookups/forms')).json() as Option[];
    expect(forms[0]).toEqual({ Id: 0, Name: 'All lists' });
    // Other forms may be there too (a reserved form per built-in screen): the order is by name, the inactive one left out.
    const names = forms.slice(1).map((f) => f.Name);
    expect(names).toEqual(expect.arrayContaining(['Audit Finding', 'Incident Report']));
    expect(names).not.toContain('Old Form');
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b)));

    const own = await addList('Severity', { FormId: incident });
    const offered = await addList('Category');
    const other = await addList('Unrelated');
    await t.app.db('form_fields').insert({ FormId: incident, Name: 'Category', StoredName: 'Category', FieldType: 'selectOne', AttributeValues: JSON.stringify({ lookupListId: offered }) });
    const lists = (await as(admin, 'GET', `/api/simple-lookups/forms/${incident}/lists`)).json() as Option[];
    expect(lists).toEqual([{ Id: offered, Name: 'Category' }, { Id: own, Name: 'Severity' }]);
    const all = (await as(admin, 'GET', '/api/simple-lookups/forms/0/lists')).json() as Option[];
    expect(all.map((l) => l.Id)).toEqual(expect.arrayContaining([own, offered, other]));
    const negative = await as(admin, 'GET', '/api/simple-lookups/forms/-1/lists');
    expect(negative.statusCode).toBe(400);
    expect(negative.json()[0].ErrorMessage).toBe('No id was provided.');
  });

  it('adds items last, reads, updates and deletes them, in order by SortOrder then id', async () => {
    const list = await addList('Priority');
    const low = await addItem(list, 'Low', { SortOrder: 99 });
    const medium = await addItem(list, 'Medium', { Description: 'Soon' });
    const high = await addItem(list, 'High');
    expect([low.SortOrder, medium.SortOrder, high.SortOrder]).toEqual([1, 2, 3]);
    expect(medium).toEqual({ Id: medium.Id, TableId: list, Name: 'Medium', Description: 'Soon', SortOrder: 2, IsActive: true });
    expect(await namesOf(list)).toEqual(['Low', 'Medium', 'High']);

    const read = await as(admin, 'GET', `/api/simple-lookups/${list}/items/${medium.Id}`);
    expect(read.json()).toEqual(medium);
    const updated = await as(admin, 'POST', `/api/simple-lookups/${list}/items/${medium.Id}`, { ...medium, Name: 'Normal', IsActive: false });
    expect(updated.statusCode, updated.body).toBe(200);
    expect(updated.json()).toMatchObject({ Name: 'Normal', IsActive: false, SortOrder: 2 });
    expect(await t.app.db('simple_lookup_items').where('SimpleLookupItemId', medium.Id).first('DeactivatedBy', 'ModifiedBy')).toEqual({ DeactivatedBy: 'admin', ModifiedBy: 'admin' });

    expect((await as(admin, 'DELETE', `/api/simple-lookups/${list}/items/${low.Id}`)).statusCode).toBe(204);
    expect(await namesOf(list)).toEqual(['Normal', 'High']);
    // An item is found only under its own list.
    const other = await addList('Other List');
    expect((await as(admin, 'GET', `/api/simple-lookups/${other}/items/${high.Id}`)).statusCode).toBe(404);
    // Every write is in the record's history.
    const actions = await t.app.db('audit_entries').where({ Entity: 'simplelookups', RecordId: medium.Id }).orderBy('AuditId').select('Action');
    expect(actions.map((a: Row) => a.Action)).toEqual(['create', 'deactivate']);
  });

  it('refuses a name taken in the same list (case ignored), a missing or too long name, and a SortOrder that is no integer', async () => {
    const list = await addList('Sizes');
    const small = await addItem(list, 'Small');
    await addItem(list, 'Large');
    const clash = await as(admin, 'POST', `/api/simple-lookups/${list}/items`, { Name: 'SMALL', IsActive: true });
    expect(clash.statusCode).toBe(409);
    expect(clash.json()).toEqual([{ PropertyName: 'Name', ErrorMessage: 'A record with the name SMALL already exists.', ErrorCode: 'Unique' }]);
    const renamed = await as(admin, 'POST', `/api/simple-lookups/${list}/items/${small.Id}`, { ...small, Name: 'large' });
    expect(renamed.statusCode).toBe(409);
    // The same name in another list is fine, and an item keeps its own name on update.
    await addItem(await addList('Other Sizes'), 'Small');
    expect((await as(admin, 'POST', `/api/simple-lookups/${list}/items/${small.Id}`, { ...small, Name: 'small' })).statusCode).toBe(200);

    const missing = await as(admin, 'POST', `/api/simple-lookups/${list}/items`, { Description: 'no name' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()[0]).toMatchObject({ PropertyName: 'Name' });
    const long = await as(admin, 'POST', `/api/simple-lookups/${list}/items`, { Name: 'x'.repeat(201) });
    expect(long.json()[0]).toMatchObject({ PropertyName: 'Name', ErrorMessage: 'Must be no more than 200 character(s) long.' });
    const description = await as(admin, 'POST', `/api/simple-lookups/${list}/items`, { Name: 'Huge', Description: 'x'.repeat(2001) });
    expect(description.json()[0]).toMatchObject({ PropertyName: 'Description' });
    const order = await as(admin, 'POST', `/api/simple-lookups/${list}/items/${small.Id}`, { ...small, SortOrder: 1.5 });
    expect(order.statusCode).toBe(400);
    expect(order.json()[0]).toMatchObject({ PropertyName: 'SortOrder' });
  });

  it("answers 'No id was provided.' for a non-positive Id or TableId, and 404 for a list that does not exist", async () => {
    const list = await addList('Ids');
    const item = await addItem(list, 'One');
    const calls: Array<[Method, string, object?]> = [
      ['GET', '/api/simple-lookups/0/items'],
      ['POST', '/api/simple-lookups/0/items', { Name: 'x' }],
      ['GET', `/api/simple-lookups/${list}/items/0`],
      ['GET', `/api/simple-lookups/-1/items/${item.Id}`],
      ['POST', `/api/simple-lookups/${list}/items/-3`, { Name: 'x' }],
      ['POST', `/api/simple-lookups/0/items/${item.Id}`, { Name: 'x' }],
      ['DELETE', `/api/simple-lookups/${list}/items/0`],
      ['DELETE', `/api/simple-lookups/0/items/${item.Id}`],
      ['POST', '/api/simple-lookups/0/items/reorder', { ItemIds: [] }],
      ['GET', '/api/lookups/simple-lookup-0'],
    ];
    for (const [method, url, payload] of calls) {
      const res = await as(admin, method, url, payload);
      expect(res.statusCode, `${method} ${url}`).toBe(400);
      expect(res.json()[0].ErrorMessage, `${method} ${url}`).toBe('No id was provided.');
    }
    expect((await as(admin, 'GET', '/api/simple-lookups/999999/items')).statusCode).toBe(404);
    expect((await t.app.db('simple_lookup_items').where('TableId', list).select('Name')).map((r: Row) => r.Name)).toEqual(['One']);
  });

  it('reorders with exactly the list\'s items, in one go, and refuses missing, extra or repeated ids with nothing changed', async () => {
    const list = await addList('Stages');
    const [a, b, c] = [await addItem(list, 'A'), await addItem(list, 'B'), await addItem(list, 'C')];
    const stranger = await addItem(await addList('Elsewhere'), 'Z');
    const refusals: number[][] = [[c.Id, a.Id], [c.Id, a.Id, b.Id, stranger.Id], [c.Id, a.Id, a.Id], [c.Id, a.Id, b.Id, b.Id]];
    for (const ItemIds of refusals) {
      const res = await as(admin, 'POST', `/api/simple-lookups/${list}/items/reorder`, { ItemIds });
      expect(res.statusCode, JSON.stringify(ItemIds)).toBe(400);
      expect(res.json()[0]).toMatchObject({ PropertyName: 'ItemIds', ErrorCode: 'InvalidOrder' });
      expect(res.json()[0].ErrorMessage).toMatch(/^The new order must name each of the list's 3 items exactly once \(/);
    }
    const missing = await as(admin, 'POST', `/api/simple-lookups/${list}/items/reorder`, { ItemIds: [c.Id, a.Id] });
    expect(missing.json()[0].ErrorMessage).toBe(`The new order must name each of the list's 3 items exactly once (missing ${b.Id}). Reload the list and try again.`);
    expect(await namesOf(list)).toEqual(['A', 'B', 'C']);

    const res = await as(admin, 'POST', `/api/simple-lookups/${list}/items/reorder`, { ItemIds: [c.Id, a.Id, b.Id] });
    expect(res.statusCode, res.body).toBe(200);
    expect((res.json() as SimpleLookupItem[]).map((i) => [i.Name, i.SortOrder])).toEqual([['C', 1], ['A', 2], ['B', 3]]);
    expect(await namesOf(list)).toEqual(['C', 'A', 'B']);
    // A new item still goes last.
    await addItem(list, 'D');
    expect(await namesOf(list)).toEqual(['C', 'A', 'B', 'D']);
  });

  it('does not move an item someone is editing: the reorder waits until it is saved or released', async () => {
    const list = await addList('Queue');
    const [a, b, c] = [await addItem(list, 'A'), await addItem(list, 'B'), await addItem(list, 'C')];
    // Another browser window holds B's lock (the form opened on it for update).
    const editing = await readForUpdate(t.app, admin, `/api/simple-lookups/${list}/items/${b.Id}`, 'other-window');
    expect(editing.headers.recordlockid).toBeTruthy();
    const refused = await as(admin, 'POST', `/api/simple-lookups/${list}/items/reorder`, { ItemIds: [b.Id, a.Id, c.Id] });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()[0]).toMatchObject({ PropertyName: 'ItemIds', ErrorCode: 'Locked' });
    expect(refused.json()[0].ErrorMessage).toMatch(/^The item B is locked by .+ until \d\d\/\d\d\/\d{4} \d\d:\d\d UTC: the list can be reordered once it is saved or the lock is released\.$/);
    expect(await namesOf(list)).toEqual(['A', 'B', 'C']);
    // An order that leaves B where it is moves nobody's work.
    const around = await as(admin, 'POST', `/api/simple-lookups/${list}/items/reorder`, { ItemIds: [c.Id, b.Id, a.Id] });
    expect(around.statusCode, around.body).toBe(200);
    // B's editor saves with the version it read: nothing moved under it.
    const saved = await injectAs(t.app, admin, { method: 'POST', url: `/api/simple-lookups/${list}/items/${b.Id}`, headers: { ...editing.headers, 'x-window-id': 'other-window' }, payload: { ...editing.record, Name: 'B2' } });
    expect(saved.statusCode, saved.body).toBe(200);
    await injectAs(t.app, admin, { method: 'DELETE', url: `/api/record-locks/${editing.headers.recordlockid}`, headers: { 'x-window-id': 'other-window' } });
    const after = await as(admin, 'POST', `/api/simple-lookups/${list}/items/reorder`, { ItemIds: [b.Id, a.Id, c.Id] });
    expect(after.statusCode, after.body).toBe(200);
    expect(await namesOf(list)).toEqual(['B2', 'A', 'C']);
  });

  it('keeps the items of a list that is not editable as they are', async () => {
    const list = await addList('Fixed');
    const item = await addItem(list, 'Kept');
    await t.app.db('simple_lookup_tables').where('SimpleLookupTableId', list).update({ IsEditable: false });
    const writes: Array<[Method, string, object?]> = [
      ['POST', `/api/simple-lookups/${list}/items`, { Name: 'New' }],
      ['POST', `/api/simple-lookups/${list}/items/${item.Id}`, { ...item, Name: 'Changed' }],
      ['DELETE', `/api/simple-lookups/${list}/items/${item.Id}`],
      ['POST', `/api/simple-lookups/${list}/items/reorder`, { ItemIds: [item.Id] }],
    ];
    for (const [method, url, payload] of writes) {
      const res = await as(admin, method, url, payload);
      expect(res.statusCode, `${method} ${url}`).toBe(403);
      expect(res.json()[0]).toMatchObject({ ErrorMessage: 'The items of the list Fixed cannot be changed.', ErrorCode: 'ReadOnlyList' });
    }
    expect(await namesOf(list)).toEqual(['Kept']);
  });

  it("answers a list's items as options: active ones in order, by search, and by ids inactive ones too", async () => {
    const list = await addList('Colours');
    const red = await addItem(list, 'Red');
    const green = await addItem(list, 'Green', { IsActive: false });
    const blue = await addItem(list, 'Dark Blue');
    const other = await addItem(await addList('Other Colours'), 'Reddish');
    const options = (query = '') => as(admin, 'GET', `/api/lookups/simple-lookup-${list}${query}`);
    expect((await options()).json()).toEqual([{ Id: red.Id, Name: 'Red' }, { Id: blue.Id, Name: 'Dark Blue' }]);
    expect((await options('?search=RE')).json()).toEqual([{ Id: red.Id, Name: 'Red' }, { Id: green.Id, Name: 'Green' }].filter((o) => o.Id === red.Id));
    expect((await options('?search=blue')).json()).toEqual([{ Id: blue.Id, Name: 'Dark Blue' }]);
    expect((await options(`?ids=${green.Id},${blue.Id}`)).json()).toEqual([{ Id: green.Id, Name: 'Green' }, { Id: blue.Id, Name: 'Dark Blue' }]);
    expect((await options(`?ids=${green.Id}&ids=${other.Id}`)).json()).toEqual([{ Id: green.Id, Name: 'Green' }]);
    expect((await options('?ids=nonsense&search=x')).statusCode).toBe(200);
    expect((await as(admin, 'GET', '/api/lookups/simple-lookup-999999')).statusCode).toBe(404);
  });

  it('refuses the calls to a user without the module; the options need only a session', async () => {
    const password = 'Passw0rd1';
    const list = await addList('Access List');
    const item = await addItem(list, 'Only');
    const roleId = await addRole(t.app, 'Lookup Keepers');
    await addUser(t.app, { UserName: 'nolookups', Password: password });
    await addUser(t.app, { UserName: 'lookupkeeper', Password: password, RoleIds: [roleId] });
    await grantModule(t.app, roleId, 'SimpleLookup', true);
    const outsider = await signIn(t.app, 'nolookups', password);
    const calls: Array<[Method, string, object?]> = [
      ['GET', '/api/simple-lookups/forms'],
      ['GET', '/api/simple-lookups/forms/0/lists'],
      ['GET', `/api/simple-lookups/${list}/items`],
      ['POST', `/api/simple-lookups/${list}/items`, { Name: 'Sneaky' }],
      ['GET', `/api/simple-lookups/${list}/items/${item.Id}`],
      ['POST', `/api/simple-lookups/${list}/items/${item.Id}`, { Name: 'Sneaky' }],
      ['DELETE', `/api/simple-lookups/${list}/items/${item.Id}`],
      ['POST', `/api/simple-lookups/${list}/items/reorder`, { ItemIds: [item.Id] }],
    ];
    for (const [method, url, payload] of calls) {
      const res = await as(outsider, method, url, payload);
      expect(res.statusCode, `${method} ${url}`).toBe(403);
      expect(res.json()[0].ErrorMessage).toBe(messages.noAccess);
    }
    expect((await as(outsider, 'GET', `/api/lookups/simple-lookup-${list}`)).json()).toEqual([{ Id: item.Id, Name: 'Only' }]);
    expect((await t.app.inject({ method: 'GET', url: `/api/lookups/simple-lookup-${list}` })).statusCode).toBe(401);
    const keeper = await signIn(t.app, 'lookupkeeper', password);
    expect((await as(keeper, 'POST', `/api/simple-lookups/${list}/items`, { Name: 'Kept' })).statusCode).toBe(201);
    expect((await as(keeper, 'GET', `/api/simple-lookups/${list}/items`)).json().map((i: SimpleLookupItem) => i.Name)).toEqual(['Only', 'Kept']);
  });
});
