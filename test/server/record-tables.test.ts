import type { Knex } from 'knex';
import { describe, expect, it } from 'vitest';
import { databases, useTestApp } from './helper.ts';
import { whereContains } from '../../server/lib/list/search.ts';
import {
  addColumn, applyTypeChange, columnType, createRecordTable, planTypeChange, RecordTableError, renameColumn,
  searchColumns, TypeChangeRefused, type ColumnDescription, type SqlType,
} from '../../server/modules/forms/tables/index.ts';

const columns: ColumnDescription[] = [
  { name: 'title', sqlType: 'text', sortable: true, searchable: true },
  { name: 'amount', sqlType: 'numeric', sortable: true },
  { name: 'code', sqlType: 'text' },
];

describe.each(databases)('record tables of forms administrators build, on %s', (kind) => {
  const t = useTestApp(kind);
  const db = () => t.app.db as Knex;
  const ddl = (work: (trx: Knex.Transaction) => Promise<unknown>) => db().transaction(async (trx) => { await work(trx); });
  const relfilenode = async (table: string) => (await db().raw('select relfilenode from pg_class where oid = to_regclass(?)', [table])).rows[0].Relfilenode as number;
  const indexes = async (table: string) => (await db().raw('select indexname, indexdef from pg_indexes where tablename = ? order by indexname', [table])).rows as Array<{ Indexname: string; Indexdef: string }>;
  const values = async (table: string, column: string) => (await db()(table).orderBy('record_id').pluck(column)) as unknown[];
  const tableExists = async (table: string) => (await db().raw('select to_regclass(?) is not null as e', [table])).rows[0].E as boolean;

  it('creates a table with record_id, audit columns, udf, the columns and their indexes', async () => {
    await ddl((trx) => createRecordTable(trx, 'rt_orders', columns));
    const cols = (await db().raw("select column_name, data_type, column_default from information_schema.columns where table_name = 'rt_orders' order by ordinal_position")).rows as Array<{ ColumnName: string; DataType: string }>;
    expect(cols.map((c) => `${c.ColumnName} ${c.DataType}`)).toEqual([
      'record_id integer', 'created_by text', 'created_date timestamp with time zone', 'modified_by text',
      'modified_date timestamp with time zone', 'deactivated_by text', 'deactivated_date timestamp with time zone',
      'is_active boolean', 'row_version integer', 'created_by_id integer', 'atomic_circle_id integer', 'udf jsonb', 'title text', 'amount numeric', 'code text',
    ]);
    const [row] = await db()('rt_orders').insert({ title: 'first', amount: '1.5', code: '12', created_by_id: 1 }).returning('*');
    expect(row).toMatchObject({ RecordId: 1, IsActive: true, RowVersion: 1, Udf: {}, Title: 'first', Amount: 1.5, CreatedById: 1, AtomicCircleId: 1 });
    expect(row.CreatedDate).toBeInstanceOf(Date);
    const defs = (await indexes('rt_orders')).map((i) => i.Indexdef.replace(/^.* USING /, `${i.Indexname} USING `));
    expect(defs).toEqual([
      'rt_orders_amount_order USING btree (amount, record_id)',
      'rt_orders_atomic_circle_id USING btree (atomic_circle_id, record_id)',
      'rt_orders_created_by_id USING btree (created_by_id, record_id)',
      'rt_orders_pkey USING btree (record_id)',
      "rt_orders_search_trgm USING gin (COALESCE(title, ''::text) gin_trgm_ops)",
      'rt_orders_title_order USING btree (title, record_id)',
    ]);
    // The author is a user: deleting the user keeps the record. Its circle is one that exists, and cannot go while it owns records.
    const fks = (await db().raw("select pg_get_constraintdef(oid) as d from pg_constraint where conrelid = 'rt_orders'::regclass and contype = 'f' order by 1")).rows.map((r: { D: string }) => r.D);
    expect(fks.sort()).toEqual([
      'FOREIGN KEY (atomic_circle_id) REFERENCES atomic_circles(atomic_circle_id) ON DELETE RESTRICT',
      'FOREIGN KEY (created_by_id) REFERENCES users(user_id) ON DELETE SET NULL',
    ]);
    await expect(db()('rt_orders').insert({ title: 'nowhere', atomic_circle_id: 999999 })).rejects.toThrow(/foreign key/);
  });

  it('the search index serves the generic list\'s contains-search', async () => {
    await ddl((trx) => createRecordTable(trx, 'rt_search', [{ name: 'title', sqlType: 'text', sortable: true, searchable: true }, { name: 'body', sqlType: 'integer', searchable: true }]));
    await db().raw("insert into rt_search (title, body) select md5(i::text), i from generate_series(1, 3000) i");
    await db().raw('analyze rt_search');
    const plan = await db().transaction(async (trx) => {
      await trx.raw('set local enable_seqscan = off');
      const query = trx('rt_search').select('record_id');
      whereContains(query, ['title', 'body'], 'abc1');
      return (await trx.raw(`explain ${query.toString()}`)).rows.map((r: object) => Object.values(r)[0]).join('\n') as string;
    });
    expect(plan).toContain('Bitmap Index Scan on rt_search_search_trgm');
  });

  it('adds a nullable column without rewriting the table; existing rows read null; its indexes are built', async () => {
    const before = await relfilenode('rt_orders');
    await ddl((trx) => addColumn(trx, 'rt_orders', { name: 'notes', sqlType: 'text', sortable: true, searchable: true }));
    // The table's storage file is the same one: nothing was rewritten (PGlite keeps PostgreSQL's catalog and storage, so this holds there too).
    expect(await relfilenode('rt_orders')).toBe(before);
    expect(await values('rt_orders', 'notes')).toEqual([null]);
    const defs = await indexes('rt_orders');
    expect(defs.find((i) => i.Indexname === 'rt_orders_notes_order')?.Indexdef).toContain('(notes, record_id)');
    expect(defs.find((i) => i.Indexname === 'rt_orders_search_trgm')?.Indexdef)
      .toContain("((COALESCE(title, ''::text) || ' '::text) || COALESCE(notes, ''::text))");
    await db().transaction(async (trx) => expect(await searchColumns(trx, 'rt_orders')).toEqual(['title', 'notes']));
    // A type change, by contrast, does rewrite: the measure can tell.
    await ddl((trx) => applyTypeChange(trx, 'rt_orders', 'notes', 'jsonb'));
    expect(await relfilenode('rt_orders')).not.toBe(before);
    // The searchable column changed type: its trigram index was built again over the new type, same columns.
    expect((await indexes('rt_orders')).find((i) => i.Indexname === 'rt_orders_search_trgm')?.Indexdef).toContain('COALESCE((notes)::text');
    await db().transaction(async (trx) => expect(await searchColumns(trx, 'rt_orders')).toEqual(['title', 'notes']));
  });

  it('renaming keeps the values, the order index and the searchable list', async () => {
    await db()('rt_orders').insert([{ title: 'second' }, { title: 'third' }]);
    await ddl((trx) => renameColumn(trx, 'rt_orders', 'title', 'headline'));
    expect(await values('rt_orders', 'headline')).toEqual(['first', 'second', 'third']);
    expect((await indexes('rt_orders')).find((i) => i.Indexname === 'rt_orders_headline_order')?.Indexdef).toContain('(headline, record_id)');
    await db().transaction(async (trx) => expect(await searchColumns(trx, 'rt_orders')).toEqual(['headline', 'notes']));
  });

  it('a text->integer change with a bad value: the dry run names it, the change refuses and changes nothing, then applies once fixed', async () => {
    await ddl((trx) => createRecordTable(trx, 'rt_codes', [{ name: 'code', sqlType: 'text', sortable: true }]));
    await db()('rt_codes').insert([{ code: '12' }, { code: ' -7 ' }, { code: 'x9' }, { code: null }, { code: '+40' }, { code: '99999999999' }]);
    const plan = await db().transaction((trx) => planTypeChange(trx, 'rt_codes', 'code', 'integer'));
    expect(plan).toEqual({
      from: 'text', to: 'integer', convertible: 3, failingCount: 2,
      failing: [{ recordId: 3, value: 'x9' }, { recordId: 6, value: '99999999999' }],
    });

    const refused = await ddl((trx) => applyTypeChange(trx, 'rt_codes', 'code', 'integer')).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(TypeChangeRefused);
    expect(refused).toMatchObject({ failingCount: 2, failing: [{ recordId: 3, value: 'x9' }, { recordId: 6, value: '99999999999' }] });
    expect((refused as Error).message).toContain('2 value(s) do not convert (record 3: "x9", 6: "99999999999")');
    await db().transaction(async (trx) => expect(await columnType(trx, 'rt_codes', 'code')).toBe('text'));
    expect(await values('rt_codes', 'code')).toEqual(['12', ' -7 ', 'x9', null, '+40', '99999999999']);

    await db()('rt_codes').whereIn('record_id', [3, 6]).update({ code: '9' });
    const applied = await db().transaction((trx) => applyTypeChange(trx, 'rt_codes', 'code', 'integer'));
    expect(applied).toMatchObject({ convertible: 5, failingCount: 0, failing: [] });
    expect(await values('rt_codes', 'code')).toEqual([12, -7, 9, null, 40, 9]);
    expect((await indexes('rt_codes')).find((i) => i.Indexname === 'rt_codes_code_order')?.Indexdef).toContain('(code, record_id)');
  });

  it('numeric->integer refuses 2.5 and applies to whole numbers', async () => {
    await ddl((trx) => createRecordTable(trx, 'rt_amounts', [{ name: 'amount', sqlType: 'numeric' }]));
    await db()('rt_amounts').insert([{ amount: '3.000' }, { amount: '2.5' }]);
    await expect(ddl((trx) => applyTypeChange(trx, 'rt_amounts', 'amount', 'integer'))).rejects.toMatchObject({ failingCount: 1, failing: [{ recordId: 2, value: '2.5' }] });
    expect(await values('rt_amounts', 'amount')).toEqual([3, 2.5]);
    await db()('rt_amounts').where({ record_id: 2 }).update({ amount: 2 });
    await ddl((trx) => applyTypeChange(trx, 'rt_amounts', 'amount', 'integer'));
    expect(await values('rt_amounts', 'amount')).toEqual([3, 2]);
  });

  it.each<[SqlType, SqlType, unknown[], unknown[], number[]]>([
    ['text', 'numeric', ['1.50', '-.5', '1e3', 'NaN'], [1.5, -0.5], [3, 4]],
    ['text', 'date', ['2024-02-29', '2023-02-29', '2024-13-01', '05/01/2024'], ['2024-02-29'], [2, 3, 4]],
    ['text', 'boolean', ['Yes', 'no', '1', 'FALSE', 't', 'on'], [true, false, true, false], [5, 6]],
  ])('%s->%s converts only values that keep their meaning', async (from, to, input, converted, failingIds) => {
    const table = `rt_${from}_${to}`;
    await ddl((trx) => createRecordTable(trx, table, [{ name: 'v', sqlType: from }]));
    await db()(table).insert(input.map((v) => ({ v })));
    const plan = await db().transaction((trx) => planTypeChange(trx, table, 'v', to));
    expect(plan.failing.map((f) => f.recordId)).toEqual(failingIds);
    expect(plan.convertible).toBe(converted.length);
    await db()(table).whereIn('record_id', failingIds).delete();
    await ddl((trx) => applyTypeChange(trx, table, 'v', to));
    const out = (await values(table, 'v')).map((v) => (v instanceof Date ? v.toISOString().slice(0, 10) : v));
    // Numeric values read as numbers; dates as their calendar day.
    if (to === 'date') expect((await db().raw(`select v::text as v from ${table}`)).rows.map((r: { V: string }) => r.V)).toEqual(converted);
    else expect(out).toEqual(converted);
  });

  it('anything becomes text and jsonb without loss', async () => {
    await ddl((trx) => createRecordTable(trx, 'rt_any', [{ name: 'd', sqlType: 'date' }, { name: 'b', sqlType: 'boolean' }, { name: 'n', sqlType: 'numeric' }]));
    await db().raw("insert into rt_any (d, b, n) values ('2024-03-05', true, 1.25), (null, false, null)");
    await ddl(async (trx) => {
      await applyTypeChange(trx, 'rt_any', 'd', 'text');
      await applyTypeChange(trx, 'rt_any', 'b', 'text');
      await applyTypeChange(trx, 'rt_any', 'n', 'jsonb');
    });
    expect(await db()('rt_any').orderBy('record_id').select('d', 'b', 'n')).toEqual([{ D: '2024-03-05', B: 'true', N: 1.25 }, { D: null, B: 'false', N: null }]);
  });

  it('a failed step rolls back the whole transaction: the table is unchanged', async () => {
    const before = (await db().raw("select column_name from information_schema.columns where table_name = 'rt_codes' order by ordinal_position")).rows;
    await db()('rt_codes').insert({ code: 5 });
    const failed = ddl(async (trx) => {
      await addColumn(trx, 'rt_codes', { name: 'extra', sqlType: 'text', sortable: true });
      await renameColumn(trx, 'rt_codes', 'code', 'number');
      await createRecordTable(trx, 'rt_in_failed_trx', columns);
      await addColumn(trx, 'rt_codes', { name: 'extra', sqlType: 'integer' }); // already there: fails
    });
    await expect(failed).rejects.toThrow(/extra/);
    expect((await db().raw("select column_name from information_schema.columns where table_name = 'rt_codes' order by ordinal_position")).rows).toEqual(before);
    expect(await tableExists('rt_in_failed_trx')).toBe(false);
    expect((await indexes('rt_codes')).map((i) => i.Indexname)).not.toContain('rt_codes_extra_order');
  });

  it('refuses bad identifiers before touching the database', async () => {
    const bad: Array<[string, () => Promise<void>]> = [
      ['Upper', () => ddl((trx) => createRecordTable(trx, 'Upper', []))],
      ['digit first', () => ddl((trx) => createRecordTable(trx, '1st', []))],
      ['quote', () => ddl((trx) => createRecordTable(trx, 'rt_x"; drop table users; --', []))],
      ['too long', () => ddl((trx) => createRecordTable(trx, `r${'x'.repeat(63)}`, []))],
      ['column with dash', () => ddl((trx) => createRecordTable(trx, 'rt_bad', [{ name: 'a-b', sqlType: 'text' }]))],
      ['reserved column', () => ddl((trx) => createRecordTable(trx, 'rt_bad', [{ name: 'record_id', sqlType: 'text' }]))],
      ['reserved udf', () => ddl((trx) => addColumn(trx, 'rt_codes', { name: 'udf', sqlType: 'jsonb' }))],
      ['unknown type', () => ddl((trx) => addColumn(trx, 'rt_codes', { name: 'ok', sqlType: 'varchar' as SqlType }))],
      ['rename to reserved', () => ddl((trx) => renameColumn(trx, 'rt_codes', 'code', 'is_active'))],
      ['duplicate column', () => ddl((trx) => createRecordTable(trx, 'rt_bad', [{ name: 'a', sqlType: 'text' }, { name: 'a', sqlType: 'integer' }]))],
    ];
    for (const [what, attempt] of bad) await expect(attempt(), what).rejects.toBeInstanceOf(RecordTableError);
    expect(await tableExists('rt_bad')).toBe(false);
    expect(await tableExists('users')).toBe(true);
    await db().transaction(async (trx) => expect(await columnType(trx, 'rt_codes', 'code')).toBe('integer'));
  });

  it('between types with no conversion, counts every value as failing and applies only to an empty column; refuses a change to the same type', async () => {
    await ddl((trx) => createRecordTable(trx, 'rt_flags', [{ name: 'flag', sqlType: 'boolean' }, { name: 'unused', sqlType: 'boolean' }]));
    await db()('rt_flags').insert([{ flag: true }, { flag: null }]);
    const plan = await db().transaction((trx) => planTypeChange(trx, 'rt_flags', 'flag', 'integer'));
    expect(plan).toMatchObject({ from: 'boolean', to: 'integer', convertible: 0, failingCount: 1, failing: [{ value: 'true' }] });
    await expect(ddl((trx) => applyTypeChange(trx, 'rt_flags', 'flag', 'date'))).rejects.toBeInstanceOf(TypeChangeRefused);
    await ddl((trx) => applyTypeChange(trx, 'rt_flags', 'unused', 'date'));
    await db().transaction(async (trx) => expect(await columnType(trx, 'rt_flags', 'unused')).toBe('date'));
    await expect(ddl((trx) => applyTypeChange(trx, 'rt_flags', 'flag', 'boolean'))).rejects.toThrow('already of type boolean');
    await expect(ddl((trx) => applyTypeChange(trx, 'rt_flags', 'missing', 'text'))).rejects.toThrow('has no column "missing"');
    await db().transaction(async (trx) => expect(await columnType(trx, 'rt_flags', 'flag')).toBe('boolean'));
  });
});
