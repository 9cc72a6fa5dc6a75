import { beforeAll, describe, expect, it } from 'vitest';
import { databases, useTestApp, signIn, injectAs, type SignedIn } from './helper.ts';
import { publicFormMessages } from '../../engine/core/lowcode/public-forms.ts';
import { publicShipmentForm, visitorOf } from './public-form-fixture.ts';

/** Issue 32: an administrator publishes a built form, chooses its fields, and renews its address. */
describe.each(databases)('publishing a built form to the public, on %s', (kind) => {
  const t = useTestApp(kind);
  let admin: SignedIn;
  let form: Awaited<ReturnType<typeof publicShipmentForm>>;

  beforeAll(async () => {
    admin = await signIn(t.app);
    form = await publicShipmentForm(t.app, admin);
  });

  it('starts private, with defaults, no address, and says which fields a visitor can fill (not an upload)', async () => {
    const res = await injectAs(t.app, admin, { method: 'GET', url: form.settingsUrl });
    expect(res.statusCode, res.body).toBe(200);
    const settings = res.json();
    expect(settings).toMatchObject({ FormId: form.formId, IsPublic: false, PublicKey: null, FieldIds: [], Honeypot: true, MinFillSeconds: 3, MaxPerHour: 10 });
    expect(settings.Fields.find((f: { Name: string }) => f.Name === 'Title')).toMatchObject({ Required: true, CanOffer: true });
    expect(settings.Fields.find((f: { Name: string }) => f.Name === 'Receipt')).toMatchObject({ CanOffer: false });
    expect(settings.Fields.map((f: { Name: string }) => f.Name)).toEqual(expect.arrayContaining(['Title', 'Severity', 'Areas', 'Badge']));
  });

  it('refuses to publish a form whose required field the visitor is not offered, and one with no field', async () => {
    const missing = await form.save({ IsPublic: true, FieldIds: [form.fieldIds.Quantity] });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toEqual([{ PropertyName: 'FieldIds', ErrorMessage: publicFormMessages.requiredNotOffered(['Title']), ErrorCode: 'RequiredNotOffered' }]);
    const none = await form.save({ IsPublic: true, FieldIds: [] });
    expect(none.json()[0].ErrorCode).toBe('NoFields');
    const upload = await form.save({ IsPublic: true, FieldIds: [form.fieldIds.Title, form.receiptFieldId] });
    expect(upload.json()[0].ErrorCode).toBe('NotOfferable');
    expect(await t.app.db('public_forms').where({ FormId: form.formId }).first()).toBeUndefined();
    // Saved while private, the same choice is kept (the administrator may still be choosing).
    expect((await form.save({ IsPublic: false, FieldIds: [form.fieldIds.Quantity] })).statusCode).toBe(200);
  });

  it('publishes, unpublishes (one not-found for an unknown key and a form switched off) and renews the key', async () => {
    const published = await form.publish({ FieldIds: [form.fieldIds.Title, form.fieldIds.Severity] });
    expect(published.PublicKey).toMatch(/^[\w-]{32}$/);
    const key = published.PublicKey!;
    expect((await visitorOf(t.app, key).definition()).statusCode).toBe(200);

    const unknown = await visitorOf(t.app, `${key}x`).definition();
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual([{ PropertyName: null, ErrorMessage: publicFormMessages.notFound, ErrorCode: 'NotFound' }]);

    await form.publish({ IsPublic: false, FieldIds: published.FieldIds });
    const off = await visitorOf(t.app, key).definition();
    expect({ status: off.statusCode, body: off.body }).toEqual({ status: unknown.statusCode, body: unknown.body });
    expect((await visitorOf(t.app, key).send({ Values: { Title: 'x' }, Token: 'x' })).body).toBe(unknown.body);

    await form.publish({ FieldIds: published.FieldIds });
    const renewed = await injectAs(t.app, admin, { method: 'POST', url: `${form.settingsUrl}/key`, payload: {} });
    expect(renewed.statusCode, renewed.body).toBe(200);
    const newKey = renewed.json().PublicKey as string;
    expect(newKey).not.toBe(key);
    expect((await visitorOf(t.app, key).definition()).statusCode).toBe(404);
    expect((await visitorOf(t.app, newKey).definition()).statusCode).toBe(200);
  });

  it('a required field added after publishing takes the form off the air (not-found) until it is offered', async () => {
    const { PublicKey } = await form.publish({ FieldIds: [form.fieldIds.Title] });
    const added = await injectAs(t.app, admin, {
      method: 'POST', url: '/api/formfields',
      payload: { FormId: form.formId, Name: 'Carrier', ReportLabelText: 'Carrier', FieldType: 'text', IsUdf: false, IsActive: true, StartDate: null, EndDate: null, AttributeValues: { required: true } },
    });
    expect(added.statusCode, added.body).toBe(201);
    expect((await visitorOf(t.app, PublicKey!).definition()).statusCode).toBe(404);
    const settings = (await injectAs(t.app, admin, { method: 'GET', url: form.settingsUrl })).json();
    expect(settings.IsPublic).toBe(true);
    await form.publish({ FieldIds: [form.fieldIds.Title, added.json().FormFieldId] });
    expect((await visitorOf(t.app, PublicKey!).definition()).statusCode).toBe(200);
  });

  it('needs Form Management, and the right to update forms to change the settings', async () => {
    const res = await t.app.inject({ method: 'GET', url: form.settingsUrl });
    expect(res.statusCode).toBe(401);
    const post = await t.app.inject({ method: 'POST', url: `${form.settingsUrl}/key`, payload: {} });
    expect(post.statusCode).toBe(401);
  });
});
