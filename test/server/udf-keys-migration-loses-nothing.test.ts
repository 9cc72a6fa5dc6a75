import { beforeAll, describe, expect, it } from 'vitest';
import type { Knex } from 'knex';
import { plainKnex } from './plain-knex.ts';
import { databases, useTestApp, signIn, type SignedIn } from './helper.ts';
import { injectLocked } from './record-lock-fixtures.ts';
import { recordIndexesBuilt } from '../../server/modules/forms/record-indexes.ts';
import { createUdfOrderIndex, createUdfSearchIndex, dropUdfIndexes } from '../../server/modules/forms/tables/index.ts';
import * as migration110 from '../../server/db/migrations/110_udf_keys_by_id.ts';

type Row = Record<string, unknown>;
type Method = 'GET' | 'POST' | 'DELETE';

const udf = (FormId: number, Name: string, FieldType: string) => ({
  FormId, Name, ReportLabelText: null, FieldType, IsUdf: true, IsActive: true, StartDate: '2020-01-01', EndDate: null, AttributeValues: {},
});

async function indexes(db: Knex, table: string): Promise<Array<{ Name: string; Def: string }>> {
  return (await db.raw(`select indexname as "Name", indexdef as "Def" from pg_indexes where tablename = ? and indexdef like '%udf%' order by 1`, [table])).rows;
}

/**
 * Migration 110 on a database the code before it wrote: each UDF's values keyed by its name in the records' (and the
 * users') udf JSONB, and its sort and search indexes named after and built over that name. Afterwards every value
 * reads, sorts and searches under its property as before, now kept under the field's id, and no name-keyed index is left.
 */
