import { beforeAll, describe, expect, it } from 'vitest';
import type { Knex } from 'knex';
import { databases, useTestApp, signIn, type SignedIn } from './helper.ts';
import { injectLocked } from './record-lock-fixtures.ts';
import { recordIndexesBuilt } from '../../server/modules/forms/record-indexes.ts';

type Row = Record<string, unknown>;
type Method = 'GET' | 'POST' | 'DELETE';

const udf = (FormId: number, Name: string, FieldType: string) => ({
  FormId, Name, ReportLabelText: null, FieldType, IsUdf: true, IsActive: true, StartDate: '2020-01-01', EndDate: null, AttributeValues: {},
});

/** Each record's row version as PostgreSQL keeps it (xmin): any UPDATE of the row, even one writing the same values, changes it. */
async function rowVersions(db: Knex, table: string): Promise<Row[]> {
  return (await db.raw('select record_id as "Id", xmin::text as "Xmin", ctid::text as "Ctid" from ?? order by record_id', [table])).rows as Row[];
}

/** The table's indexes by name, with the object id each was built as (a rebuilt or renamed index shows). */
async function indexesOf(db: Knex, table: string): Promise<Row[]> {
  return (await db.raw(`select c.relname as "Name", c.oid::int as "Oid", pg_get_indexdef(c.oid) as "Def"
    from pg_index i join pg_class c on c.oid = i.indexrelid where i.indrelid = to_regclass(?) order by c.relname`, [table])).rows as Row[];
}

/**
 * DESIGN.md "Ids are identity, names are labels": a UDF's values are kept under its field's id, so renaming it changes
 * its form_fields row and nothing else: no record rewritten, no index dropped or built; its values then read, sort and
 * search under the new property name.
 */
