import { beforeAll, describe, expect, it } from 'vitest';
import { databases, useTestApp, signIn, type SignedIn } from './helper.ts';
import { injectLocked } from './record-lock-fixtures.ts';

interface Page { Items: Array<Record<string, unknown>>; Cursors: { Last: string | null } }

/** A list's select columns sort and search by their items' names, as people read them, not by the ids stored. */
describe.each(databases)("a built form's select columns sorted and searched by their items' names, on %s", (kind) => {
  const t = useTestApp(kind);
  let admin: SignedIn;
  let formId: number;
  const items: Record<string, number> = {};
  const call = (method: 'GET' | 'POST', url: string, payload?: object) => injectLocked(t.app, admin, { method, url, payload });
  const records = () => `/api/forms/${formId}/records`;
  async function post(url: string, body: object) {
    const res = await call('POST', url, body);
    expect(res.statusCode, res.body).toBe(201);
    return res.json();
  }
  async function list(query: string): Promise<Page> {
    const res = await call('GET', `${records()}?cols=Title,Severity,Areas,Escalation&${query}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  }
  /**
   * Every page of an order, two rows a page, as the grid asks: Next by the cursor of the page's last row, or by the
   * page's number when that row's sort value is empty (a cursor holds no NULL).
   */
  async function walk(sorts: string): Promise<Array<Record<string, unknown>>> {
    const rows: Array<Record<string, unknown>> = [];
    const first = sorts.split(',')[0];
    let page = await list(`sorts=${sorts}&pageSize=2`);
    for (let number = 1; number <= 5; number++) {
      rows.push(...page.Items);
      if (page.Items.length < 2) break;
      const next = page.Items.at(-1)![first] === null ? `page=${number + 1}` : `after=${page.Cursors.Last}`;
      page = await list(`sorts=${sorts}&pageSize=2&${next}`);
    }
    return rows;
  }

  beforeAll(async () => {
    admin = await signIn(t.app);
    const listId = (await post('/api/lookup-tables', { SystemName: 'Severity', DisplayName: 'Severity', Description: null, IsActive: true, IsEditable: true })).SimpleLookupTableId;
    // Ids in the order Medium, High, Low: an order by id would read Medium, High, Low; by name it is High, Low, Medium.
    for (const name of ['Medium', 'High', 'Low']) items[name] = (await post(`/api/simple-lookups/${listId}/items`, { Name: name, Description: null, IsActive: true })).Id;
    formId = (await post('/api/forms', { Name: 'Incident', Description: null, CanHaveEav: true, IsCircleable: false, IsActive: true })).FormId;
    const field = (Name: string, FieldType: string, extra: object = {}) => post('/api/formfields', {
      FormId: formId, Name, ReportLabelText: Name, FieldType, IsUdf: false, IsActive: true, StartDate: null, EndDate: null, AttributeValues: { lookupListId: listId }, ...extra,
    });
    await field('Title', 'text', { AttributeValues: {} });
    await field('Severity', 'selectOne');
    await field('Areas', 'selectMany');
    await field('Escalation', 'selectOne', { IsUdf: true, ReportLabelText: null, StartDate: '2020-01-01' });
    const rows: Array<[string, string | null, string[], string | null]> = [
      ['Flood', 'Medium', ['Low'], 'High'], ['Fire', 'High', [], null], ['Storm', null, ['High', 'Medium'], 'Low'],
      ['Leak', 'Low', ['Medium'], 'Medium'], ['Spill', 'High', ['Low'], null],
    ];
    for (const [Title, severity, areas, escalation] of rows) {
      await post(records(), { Title, Severity: severity ? items[severity] : -1, Areas: areas.map((a) => items[a]), Escalation: escalation ? items[escalation] : -1 });
    }
  });

  it('offers select columns as sortable and searchable, and keeps a stored column as the default order', async () => {
    const screen = (await call('GET', `/api/metadata/screens/form-${formId}`)).json().Screen;
    const columns = Object.fromEntries(screen.list.columns.map((c: { field: string }) => [c.field, c]));
    expect(columns.Severity).toMatchObject({ sortable: true, searchable: true });
    expect(columns.Areas).toMatchObject({ sortable: true, searchable: true });
    expect(screen.list.defaultSort).toEqual([{ field: 'Title', dir: 'asc' }]);
  });

  it('sorts a select by its item name, ascending and descending, page after page, with the empty ones last ascending', async () => {
    const up = await walk('Severity,asc');
    expect(up.map((r) => [r.Severity, r.Title])).toEqual([['High', 'Fire'], ['High', 'Spill'], ['Low', 'Leak'], ['Medium', 'Flood'], [null, 'Storm']]);
    const down = await walk('Severity,desc');
    expect(down.map((r) => r.Severity)).toEqual([null, 'Medium', 'Low', 'High', 'High']);
    // A UDF select and a select-many (by its names joined in the list's order) sort alike.
    expect((await walk('Escalation,asc')).map((r) => r.Escalation)).toEqual(['High', 'Low', 'Medium', null, null]);
    // Storm's areas read 'Medium, High' (the list's order), after Leak's 'Medium'.
    expect((await walk('Areas,asc,Title,asc')).map((r) => r.Title)).toEqual(['Flood', 'Spill', 'Leak', 'Storm', 'Fire']);
  });

  it("finds records by a select's item name (column, select-many and UDF), and still by text", async () => {
    const titles = async (q: string) => (await list(`q=${encodeURIComponent(q)}&sorts=Title,asc`)).Items.map((r) => r.Title);
    expect(await titles('Hig')).toEqual(['Fire', 'Flood', 'Spill', 'Storm']);
    expect(await titles('medium')).toEqual(['Flood', 'Leak', 'Storm']);
    expect(await titles('Leak')).toEqual(['Leak']);
    expect(await titles('Nothing')).toEqual([]);
  });
});
