import { beforeAll, describe, expect, it } from 'vitest';
import { databases, signIn, useTestApp, type SignedIn } from './helper.ts';
import { injectLocked } from './record-lock-fixtures.ts';

/**
 * Issue 29, finding 6, on the server: a built form's currency, percentage, phone and EIN fields store the plain value
 * (a number, the digits); text an input could not read, which the browser hands on as typed, is refused with the
 * input's own words, once per field, and nothing is written; null clears a value (an absent field keeps it, which is
 * why an emptied input hands on null).
 */
describe.each(databases)('formatted values written to a built form on %s', (kind) => {
  const t = useTestApp(kind);
  let admin: SignedIn;
  let formId: number;
  let recordId: number;
  const as = (method: 'GET' | 'POST', url: string, payload?: object) => injectLocked(t.app, admin, { method, url, payload });
  const records = () => `/api/forms/${formId}/records`;
  const stored = async () => (await as('GET', `${records()}/${recordId}`)).json() as Record<string, unknown>;

  beforeAll(async () => {
    admin = await signIn(t.app);
    const form = await as('POST', '/api/forms', { Name: 'Vendor', Description: null, CanHaveEav: true, IsCircleable: false, IsActive: true });
    formId = form.json().FormId;
    const fields: Array<[string, string, object]> = [
      ['Name', 'text', { required: true }], ['Cost', 'currency', {}], ['Rate', 'percentage', {}],
      ['Phone', 'text', { pattern: 'usPhone' }], ['Ein', 'text', { pattern: 'ein' }],
    ];
    for (const [Name, FieldType, AttributeValues] of fields) {
      const res = await as('POST', '/api/formfields', { FormId: formId, Name, ReportLabelText: Name, FieldType, IsUdf: false, IsActive: true, StartDate: null, EndDate: null, AttributeValues });
      expect(res.statusCode, res.body).toBe(201);
    }
    const created = await as('POST', records(), { Name: 'Acme', Cost: 80, Rate: 7, Phone: '5551234567', Ein: '123456789' });
    expect(created.statusCode, created.body).toBe(201);
    recordId = created.json().RecordId;
  });

  it('the form draws the phone and EIN patterns with their formatted inputs', async () => {
    const doc = await as('GET', `/api/metadata/screens/form-${formId}`);
    const uiSchema = doc.json().Screen.form.uiSchema;
    expect([uiSchema.Cost['ui:widget'], uiSchema.Rate['ui:widget'], uiSchema.Phone['ui:widget'], uiSchema.Ein['ui:widget']]).toEqual(['currency', 'percentage', 'phone', 'ein']);
  });

  it('stores the plain values the inputs hand on', async () => {
    const res = await as('POST', `${records()}/${recordId}`, { Name: 'Acme', Cost: 95, Rate: 12.5, Phone: '5559876543', Ein: '987654321' });
    expect(res.statusCode, res.body).toBe(200);
    expect(await stored()).toMatchObject({ Cost: 95, Rate: 12.5, Phone: '5559876543', Ein: '987654321' });
  });

  it('refuses text an input could not read, once per field in its words, and writes nothing', async () => {
    const before = await stored();
    const res = await as('POST', `${records()}/${recordId}`, { Name: 'Changed', Cost: '1 234,50', Rate: '12,5', Phone: '555-CALL-NOW', Ein: '12-34' });
    expect(res.statusCode).toBe(400);
    expect(res.json().map((e: { PropertyName: string; ErrorMessage: string }) => [e.PropertyName, e.ErrorMessage]).sort()).toEqual([
      ['Cost', 'Must be a valid currency amount.'],
      ['Ein', 'Must be a valid EIN.'],
      ['Phone', 'Must be a valid phone number.'],
      ['Rate', 'Must be a valid percentage.'],
    ]);
    expect(await stored()).toEqual(before);
  });

  it('null clears a value; a field left out keeps its value', async () => {
    const res = await as('POST', `${records()}/${recordId}`, { Name: 'Acme', Cost: null, Phone: null });
    expect(res.statusCode, res.body).toBe(200);
    expect(await stored()).toMatchObject({ Cost: null, Phone: null, Rate: 12.5, Ein: '987654321' });
  });
});
