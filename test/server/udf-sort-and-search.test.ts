import { beforeAll, describe, expect, it } from 'vitest';
import { databases, useTestApp, signIn, type SignedIn } from './helper.ts';
import { injectLocked } from './record-lock-fixtures.ts';

type Row = Record<string, unknown>;
type Page = { Items: Row[]; Cursors: { First: string | null; Last: string | null } };

const udf = (FormId: number, Name: string, FieldType: string) => ({
  FormId, Name, ReportLabelText: null, FieldType, IsUdf: true, IsActive: true, StartDate: '2020-01-01', EndDate: null, AttributeValues: {},
});

/** A UDF's indexes, built after the change commits: waited for, never for a fixed time. */
async function indexesOf(db: import('knex').Knex, table: string, key: string, count: number): Promise<string[]> {
  for (;;) {
    const { rows } = await db.raw('select indexdef as "Def" from pg_indexes where tablename = ? and indexdef like ? order by indexname', [table, `%'${key}'%`]);
    const defs = (rows as Array<{ Def: string }>).map((r) => r.Def);
    if (defs.length >= count) return defs;
    await new Promise((resolve) => setImmediate(resolve));
  }
}

describe.each(databases)('UDF columns sort and search in the grid, on %s', (kind) => {
  const t = useTestApp(kind);
  let admin: SignedIn;
  let formId: number;
  const call = (method: 'GET' | 'POST' | 'DELETE', url: string, payload?: object) => injectLocked(t.app, admin, { method, url, payload });
  async function ok(method: 'GET' | 'POST' | 'DELETE', url: string, payload?: object, status = 200) {
    const res = await call(method, url, payload);
    expect(res.statusCode, res.body).toBe(status);
    return res.statusCode === 204 ? null : res.json();
  }
  const records = () => `/api/forms/${formId}/records`;
  /**
   * Every page of a sort, walked as the grid walks it: Next from the cursor of the page's last row (keyset), or by the
   * page's number where that row has no value in the sorted column (a cursor holds no NULL).
   */
  async function walk(base: string, query: string, field: string, sortField = field): Promise<unknown[]> {
    const seen: unknown[] = [];
    let page = (await ok('GET', `${base}?${query}&pageSize=3`)) as Page;
    for (let number = 2; page.Items.length && number < 12; number++) {
      seen.push(...page.Items.map((r) => r[field]));
      const next = page.Items.at(-1)![sortField] === null ? `page=${number}` : `after=${page.Cursors.Last}`;
      page = (await ok('GET', `${base}?${query}&pageSize=3&${next}`)) as Page;
    }
    return seen;
  }

  const scores = [12, 2, 100, null, 7.5, 30, null, 2];
  /** Each UDF's key in the records' Udf JSONB: its field's id, which its indexes are named and built over. */
  const keys: Record<string, string> = {};
  beforeAll(async () => {
    admin = await signIn(t.app);
    formId = (await ok('POST', '/api/forms', { Name: 'Field Visit', Description: null, CanHaveEav: true, IsCircleable: false, IsActive: true }, 201)).FormId;
    await ok('POST', '/api/formfields', { FormId: formId, Name: 'Subject', ReportLabelText: 'Subject', FieldType: 'text', IsUdf: false, IsActive: true, StartDate: null, EndDate: null, AttributeValues: {} }, 201);
    keys.Inspector = `f${(await ok('POST', '/api/formfields', udf(formId, 'Inspector', 'text'), 201)).FormFieldId}`;
    keys.Score = `f${(await ok('POST', '/api/formfields', udf(formId, 'Score', 'decimal'), 201)).FormFieldId}`;
    for (const [i, Score] of scores.entries()) {
      await ok('POST', records(), { Subject: `Visit ${i}`, Inspector: i % 3 === 0 ? `Ann Marlow ${i}` : `Bo Lind ${i}`, ...(Score === null ? {} : { Score }) }, 201);
    }
  });

  it('declares the UDF columns sortable and searchable', async () => {
    const { Screen } = await ok('GET', `/api/metadata/screens/form-${formId}`);
    expect(Screen.list.columns).toEqual(expect.arrayContaining([
      expect.objectContaining({ field: 'Inspector', sortable: true, searchable: true }),
      expect.objectContaining({ field: 'Score', sortable: true }),
    ]));
  });

  it('sorts by a number UDF as numbers, both ways, every record once across keyset pages, those without a value last', async () => {
    const valued = scores.filter((s): s is number => s !== null);
    expect(await walk(records(), 'sorts=Score,asc', 'Score')).toEqual([...[...valued].sort((a, b) => a - b), null, null]);
    expect(await walk(records(), 'sorts=Score,desc', 'Score')).toEqual([null, null, ...[...valued].sort((a, b) => b - a)]);
    // A second sort after a UDF sort pages alike.
    const bySubject = await walk(records(), 'sorts=Score,asc,Subject,desc&cols=Subject,Score', 'Subject', 'Score');
    expect(new Set(bySubject).size).toBe(scores.length);
  });

  it('sorts by a text UDF and finds records by a part of it', async () => {
    const names = await walk(records(), 'sorts=Inspector,asc', 'Inspector');
    expect(names).toEqual([...names].sort());
    expect(names).toHaveLength(scores.length);
    const found = (await ok('GET', `${records()}?q=marlow&pageSize=50`)) as Page;
    expect(found.Items.map((r) => r.Inspector).sort()).toEqual(['Ann Marlow 0', 'Ann Marlow 3', 'Ann Marlow 6']);
    // The field's own column is searched as before, beside the UDF.
    expect(((await ok('GET', `${records()}?q=visit 5&pageSize=50`)) as Page).Items.map((r) => r.Subject)).toEqual(['Visit 5']);
  });

  it("has an index over each UDF's sort and search expression, which deleting the UDF drops with it", async () => {
    const table = `form_records_${formId}`;
    const inspector = await indexesOf(t.app.db, table, keys.Inspector, 2);
    expect(inspector.join('\n')).toMatch(new RegExp(`INDEX ${table}_udf_${keys.Inspector}_text .*USING btree .*udf ->> '${keys.Inspector}'.*record_id`));
    expect(inspector.join('\n')).toMatch(new RegExp(`INDEX ${table}_udf_${keys.Inspector}_trgm .*USING gin .*udf ->> '${keys.Inspector}'.*gin_trgm_ops`));
    expect((await indexesOf(t.app.db, table, keys.Score, 1)).join('\n')).toMatch(new RegExp(`jsonb_typeof\\(\\(?udf -> '${keys.Score}'`));
    const extra = (await ok('POST', '/api/formfields', udf(formId, 'Region', 'text'), 201)).FormFieldId;
    await indexesOf(t.app.db, table, `f${extra}`, 2);
    await ok('DELETE', `/api/formfields/${extra}`, undefined, 204);
    const { rows } = await t.app.db.raw('select count(*)::int as "Count" from pg_indexes where tablename = ? and (indexdef like ? or indexname like ?)', [table, `%'f${extra}'%`, `%_f${extra}_%`]);
    expect(rows[0].Count).toBe(0);
  });

  it("sorts and searches the users' UDFs the same way, keeping the user list's own search", async () => {
    const forms = (await ok('GET', '/api/forms?includeInactive=true&pageSize=1000')).Items as Array<Row & { FormId: number }>;
    const usersForm = forms.find((f) => f.Name === 'Users')!;
    const badgeKey = `f${(await ok('POST', '/api/formfields', udf(usersForm.FormId, 'Badge', 'text'), 201)).FormFieldId}`;
    for (const [i, Badge] of ['Q-30', 'A-10', 'M-20'].entries()) {
      const name = `badge${i}`;
      await ok('POST', '/api/users', {
        FirstName: 'Grace', LastName: `Hopper${i}`, EmailAddress: `${name}@example.org`, ConfirmEmailAddress: `${name}@example.org`,
        UserName: name, Password: 'Compiler1952', ConfirmPassword: 'Compiler1952', Badge,
      }, 201);
    }
    const sorted = await walk('/api/users', 'sorts=Badge,asc&cols=UserName,Badge', 'Badge');
    expect(sorted.slice(0, 3)).toEqual(['A-10', 'M-20', 'Q-30']);
    expect(sorted.slice(3).every((b) => b === null)).toBe(true);
    const found = (await ok('GET', '/api/users?q=M-2&cols=UserName,Badge')) as Page;
    expect(found.Items.map((u) => u.UserName)).toEqual(['badge2']);
    expect(((await ok('GET', '/api/users?q=hopper1&cols=UserName,Badge')) as Page).Items.map((u) => u.UserName)).toEqual(['badge1']);
    expect((await indexesOf(t.app.db, 'users', badgeKey, 2)).join('\n')).toMatch(new RegExp(`udf ->> '${badgeKey}'.*user_id`));
  });
});
