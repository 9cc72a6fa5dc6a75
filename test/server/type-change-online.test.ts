import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { databases, startTestApp, useTestApp, signIn, type SignedIn } from './helper.ts';
import { buildApp } from '../../server/app.ts';
import { injectLocked } from './record-lock-fixtures.ts';
import { orderIndexName } from '../../server/modules/forms/tables/indexes.ts';

type Method = 'GET' | 'POST' | 'DELETE';
interface Field { FormFieldId: number; FormId: number; Name: string; FieldType: string; IsUdf: boolean; IsActive: boolean; StartDate: string | null; EndDate: string | null; ReportLabelText: string | null; AttributeValues: Record<string, unknown>; TypeChange?: { State: string; Done: number; Total: number; Message: string | null } | null }

/**
 * A type change that rewrites values, made online (every change here: ONLINE_TYPE_CHANGE_ROWS 0, two records a batch):
 * the save answers 202 after its dry run, the form's records stay readable and writable while the values convert, a
 * write during it is kept in step (or refused when its value would not convert), the form's other definition changes
 * wait, and the whole save applies at the swap; a failure changes nothing.
 */
describe.each(databases)('an online type change on %s', (kind) => {
  // A pause between batches keeps each change under way while the requests made meanwhile are answered, on any machine.
  const t = useTestApp(kind, { onlineTypeChangeRows: 0, typeChangeBatchRows: 2, typeChangeBatchPauseMs: 40 });
  let admin: SignedIn;
  let formId: number;
  const as = (method: Method, url: string, payload?: object) => injectLocked(t.app, admin, { method, url, payload });
  const table = () => `form_records_${formId}`;

  const fieldBody = (Name: string, FieldType = 'text') => ({ FormId: formId, Name, ReportLabelText: Name, FieldType, IsUdf: false, IsActive: true, StartDate: null, EndDate: null, AttributeValues: {} });
  async function addField(Name: string, FieldType = 'text'): Promise<Field> {
    const res = await as('POST', '/api/formfields', fieldBody(Name, FieldType));
    expect(res.statusCode, res.body).toBe(201);
    return res.json();
  }
  const save = (field: Field, changes: Partial<Field>) => {
    const { FormId, Name, ReportLabelText, FieldType, IsUdf, IsActive, StartDate, EndDate, AttributeValues } = field;
    return as('POST', `/api/formfields/${field.FormFieldId}`, { FormId, Name, ReportLabelText, FieldType, IsUdf, IsActive, StartDate, EndDate, AttributeValues, ...changes });
  };
  const readField = async (id: number) => (await as('GET', `/api/formfields/${id}`)).json() as Field;
  /** Reads the field until its change is no longer converting (as the field editor polls it). */
  async function finished(id: number): Promise<Field> {
    for (;;) {
      const field = await readField(id);
      if (field.TypeChange?.State !== 'Converting') return field;
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  }
  const create = (body: object) => as('POST', `/api/forms/${formId}/records`, { Title: 'r', ...body });
  const columns = async () => ((await t.app.db.raw('select column_name as "Name", data_type as "Type" from information_schema.columns where table_schema = current_schema() and table_name = ?', [table()])).rows as Array<{ Name: string; Type: string }>);
  const triggers = async () => ((await t.app.db.raw('select tgname as "Name" from pg_trigger where tgrelid = to_regclass(?) and not tgisinternal', [table()])).rows as unknown[]).length;
  const sortedValues = async (field: string) => {
    const res = await as('GET', `/api/forms/${formId}/records?pageSize=100&sorts=${field},asc`);
    expect(res.statusCode, res.body).toBe(200);
    return (res.json().Items as Array<Record<string, unknown>>).map((r) => r[field]);
  };

  beforeAll(async () => {
    admin = await signIn(t.app);
    const res = await as('POST', '/api/forms', { Name: 'Online Change Form', Description: null, CanHaveEav: true, IsCircleable: false, IsActive: true });
    expect(res.statusCode, res.body).toBe(201);
    formId = res.json().FormId;
    await addField('Title');
  });

  it('converts while the form is read and written, keeps writes in step, and applies the whole save at the swap', async () => {
    const amount = await addField('Amount');
    // Enough records that the conversion is still under way while the requests below are answered.
    await t.app.db.raw(`insert into ?? (title, amount) select 'r' || g, ' ' || (g * 10) || ' ' from generate_series(1, 300) g`, [table()]);
    expect((await create({ Amount: null })).statusCode).toBe(201);

    const started = await save(amount, { FieldType: 'integer', Name: 'Amount Due', ReportLabelText: 'Amount Due' });
    expect(started.statusCode, started.body).toBe(202);
    expect(started.json()).toMatchObject({ Name: 'Amount', FieldType: 'text', TypeChange: { State: 'Converting', Total: 300 } });

    // Meanwhile: the list answers under the old definition, a new record's value is converted by the trigger, an edit
    // of a converted record is kept in step, a value that would not convert is refused naming the field, and the
    // form's other definition changes wait.
    expect((await as('GET', `/api/forms/${formId}/records?pageSize=5`)).statusCode).toBe(200);
    expect((await create({ Amount: '7' })).statusCode).toBe(201);
    const firstId = Number((await t.app.db.raw('select min(record_id) as "Id" from ??', [table()])).rows[0].Id);
    expect((await as('POST', `/api/forms/${formId}/records/${firstId}`, { Title: 'first', Amount: '5' })).statusCode).toBe(200);
    const refused = await create({ Amount: 'ten' });
    expect(refused.statusCode, refused.body).toBe(400);
    expect(refused.json()).toEqual([{ PropertyName: 'Amount', ErrorCode: 'TypeChangeUnderWay', ErrorMessage: 'Amount is changing to Integer: enter a value that is one, or try again when the change has finished.' }]);
    const other = await addFieldRaw('Later');
    expect(other.statusCode, other.body).toBe(409);
    expect(other.json()[0]).toMatchObject({ ErrorCode: 'TypeChangeUnderWay' });
    expect(other.json()[0].ErrorMessage).toMatch(/^Amount is changing to Integer \(\d+% done\): this form's fields can change again when that finishes\.$/);

    const done = await finished(amount.FormFieldId);
    expect(done).toMatchObject({ Name: 'Amount Due', FieldType: 'integer', TypeChange: null });
    const amountColumn = (await columns()).filter((c) => c.Name.startsWith('amount') || c.Name.startsWith('type_change'));
    expect(amountColumn).toEqual([{ Name: 'amount_due', Type: 'integer' }]);
    expect(await triggers()).toBe(0);
    const values = await sortedValues('AmountDue');
    expect(values).toEqual([5, 7, ...Array.from({ length: 299 }, (_, i) => (i + 2) * 10), null].slice(0, 100));
    const indexes = (await t.app.db.raw('select indexname as "Name" from pg_indexes where tablename = ?', [table()])).rows.map((r: { Name: string }) => r.Name);
    expect(indexes).toContain(orderIndexName(table(), 'amount_due'));
    const revisions = (await as('GET', `/api/forms/${formId}/revisions`)).json() as Array<{ Summary: string; ChangedBy: string }>;
    expect(revisions[0]).toMatchObject({ Summary: 'Changed the field Amount: renamed to Amount Due, type text to integer', ChangedBy: 'admin' });
    // The form's definition can change again.
    expect((await addFieldRaw('Later')).statusCode).toBe(201);
  }, 120_000);

  it('refuses at its dry run when a value would not convert, changing nothing (the version too)', async () => {
    const code = await addField('Code');
    expect((await create({ Code: '12' })).statusCode).toBe(201);
    expect((await create({ Code: 'x1' })).statusCode).toBe(201);
    const before = await columns();
    const refused = await save(code, { FieldType: 'integer' });
    expect(refused.statusCode, refused.body).toBe(409);
    expect(refused.json()[0]).toMatchObject({ PropertyName: 'FieldType', ErrorCode: 'TypeChangeRefused' });
    expect(refused.json()[0].ErrorMessage).toMatch(/^Code cannot become Integer: 1 record of 2 with a value would not convert \(record \d+\)\. Nothing was changed\.$/);
    expect(await columns()).toEqual(before);
    expect(await triggers()).toBe(0);
    expect((await readField(code.FormFieldId)).TypeChange).toBeNull();
    expect((await save(code, { Name: 'Code Two', ReportLabelText: 'Code Two' })).statusCode).toBe(200);
  }, 120_000);

  it('a change that fails while converting puts everything back and the field says why', async () => {
    const size = await addField('Size');
    await t.app.db.raw(`insert into ?? (title, size) select 'r' || g, g::text from generate_series(1, 300) g`, [table()]);
    const started = await save(size, { FieldType: 'integer' });
    expect(started.statusCode, started.body).toBe(202);
    // A value no write could store now (written past the trigger), in the last row, which the batches reach last.
    await t.app.db.raw('alter table ?? disable trigger user', [table()]);
    await t.app.db.raw(`update ?? set size = 'huge' where record_id = (select max(record_id) from ??)`, [table(), table()]);
    await t.app.db.raw('alter table ?? enable trigger user', [table()]);
    const failed = await finished(size.FormFieldId);
    expect(failed.FieldType).toBe('text');
    expect(failed.TypeChange).toMatchObject({ State: 'Failed' });
    expect(failed.TypeChange!.Message).toMatch(/^The type was not changed: /);
    expect((await columns()).filter((c) => c.Name.startsWith('type_change'))).toEqual([]);
    expect(await triggers()).toBe(0);
    expect((await columns()).find((c) => c.Name === 'size')?.Type).toBe('text');
    // The failure is shown until the field is saved again.
    await t.app.db.raw(`update ?? set size = '12' where size = 'huge'`, [table()]);
    const again = await save(failed, { ReportLabelText: 'Size (cm)' });
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json().TypeChange).toBeNull();
  }, 120_000);

  const addFieldRaw = (Name: string) => as('POST', '/api/formfields', fieldBody(Name));
});

describe.each(databases)('an online type change across a restart on %s', (kind) => {
  it('a change under way when the server stops resumes where it was when it starts again', async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'type-change-'));
    const overrides = { onlineTypeChangeRows: 0, typeChangeBatchRows: 2, typeChangeBatchPauseMs: 20, ...(kind === 'pglite' ? { inMemoryDatabase: false, pgliteSnapshot: undefined, dataDir } : {}) };
    const first = await startTestApp(kind, overrides);
    let second: FastifyInstance | undefined;
    try {
      const admin = await signIn(first.app);
      const as = (app: FastifyInstance, method: 'GET' | 'POST', url: string, payload?: object) => injectLocked(app, admin, { method, url, payload });
      const form = (await as(first.app, 'POST', '/api/forms', { Name: 'Restarted Form', Description: null, CanHaveEav: true, IsCircleable: false, IsActive: true })).json();
      const body = { FormId: form.FormId, Name: 'Weight', ReportLabelText: 'Weight', FieldType: 'text', IsUdf: false, IsActive: true, StartDate: null, EndDate: null, AttributeValues: {} };
      const field = (await as(first.app, 'POST', '/api/formfields', body)).json();
      const table = `form_records_${form.FormId}`;
      await first.app.db.raw(`insert into ?? (weight) select g::text from generate_series(1, 400) g`, [table]);
      const started = await as(first.app, 'POST', `/api/formfields/${field.FormFieldId}`, { ...body, FieldType: 'decimal' });
      expect(started.statusCode, started.body).toBe(202);
      await first.app.close();

      // Built, not yet ready: the runner has not resumed anything yet.
      second = await buildApp(first.config);
      const stopped = await second.db('field_type_changes').where({ FormFieldId: field.FormFieldId }).first('State', 'Done', 'Total');
      expect(stopped).toMatchObject({ State: 'Converting', Total: 400 });
      expect(stopped.Done).toBeLessThan(400);
      await second.ready();
      const signedIn = await signIn(second);
      for (;;) {
        const read = (await injectLocked(second, signedIn, { method: 'GET', url: `/api/formfields/${field.FormFieldId}` })).json();
        if (read.TypeChange?.State !== 'Converting') {
          expect(read).toMatchObject({ FieldType: 'decimal', TypeChange: null });
          break;
        }
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
      const sums = (await second.db.raw('select sum(weight)::int as "Sum", count(weight)::int as "Count", pg_typeof(min(weight))::text as "Type" from ??', [table])).rows[0];
      expect(sums).toEqual({ Sum: 80200, Count: 400, Type: 'numeric' });
      expect((await second.db('field_type_changes').where({ FormFieldId: field.FormFieldId }).first('Done', 'Total'))).toEqual({ Done: 400, Total: 400 });
    } finally {
      await second?.close();
      await first.stop().catch(() => undefined);
      await rm(dataDir, { recursive: true, force: true });
    }
    // Two server starts, the first on a PGlite directory made from nothing (every migration), on a busy machine.
  }, 240_000);
});