describe.each(databases)('renaming a UDF rewrites no record and leaves its indexes, on %s', (kind) => {
  const t = useTestApp(kind);
  let admin: SignedIn;
  let formId: number;
  const call = (method: Method, url: string, payload?: object) => injectLocked(t.app, admin, { method, url, payload });
  async function ok(method: Method, url: string, payload?: object, status = 200) {
    const res = await call(method, url, payload);
    expect(res.statusCode, res.body).toBe(status);
    return status === 204 ? {} : res.json();
  }
  const records = () => `/api/forms/${formId}/records`;
  const table = () => `form_records_${formId}`;
  const inspectors = ['Ann Marlow', 'Bo Lind', 'Cy Young', 'Di Prince'];
  let inspector: Row & { FormFieldId: number };
  let shoeSize: Row & { FormFieldId: number };

  beforeAll(async () => {
    admin = await signIn(t.app);
    formId = (await ok('POST', '/api/forms', { Name: 'Site Visit', Description: null, CanHaveEav: true, IsCircleable: false, IsActive: true }, 201)).FormId;
    await ok('POST', '/api/formfields', { FormId: formId, Name: 'Subject', ReportLabelText: 'Subject', FieldType: 'text', IsUdf: false, IsActive: true, StartDate: null, EndDate: null, AttributeValues: {} }, 201);
    inspector = await ok('POST', '/api/formfields', udf(formId, 'Inspector', 'text'), 201);
    shoeSize = await ok('POST', '/api/formfields', udf(formId, 'Shoe Size', 'integer'), 201);
    for (const [i, name] of inspectors.entries()) await ok('POST', records(), { Subject: `Visit ${i}`, Inspector: name, ShoeSize: 40 + ((i * 3) % 4) }, 201);
    await recordIndexesBuilt(formId);
  });

  it('renames a text and a number UDF without touching a record or an index', async () => {
    const rowsBefore = await rowVersions(t.app.db, table());
    const indexesBefore = await indexesOf(t.app.db, table());
    expect(indexesBefore.map((i) => i.Name)).toEqual(expect.arrayContaining([
      `${table()}_udf_f${inspector.FormFieldId}_text`, `${table()}_udf_f${inspector.FormFieldId}_trgm`, `${table()}_udf_f${shoeSize.FormFieldId}_num`,
    ]));
    const updates: string[] = [];
    const watch = (q: { sql: string }) => { if (/^\s*(update|alter|create|drop)\b/i.test(q.sql) && q.sql.includes(table())) updates.push(q.sql); };
    t.app.db.on('query', watch);
    try {
      inspector = await ok('POST', `/api/formfields/${inspector.FormFieldId}`, { ...udf(formId, 'Site Inspector', 'text') });
      shoeSize = await ok('POST', `/api/formfields/${shoeSize.FormFieldId}`, { ...udf(formId, 'Boot Size', 'integer') });
      await recordIndexesBuilt(formId);
    } finally {
      t.app.db.off('query', watch);
    }
    expect(updates).toEqual([]);
    expect(await rowVersions(t.app.db, table())).toEqual(rowsBefore);
    expect(await indexesOf(t.app.db, table())).toEqual(indexesBefore);
    // No index is named after either UDF's name, old or new.
    expect((await indexesOf(t.app.db, table())).filter((i) => /inspector|shoe|boot/i.test(`${i.Name as string} ${i.Def as string}`))).toEqual([]);
  });

  it('reads, sorts and searches the renamed UDFs under their new property names', async () => {
    const page = await ok('GET', `${records()}?sorts=BootSize,desc,SiteInspector,asc&cols=Subject,SiteInspector,BootSize&pageSize=50`);
    const items = page.Items as Row[];
    expect(items.map((r) => [r.SiteInspector, r.BootSize])).toEqual([['Bo Lind', 43], ['Cy Young', 42], ['Di Prince', 41], ['Ann Marlow', 40]]);
    expect(items.every((r) => !('Inspector' in r) && !('ShoeSize' in r))).toBe(true);
    const found = await ok('GET', `${records()}?q=prince&cols=Subject,SiteInspector&pageSize=50`);
    expect((found.Items as Row[]).map((r) => r.SiteInspector)).toEqual(['Di Prince']);
    const one = await ok('GET', `${records()}/${items[3].RecordId as number}`);
    expect(one).toMatchObject({ SiteInspector: 'Ann Marlow', BootSize: 40 });
    expect(one).not.toHaveProperty('Inspector');
    // Exported under the new name, and a write under it lands under the same id key the values were kept in.
    const csv = await call('GET', `${records()}/export.csv?cols=SiteInspector,BootSize&sorts=SiteInspector,asc`);
    expect(csv.statusCode).toBe(200);
    expect(csv.body.split(/\r?\n/)[1]).toMatch(/Ann Marlow.*40/);
    await ok('POST', `${records()}/${items[3].RecordId as number}`, { ...one, SiteInspector: 'Ann Marlow-Hill' });
    const stored = (await t.app.db(table()).where({ RecordId: items[3].RecordId }).first('Udf')) as { Udf: Row };
    expect(stored.Udf).toEqual({ [`f${inspector.FormFieldId}`]: 'Ann Marlow-Hill', [`f${shoeSize.FormFieldId}`]: 40 });
  });

  it('drops every index of a UDF deleted', async () => {
    const extra = await ok('POST', '/api/formfields', udf(formId, 'Region', 'text'), 201);
    await recordIndexesBuilt(formId);
    const key = `f${extra.FormFieldId as number}`;
    expect((await indexesOf(t.app.db, table())).filter((i) => (i.Name as string).includes(`_udf_${key}_`))).toHaveLength(2);
    await ok('DELETE', `/api/formfields/${extra.FormFieldId as number}`, undefined, 204);
    expect((await indexesOf(t.app.db, table())).filter((i) => (i.Name as string).includes(`_udf_${key}_`) || (i.Def as string).includes(`'${key}'`))).toEqual([]);
  });
});
