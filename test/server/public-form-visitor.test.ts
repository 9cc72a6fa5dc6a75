import { beforeAll, describe, expect, it } from 'vitest';
import { databases, useTestApp, signIn, injectAs, type SignedIn } from './helper.ts';
import { honeypotField, publicFormMessages } from '../../engine/core/lowcode/public-forms.ts';
import { publicShipmentForm, visitorOf } from './public-form-fixture.ts';

/**
 * Issue 32: a visitor of a public form draws only the offered fields (a select with its own options and nothing else of
 * any lookup) and creates one record through the form's own checks; a honeypot, a minimum fill time and a limit per
 * address each refuse what breaks them.
 */
describe.each(databases)("a public form's visitor, on %s", (kind) => {
  const t = useTestApp(kind);
  let admin: SignedIn;
  let form: Awaited<ReturnType<typeof publicShipmentForm>>;
  let key: string;
  let otherListItem: number;
  const stored = () => t.app.db(form.table).orderBy('RecordId').select('RecordId', 'Title', 'Severity', 'Quantity', 'CreatedBy', 'CreatedById');

  beforeAll(async () => {
    admin = await signIn(t.app);
    form = await publicShipmentForm(t.app, admin);
    // An item of another list, and an inactive item of the offered one: neither may reach a visitor.
    const other = await injectAs(t.app, admin, { method: 'POST', url: '/api/lookup-tables', payload: { SystemName: 'Internal', DisplayName: 'Internal', Description: null, IsActive: true, IsEditable: true } });
    otherListItem = (await injectAs(t.app, admin, { method: 'POST', url: `/api/simple-lookups/${other.json().SimpleLookupTableId}/items`, payload: { Name: 'Internal only', Description: null, IsActive: true } })).json().Id;
    await injectAs(t.app, admin, { method: 'POST', url: `/api/simple-lookups/${form.listId}/items`, payload: { Name: 'Retired', Description: null, IsActive: false } });
    key = (await form.publish({ FieldIds: [form.fieldIds.Title, form.fieldIds.Severity, form.fieldIds.Badge], MinFillSeconds: 0 })).PublicKey!;
  });

  it('draws only the offered fields, each select with the active items of its own list inline', async () => {
    const definition = await visitorOf(t.app, key).open();
    expect(Object.keys(definition.Entity.properties ?? {}).sort()).toEqual(['Badge', 'Severity', 'Title']);
    expect(definition.Entity.required).toEqual(['Title']);
    expect(definition.Screen.form?.fields.create).toEqual(['Title', 'Severity', 'Badge']);
    expect(Object.keys(definition.Screen.form?.uiSchema ?? {}).sort()).toEqual(['Badge', 'Severity', 'Title']);
    expect(definition.Screen.list).toBeUndefined();
    expect(definition.Screen.routes).toEqual({});
    const options = (definition.Screen.form?.uiSchema?.Severity as { 'ui:options': Record<string, unknown> })['ui:options'];
    expect(options.source).toBeUndefined();
    expect(options.options).toEqual([{ Id: form.items.Low, Name: 'Low' }, { Id: form.items.High, Name: 'High' }]);
    const text = JSON.stringify(definition);
    for (const hidden of ['Areas', 'Quantity', 'Receipt', 'Internal only', 'Retired', `simple-lookup-${form.listId}`, form.table, `/api/forms/${form.formId}`]) expect(text, hidden).not.toContain(hidden);
    expect(definition).toMatchObject({ Title: 'Shipment', Honeypot: true });
  });

  it("creates one record through the form's checks, audited as the Public form, and answers nothing of it", async () => {
    const visitor = visitorOf(t.app, key);
    // The form's own checks: Title's maximum length, and a select's item from its own list only.
    for (const [Values, field] of [[{ Title: 'x'.repeat(21) }, 'Title'], [{ Title: 'Boxes', Severity: otherListItem }, 'Severity']] as const) {
      const invalid = await visitor.send({ Values, Token: (await visitor.open()).Token });
      expect(invalid.statusCode).toBe(400);
      expect(invalid.json().map((e: { PropertyName: string }) => e.PropertyName)).toEqual([field]);
    }
    const { Token } = await visitor.open();
    // A refused response keeps its token usable: the visitor corrects it and sends again.
    expect((await visitor.send({ Values: { Title: 'x'.repeat(21) }, Token })).statusCode).toBe(400);
    const res = await visitor.send({ Values: { Title: '<b>Boxes</b>', Severity: form.items.High, Badge: 'Blue' }, Token });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toEqual({ Message: publicFormMessages.thanks });
    const [record] = await stored();
    expect(record).toMatchObject({ Title: '<b>Boxes</b>', Severity: form.items.High, CreatedBy: 'Public form', CreatedById: null });
    const audit = await t.app.db('audit_entries').where({ Entity: `form-${form.formId}`, RecordId: record.RecordId }).first('Action', 'ChangedBy', 'ChangedById');
    expect(audit).toEqual({ Action: 'create', ChangedBy: 'Public form', ChangedById: null });
    // The token is spent.
    const again = await visitor.send({ Values: { Title: 'Twice' }, Token });
    expect(again.json()).toEqual([{ PropertyName: null, ErrorMessage: publicFormMessages.expired, ErrorCode: 'FillToken' }]);
    expect(await stored()).toHaveLength(1);
  });

  it('refuses any field not offered with 400 naming it (not silently dropped), and a made-up token', async () => {
    const visitor = visitorOf(t.app, key);
    for (const extra of [{ Quantity: 3 }, { Areas: [form.items.Low] }, { RecordId: 999 }, { IsActive: false }, { CreatedBy: 'me' }, { Nope: 1 }]) {
      const res = await visitor.send({ Values: { Title: 'Extra', ...extra }, Token: (await visitor.open()).Token });
      expect(res.statusCode, JSON.stringify(extra)).toBe(400);
      expect(res.json(), JSON.stringify(extra)).toEqual([{ PropertyName: Object.keys(extra)[0], ErrorMessage: publicFormMessages.notOffered, ErrorCode: 'NotOffered' }]);
    }
    const [payload] = (await visitor.open()).Token.split('.');
    const forged = Buffer.from(JSON.stringify({ f: form.formId, t: 0, n: 'forged' })).toString('base64url');
    for (const Token of ['nonsense', `${forged}.${payload}`]) expect((await visitor.send({ Values: { Title: 'Forged' }, Token })).json()[0].ErrorCode).toBe('FillToken');
    expect(await stored()).toHaveLength(1);
  });

  it('a filled honeypot is answered as a person is, and nothing is stored; switched off, the field is ignored', async () => {
    const visitor = visitorOf(t.app, key, '203.0.113.20');
    const res = await visitor.send({ Values: { Title: 'Bot' }, Token: (await visitor.open()).Token, [honeypotField]: 'http://spam.example' });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({ Message: publicFormMessages.thanks });
    expect((await stored()).map((r) => r.Title)).not.toContain('Bot');
    await form.publish({ FieldIds: [form.fieldIds.Title, form.fieldIds.Severity, form.fieldIds.Badge], MinFillSeconds: 0, Honeypot: false });
    expect((await visitor.open()).Honeypot).toBe(false);
    await visitor.send({ Values: { Title: 'Person' }, Token: (await visitor.open()).Token, [honeypotField]: 'autofilled' });
    expect((await stored()).map((r) => r.Title)).toContain('Person');
  });

  it('refuses a response sent sooner than the minimum fill time, and takes it once the time is off', async () => {
    const visitor = visitorOf(t.app, key, '203.0.113.30');
    const { Token } = await visitor.open();
    await form.publish({ FieldIds: [form.fieldIds.Title], MinFillSeconds: 600 });
    const quick = await visitor.send({ Values: { Title: 'Quick' }, Token });
    expect(quick.statusCode).toBe(400);
    expect(quick.json()).toEqual([{ PropertyName: null, ErrorMessage: publicFormMessages.tooQuick, ErrorCode: 'TooQuick' }]);
    await form.publish({ FieldIds: [form.fieldIds.Title], MinFillSeconds: 0 });
    expect((await visitor.send({ Values: { Title: 'Quick' }, Token })).statusCode).toBe(201);
  });

  it('limits responses per address per hour with 429, other addresses unaffected', async () => {
    await form.publish({ FieldIds: [form.fieldIds.Title], MinFillSeconds: 0, MaxPerHour: 2 });
    const busy = visitorOf(t.app, key, '198.51.100.1');
    for (const n of [1, 2]) expect((await busy.send({ Values: { Title: `Busy ${n}` }, Token: (await busy.open()).Token })).statusCode).toBe(201);
    const third = await busy.send({ Values: { Title: 'Busy 3' }, Token: (await busy.open()).Token });
    expect(third.statusCode).toBe(429);
    expect(third.json()).toEqual([{ PropertyName: null, ErrorMessage: publicFormMessages.tooMany, ErrorCode: 'TooMany' }]);
    const other = visitorOf(t.app, key, '198.51.100.2');
    expect((await other.send({ Values: { Title: 'Other' }, Token: (await other.open()).Token })).statusCode).toBe(201);
    expect((await stored()).map((r) => r.Title)).not.toContain('Busy 3');
  });
});
