import { beforeAll, describe, expect, it } from 'vitest';
import { databases, useTestApp, signIn, injectAs, type SignedIn } from './helper.ts';
import { readForUpdate } from './record-lock-fixtures.ts';

type Row = Record<string, unknown>;

/**
 * Issue 27 finding 10: a field's reads answer the attributes stored (its rules), and a save that does not name an
 * attribute keeps it; only an explicit null clears one. So a client that reads a field and saves it back with its
 * label changed leaves the form's rules (required, maximum length) as they were.
 */
describe.each(databases)('a field read and saved back keeps its rules, on %s', (kind) => {
  const t = useTestApp(kind);
  let admin: SignedIn;
  let formId: number;
  let fieldId: number;
  const stored = { required: true, maxLength: 150 };

  beforeAll(async () => {
    admin = await signIn(t.app);
    const form = await injectAs(t.app, admin, { method: 'POST', url: '/api/forms', payload: { Name: 'Articles', Description: null, CanHaveEav: true, IsCircleable: false, IsActive: true } });
    expect(form.statusCode, form.body).toBe(201);
    formId = form.json().FormId;
    const field = await injectAs(t.app, admin, {
      method: 'POST', url: '/api/formfields',
      payload: { FormId: formId, Name: 'Title', ReportLabelText: 'Title', FieldType: 'text', IsUdf: false, IsActive: true, StartDate: null, EndDate: null, AttributeValues: stored },
    });
    expect(field.statusCode, field.body).toBe(201);
    fieldId = field.json().FormFieldId;
  });

  /** The composed form's rules for Title: whether it is required and its maximum length. */
  async function titleRules(): Promise<{ required: boolean; maxLength: unknown }> {
    const res = await injectAs(t.app, admin, { method: 'GET', url: `/api/metadata/screens/form-${formId}` });
    expect(res.statusCode, res.body).toBe(200);
    const entity = res.json().Schema as { required?: string[]; properties: Record<string, Row> };
    return { required: (entity.required ?? []).includes('Title'), maxLength: entity.properties.Title.maxLength };
  }
  const storedAttributes = async () => (await t.app.db('form_fields').where({ FormFieldId: fieldId }).first('AttributeValues')).AttributeValues;
  /** The field read for update and posted back as read, with these changes. */
  async function saveBack(changes: (read: Row) => Row) {
    const read = await readForUpdate(t.app, admin, `/api/formfields/${fieldId}`);
    expect(read.status).toBe(200);
    const res = await injectAs(t.app, admin, { method: 'POST', url: `/api/formfields/${fieldId}`, headers: read.headers, payload: changes(read.record) });
    expect(res.statusCode, res.body).toBe(200);
    await injectAs(t.app, admin, { method: 'DELETE', url: `/api/record-locks/${read.headers.recordlockid}` });
    return res.json() as Row;
  }

  it("answers the stored attributes on the field's read and in its form's field list", async () => {
    expect((await injectAs(t.app, admin, { method: 'GET', url: `/api/formfields/${fieldId}` })).json().AttributeValues).toEqual(stored);
    expect((await injectAs(t.app, admin, { method: 'GET', url: `/api/forms/${formId}/fields` })).json()[0].AttributeValues).toEqual(stored);
    expect(await titleRules()).toEqual({ required: true, maxLength: 150 });
  });

  it('keeps every attribute when a save changes only the label, or sends no AttributeValues, or leaves one out', async () => {
    const labelled = await saveBack((read) => ({ ...read, ReportLabelText: 'Headline' }));
    expect(labelled).toMatchObject({ ReportLabelText: 'Headline', AttributeValues: stored });
    await saveBack(({ AttributeValues: _left, ...read }) => ({ ...read, ReportLabelText: 'Heading' }));
    await saveBack((read) => ({ ...read, AttributeValues: { required: true } }));
    expect(await storedAttributes()).toEqual(stored);
    expect(await titleRules()).toEqual({ required: true, maxLength: 150 });
  });

  it('clears just the attribute sent as null, and changes just the one sent with a value', async () => {
    const cleared = await saveBack((read) => ({ ...read, AttributeValues: { maxLength: null } }));
    expect(cleared.AttributeValues).toEqual({ required: true });
    expect(await storedAttributes()).toEqual({ required: true });
    expect((await titleRules()).required).toBe(true);
    expect((await titleRules()).maxLength).not.toBe(150);
    await saveBack((read) => ({ ...read, AttributeValues: { maxLength: 80 } }));
    expect(await storedAttributes()).toEqual({ required: true, maxLength: 80 });
    expect(await titleRules()).toEqual({ required: true, maxLength: 80 });
  });

  it("a type change keeps only the stored attributes the new type has", async () => {
    await saveBack((read) => ({ ...read, FieldType: 'integer', AttributeValues: {} }));
    expect(await storedAttributes()).toEqual({ required: true });
  });
});