describe.each(databases)('migration 110 moves UDF values from names to ids, on %s', (kind) => {
  const t = useTestApp(kind);
  let admin: SignedIn;
  let formId: number;
  let usersFormId: number;
  let userId: number;
  const ids: Record<string, number> = {};
  /** The UDF indexes the app itself built over the id keys, which the migration must build the very same. */
  const appBuilt: Record<string, Array<{ Name: string; Def: string }>> = {};
  const call = (method: Method, url: string, payload?: object) => injectLocked(t.app, admin, { method, url, payload });
  async function ok(method: Method, url: string, payload?: object, status = 200) {
    const res = await call(method, url, payload);
    expect(res.statusCode, res.body).toBe(status);
    return res.json();
  }
  const table = () => `form_records_${formId}`;
  const visits = [
    { Subject: 'Visit 0', Inspector: 'Ann Marlow', ShoeSize: 42, Checked: true },
    { Subject: 'Visit 1', Inspector: 'Bo Lind', ShoeSize: 39, Checked: false },
    { Subject: 'Visit 2', Inspector: 'Cy Young', ShoeSize: null, Checked: null },
    { Subject: 'Visit 3' },
  ];

  beforeAll(async () => {
    admin = await signIn(t.app);
    formId = (await ok('POST', '/api/forms', { Name: 'Old Visits', Description: null, CanHaveEav: true, IsCircleable: false, IsActive: true }, 201)).FormId;
    await ok('POST', '/api/formfields', { FormId: formId, Name: 'Subject', ReportLabelText: 'Subject', FieldType: 'text', IsUdf: false, IsActive: true, StartDate: null, EndDate: null, AttributeValues: {} }, 201);
    ids.Inspector = (await ok('POST', '/api/formfields', udf(formId, 'Inspector', 'text'), 201)).FormFieldId;
    ids.ShoeSize = (await ok('POST', '/api/formfields', udf(formId, 'Shoe Size', 'integer'), 201)).FormFieldId;
    ids.Checked = (await ok('POST', '/api/formfields', udf(formId, 'Checked', 'yesNo'), 201)).FormFieldId;
    const forms = (await ok('GET', '/api/forms?includeInactive=true&pageSize=1000')).Items as Array<Row & { FormId: number; Name: string }>;
    usersFormId = forms.find((f) => f.Name === 'Users')!.FormId;
    ids.Badge = (await ok('POST', '/api/formfields', udf(usersFormId, 'Badge', 'text'), 201)).FormFieldId;
    await recordIndexesBuilt(formId);
    await recordIndexesBuilt(usersFormId);

    // The database as the code before wrote it: values under the UDF's name (a deleted field's left-over key beside
    // them), indexes named after it and over it.
    const plain = plainKnex(t.app, t.config.databaseUrl);
    try {
      const named = visits.map(({ Subject, ...values }) => ({ subject: Subject, udf: JSON.stringify({ ...values, ...(Subject === 'Visit 3' ? { Retired: null } : {}) }) }));
      await plain(table()).insert(named);
      const [{ user_id: id }] = await plain('users').insert({ user_name: 'old-badge', first_name: 'Old', last_name: 'Badge', email_address: 'old-badge@example.org', udf: JSON.stringify({ Badge: 'B-12' }) }).returning('user_id');
      userId = id as number;
      appBuilt.records = await indexes(plain, table());
      appBuilt.users = await indexes(plain, 'users');
      for (const [name, type] of [['Inspector', 'text'], ['ShoeSize', 'integer'], ['Checked', 'boolean']] as const) {
        await dropUdfIndexes(plain, table(), `f${ids[name]}`);
        await createUdfOrderIndex(plain, table(), 'record_id', name, type);
        if (type === 'text') await createUdfSearchIndex(plain, table(), name);
      }
      await dropUdfIndexes(plain, 'users', `f${ids.Badge}`);
      await createUdfOrderIndex(plain, 'users', 'user_id', 'Badge', 'text');
      await createUdfSearchIndex(plain, 'users', 'Badge');
      expect((await indexes(plain, table())).map((i) => i.Name)).toEqual([
        `${table()}_udf_checked_bool`, `${table()}_udf_inspector_text`, `${table()}_udf_inspector_trgm`, `${table()}_udf_shoe_size_num`,
      ]);

      await plain.transaction((trx) => migration110.up(trx));
    } finally {
      await plain.destroy();
    }
  });

  it("keeps every record's values, now under the field's id, and leaves other keys as they were", async () => {
    const rows = await t.app.db(table()).orderBy('RecordId').select('Subject', 'Udf');
    const key = (name: string) => `f${ids[name]}`;
    expect(rows).toEqual([
      { Subject: 'Visit 0', Udf: { [key('Inspector')]: 'Ann Marlow', [key('ShoeSize')]: 42, [key('Checked')]: true } },
      { Subject: 'Visit 1', Udf: { [key('Inspector')]: 'Bo Lind', [key('ShoeSize')]: 39, [key('Checked')]: false } },
      { Subject: 'Visit 2', Udf: { [key('Inspector')]: 'Cy Young', [key('ShoeSize')]: null, [key('Checked')]: null } },
      { Subject: 'Visit 3', Udf: { Retired: null } },
    ]);
    expect((await t.app.db('users').where({ UserId: userId }).first('Udf')).Udf).toEqual({ [key('Badge')]: 'B-12' });
  });

  it('reads, sorts and searches every value under its property as before', async () => {
    const records = `/api/forms/${formId}/records`;
    const page = await ok('GET', `${records}?sorts=ShoeSize,desc&cols=Subject,Inspector,ShoeSize,Checked&pageSize=50`);
    const got = (page.Items as Row[]).map(({ Subject, Inspector, ShoeSize, Checked }) => ({ Subject, Inspector, ShoeSize, Checked }));
    // Descending puts the records without a value first (the list's rule), then the values by size.
    expect(got.slice(0, 2)).toEqual(expect.arrayContaining([
      { Subject: 'Visit 2', Inspector: 'Cy Young', ShoeSize: null, Checked: null },
      { Subject: 'Visit 3', Inspector: null, ShoeSize: null, Checked: null },
    ]));
    expect(got.slice(2)).toEqual([
      { Subject: 'Visit 0', Inspector: 'Ann Marlow', ShoeSize: 42, Checked: true },
      { Subject: 'Visit 1', Inspector: 'Bo Lind', ShoeSize: 39, Checked: false },
    ]);
    expect(((await ok('GET', `${records}?q=lind&pageSize=50`)).Items as Row[]).map((r) => r.Subject)).toEqual(['Visit 1']);
    const first = (page.Items as Row[]).find((r) => r.Subject === 'Visit 0')!;
    expect(await ok('GET', `${records}/${first.RecordId as number}`)).toMatchObject({ Inspector: 'Ann Marlow', ShoeSize: 42, Checked: true });
    expect(await ok('GET', `/api/users/${userId}`)).toMatchObject({ UserName: 'old-badge', Badge: 'B-12' });
    expect(((await ok('GET', '/api/users?q=B-1&cols=UserName,Badge')).Items as Row[]).map((u) => u.UserName)).toEqual(['old-badge']);
  });

  it('rebuilds each name-keyed index over the id key under the id\'s name, leaving none named after a UDF', async () => {
    const key = (name: string) => `f${ids[name]}`;
    const built = await indexes(t.app.db, table());
    expect(built.map((i) => i.Name)).toEqual([
      `${table()}_udf_${key('Inspector')}_text`, `${table()}_udf_${key('Inspector')}_trgm`, `${table()}_udf_${key('ShoeSize')}_num`, `${table()}_udf_${key('Checked')}_bool`,
    ].sort());
    expect(built.map((i) => i.Def).join('\n')).not.toMatch(/Inspector|ShoeSize|Checked/);
    expect(built.find((i) => i.Name.endsWith('_num'))!.Def).toMatch(new RegExp(`jsonb_typeof\\(\\(?udf -> '${key('ShoeSize')}'.*::numeric`, 's'));
    // The very indexes (names, expressions) the app builds over the id keys: the list's statements match them.
    expect(built).toEqual(appBuilt.records);
    const users = await indexes(t.app.db, 'users');
    expect(users.map((i) => i.Name)).toEqual([`users_udf_${key('Badge')}_text`, `users_udf_${key('Badge')}_trgm`]);
    expect(users.map((i) => i.Def).join('\n')).toMatch(new RegExp(`udf ->> '${key('Badge')}'.*user_id`, 's'));
    expect(users).toEqual(appBuilt.users);
  });
});
