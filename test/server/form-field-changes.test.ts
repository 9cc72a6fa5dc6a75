import { beforeAll, describe, expect, it } from 'vitest';
import { databases, useTestApp, signIn, type SignedIn } from './helper.ts';
import { injectLocked } from './record-lock-fixtures.ts';
import { serverDay } from '../../server/modules/forms/built-forms.ts';
import { reservedFieldMessage } from '../../server/modules/forms/field-changes.ts';

type Method = 'GET' | 'POST' | 'DELETE';
interface Field { FormFieldId: number; FormId: number; Name: string; FieldType: string; IsUdf: boolean; IsActive: boolean; StartDate: string | null; EndDate: string | null; ReportLabelText: string | null; AttributeValues: Record<string, unknown> }

const dayFrom = (day: string, offset: number) => new Date(Date.parse(`${day}T00:00:00Z`) + offset * 86_400_000).toISOString().slice(0, 10);

describe.each(databases)("changes to a form's fields with records on %s", (kind) => {
  const t = useTestApp(kind);
  let admin: SignedIn;
  let formId: number;
  const records: Record<string, number> = {};
  const as = (method: Method, url: string, payload?: object) => injectLocked(t.app, admin, { method, url, payload });

  const fieldBody = (Name: string, FieldType = 'text', extra: object = {}) => ({
    FormId: formId, Name, ReportLabelText: Name, FieldType, IsUdf: false, IsActive: true, StartDate: null, EndDate: null, AttributeValues: {}, ...extra,
  });
  const udfBody = (Name: string, extra: object = {}) => fieldBody(Name, 'text', { IsUdf: true, ReportLabelText: null, StartDate: '2020-01-01', ...extra });
  async function addField(body: object): Promise<Field> {
    const res = await as('POST', '/api/formfields', body);
    expect(res.statusCode, res.body).toBe(201);
    return res.json();
  }
  /** Saves the field as it is with these changes. */
  const change = async (field: Field, changes: Partial<Field>) => {
    const { FormId, Name, ReportLabelText, FieldType, IsUdf, IsActive, StartDate, EndDate, AttributeValues } = field;
    return as('POST', `/api/formfields/${field.FormFieldId}`, { FormId, Name, ReportLabelText, FieldType, IsUdf, IsActive, StartDate, EndDate, AttributeValues, ...changes });
  };
  async function changed(field: Field, changes: Partial<Field>): Promise<Field> {
    const res = await change(field, changes);
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  }
  async function record(id: number): Promise<Record<string, unknown>> {
    const res = await as('GET', `/api/forms/${formId}/records/${id}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  }
  async function screen(): Promise<{ fields: string[]; properties: string[]; columns: string[] }> {
    const res = await as('GET', `/api/metadata/screens/form-${formId}`);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    return {
      fields: body.Screen.form.fields.update,
      properties: Object.keys(body.Schema?.properties ?? body.Entity?.properties ?? {}),
      columns: body.Screen.list.columns.map((c: { field: string }) => c.field),
    };
  }
  const table = () => `form_records_${formId}`;
  async function columnType(column: string): Promise<string | undefined> {
    const result = await t.app.db.raw(
      'select data_type as "Type" from information_schema.columns where table_schema = current_schema() and table_name = ? and column_name = ?',
      [table(), column],
    );
    return (result.rows[0] as { Type: string } | undefined)?.Type;
  }
  const rawValues = async (column: string) => (await t.app.db.raw(`select record_id as "Id", ${column}::text as "Value" from ?? order by record_id`, [table()])).rows as Array<{ Id: number; Value: string | null }>;
  const revision = async () => ((await t.app.db('forms').where({ FormId: formId }).first('Revision')) as { Revision: number }).Revision;
  const fieldRow = async (id: number) => (await as('GET', `/api/formfields/${id}`)).json() as Field;

  let notes: Field, count: Field, code: Field, when: Field, witness: Field;

  beforeAll(async () => {
    admin = await signIn(t.app);
    const res = await as('POST', '/api/forms', { Name: 'Field Change Form', Description: null, CanHaveEav: true, IsCircleable: false, IsActive: true });
    expect(res.statusCode, res.body).toBe(201);
    formId = res.json().FormId;
    await addField(fieldBody('Title', 'text', { AttributeValues: { required: true } }));
    notes = await addField(fieldBody('Notes'));
    count = await addField(fieldBody('Count'));
    code = await addField(fieldBody('Code'));
    when = await addField(fieldBody('When', 'date'));
    witness = await addField(udfBody('Witness'));
    const rows = {
      first: { Title: 'First', Notes: 'note one', Count: '12', Code: '42', When: '2026-01-02', Witness: 'Bob' },
      second: { Title: 'Second', Notes: 'note two', Count: ' 7', Code: 'abc', When: '2026-03-04', Witness: 'Ann' },
    };
    for (const [key, body] of Object.entries(rows)) {
      const created = await as('POST', `/api/forms/${formId}/records`, body);
      expect(created.statusCode, created.body).toBe(201);
      records[key] = created.json().RecordId;
    }
  });

  it('adding a field keeps the records, the new column null, and the screen shows the field', async () => {
    const before = await screen();
    expect(before.fields).not.toContain('Extra');
    await addField(fieldBody('Extra'));
    expect(await columnType('extra')).toBe('text');
    expect(await rawValues('extra')).toEqual([{ Id: records.first, Value: null }, { Id: records.second, Value: null }]);
    const first = await record(records.first);
    expect(first).toMatchObject({ Title: 'First', Notes: 'note one', Witness: 'Bob' });
    expect(first.Extra ?? null).toBeNull();
    const after = await screen();
    expect(after.fields).toContain('Extra');
    expect(after.properties).toContain('Extra');
  });

  it('renaming an ordinary field keeps its values under the new name', async () => {
    notes = await changed(notes, { Name: 'Remarks', ReportLabelText: 'Remarks' });
    const first = await record(records.first);
    expect(first.Remarks).toBe('note one');
    expect(first).not.toHaveProperty('Notes');
    expect((await record(records.second)).Remarks).toBe('note two');
    expect((await screen()).fields).toContain('Remarks');
    expect((await screen()).fields).not.toContain('Notes');
    // Saved under its new name.
    const updated = await as('POST', `/api/forms/${formId}/records/${records.second}`, { ...(await record(records.second)), Remarks: 'note two, edited' });
    expect(updated.statusCode, updated.body).toBe(200);
    expect((await record(records.second)).Remarks).toBe('note two, edited');
  });

  it('renaming a UDF keeps its values under the new name', async () => {
    witness = await changed(witness, { Name: 'Observer' });
    const first = await record(records.first);
    expect(first.Observer).toBe('Bob');
    expect(first).not.toHaveProperty('Witness');
    expect((await record(records.second)).Observer).toBe('Ann');
  });

  it('previews a type change: the counts and the values that would not convert', async () => {
    const ok = (await as('POST', `/api/formfields/${count.FormFieldId}/type-change-preview`, { FieldType: 'integer' })).json();
    expect(ok).toEqual({ From: 'text', To: 'integer', Total: 2, Convertible: 2, FailingCount: 0, Failing: [] });
    const bad = (await as('POST', `/api/formfields/${code.FormFieldId}/type-change-preview`, { FieldType: 'integer' })).json();
    expect(bad).toEqual({ From: 'text', To: 'integer', Total: 2, Convertible: 1, FailingCount: 1, Failing: [{ RecordId: records.second, Value: 'abc' }] });
    const dates = (await as('POST', `/api/formfields/${when.FormFieldId}/type-change-preview`, { FieldType: 'integer' })).json();
    expect(dates).toMatchObject({ From: 'date', To: 'integer', Total: 2, Convertible: 0, FailingCount: 2 });
    expect(dates.Failing.map((f: { RecordId: number }) => f.RecordId)).toEqual([records.first, records.second]);
    // Between types kept in one column type (text and text area) every value converts as it is.
    const same = await as('POST', `/api/formfields/${code.FormFieldId}/type-change-preview`, { FieldType: 'textArea' });
    expect(same.statusCode, same.body).toBe(200);
    expect(same.json()).toEqual({ From: 'text', To: 'textArea', Total: 2, Convertible: 2, FailingCount: 0, Failing: [] });
    // The preview changes nothing.
    expect(await columnType('code')).toBe('text');
    expect(await columnType('when')).toBe('date');
  });

  it('a type change text to integer applies when every value converts', async () => {
    const before = await revision();
    count = await changed(count, { FieldType: 'integer' });
    expect(count.FieldType).toBe('integer');
    expect(await columnType('count')).toBe('integer');
    expect((await record(records.first)).Count).toBe(12);
    expect((await record(records.second)).Count).toBe(7);
    expect(await revision()).toBeGreaterThan(before);
  });

  it('a type change is refused with the count when one value does not convert, changing nothing', async () => {
    const before = await revision();
    const res = await change(code, { FieldType: 'integer' });
    expect(res.statusCode, res.body).toBe(409);
    expect(res.json()).toEqual([{
      PropertyName: 'FieldType', ErrorCode: 'TypeChangeRefused',
      ErrorMessage: `Code cannot become Integer: 1 record of 2 with a value would not convert (record ${records.second}). Nothing was changed.`,
    }]);
    expect(await columnType('code')).toBe('text');
    expect(await rawValues('code')).toEqual([{ Id: records.first, Value: '42' }, { Id: records.second, Value: 'abc' }]);
    expect((await fieldRow(code.FormFieldId)).FieldType).toBe('text');
    expect(await revision()).toBe(before);
  });

  it('date to integer is refused with the count while values exist', async () => {
    const before = await revision();
    const res = await change(when, { FieldType: 'integer' });
    expect(res.statusCode, res.body).toBe(409);
    expect(res.json()).toEqual([{
      PropertyName: 'FieldType', ErrorCode: 'TypeChangeRefused',
      ErrorMessage: `When cannot become Integer: 2 records of 2 with a value would not convert (records ${records.first}, ${records.second}). Nothing was changed.`,
    }]);
    expect(await columnType('when')).toBe('date');
    expect((await record(records.first)).When).toBe('2026-01-02');
    expect(await revision()).toBe(before);
  });

  it('deactivating a field hides it from the screen and keeps its values; reactivating shows them again', async () => {
    notes = await changed(notes, { IsActive: false });
    const hidden = await screen();
    expect(hidden.fields).not.toContain('Remarks');
    expect(hidden.properties).not.toContain('Remarks');
    expect(hidden.columns).not.toContain('Remarks');
    expect(await record(records.first)).not.toHaveProperty('Remarks');
    // A save of the record without the hidden field leaves its value alone.
    const { Remarks: _none, ...shown } = await record(records.first);
    const updated = await as('POST', `/api/forms/${formId}/records/${records.first}`, { ...shown, Title: 'First, edited' });
    expect(updated.statusCode, updated.body).toBe(200);
    expect((await rawValues('remarks'))[0]).toEqual({ Id: records.first, Value: 'note one' });
    notes = await changed(notes, { IsActive: true });
    expect((await screen()).fields).toContain('Remarks');
    expect(await record(records.first)).toMatchObject({ Title: 'First, edited', Remarks: 'note one' });
  });

  it('a UDF whose EndDate is before today is hidden and keeps its value; clearing the EndDate shows it again', async () => {
    const today = serverDay();
    witness = await changed(witness, { EndDate: dayFrom(today, -1) });
    expect((await screen()).fields).not.toContain('Observer');
    expect(await record(records.first)).not.toHaveProperty('Observer');
    const { ...shown } = await record(records.first);
    const updated = await as('POST', `/api/forms/${formId}/records/${records.first}`, shown);
    expect(updated.statusCode, updated.body).toBe(200);
    witness = await changed(witness, { EndDate: today });
    expect((await screen()).fields).toContain('Observer');
    witness = await changed(witness, { EndDate: null });
    expect((await screen()).fields).toContain('Observer');
    expect((await record(records.first)).Observer).toBe('Bob');
  });

  it('a UDF whose StartDate is after today is hidden until then', async () => {
    const today = serverDay();
    const later = await addField(udfBody('Later', { StartDate: dayFrom(today, 1) }));
    expect((await screen()).fields).not.toContain('Later');
    await changed(later, { StartDate: today });
    expect((await screen()).fields).toContain('Later');
  });

  it('deleting a field with values is refused; one without values is removed with its column', async () => {
    const before = await revision();
    const refused = await as('DELETE', `/api/formfields/${code.FormFieldId}`);
    expect(refused.statusCode, refused.body).toBe(409);
    expect(refused.json()).toEqual([expect.objectContaining({
      ErrorCode: 'FieldHasValues', ErrorMessage: '2 records hold a value for Code: deactivate the field instead, which hides it and keeps every value.',
    })]);
    expect(await columnType('code')).toBe('text');
    expect(await revision()).toBe(before);
    const refusedUdf = await as('DELETE', `/api/formfields/${witness.FormFieldId}`);
    expect(refusedUdf.statusCode, refusedUdf.body).toBe(409);

    const empty = await addField(fieldBody('Empty'));
    expect(await columnType('empty')).toBe('text');
    const removed = await as('DELETE', `/api/formfields/${empty.FormFieldId}`);
    expect(removed.statusCode, removed.body).toBe(204);
    expect(await columnType('empty')).toBeUndefined();
    expect((await as('GET', `/api/formfields/${empty.FormFieldId}`)).statusCode).toBe(404);
    expect((await screen()).fields).not.toContain('Empty');
  });

  it('a reserved field cannot be retyped or deleted', async () => {
    await t.app.db.raw('alter table ?? add column legacy text', [table()]);
    const [{ FormFieldId }] = await t.app.db('form_fields').insert({
      FormId: formId, Name: 'Legacy', StoredName: 'Legacy', ReportLabelText: 'Legacy', FieldType: 'text', IsReserved: true, SortOrder: 99, AttributeValues: JSON.stringify({}),
    }).returning('FormFieldId');
    const legacy = await fieldRow(FormFieldId);
    expect(legacy.FieldType).toBe('text');
    const before = await revision();
    const retyped = await change(legacy, { FieldType: 'textArea' });
    expect(retyped.statusCode, retyped.body).toBe(403);
    expect(retyped.json()).toEqual([{ PropertyName: 'FieldType', ErrorCode: 'reservedField', ErrorMessage: reservedFieldMessage }]);
    const deleted = await as('DELETE', `/api/formfields/${FormFieldId}`);
    expect(deleted.statusCode, deleted.body).toBe(403);
    expect(deleted.json()).toEqual([expect.objectContaining({ ErrorCode: 'reservedField', ErrorMessage: reservedFieldMessage })]);
    expect((await fieldRow(FormFieldId)).FieldType).toBe('text');
    expect(await columnType('legacy')).toBe('text');
    expect(await revision()).toBe(before);
  });
});
