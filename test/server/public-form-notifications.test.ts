import { beforeAll, describe, expect, it } from 'vitest';
import { databases, injectAs, signIn, useTestApp, type SignedIn } from './helper.ts';
import { useSmtpCatcher } from './smtp-catcher.ts';
import { publicFormMessages } from '../../engine/core/lowcode/public-forms.ts';
import { publicShipmentForm, visitorOf } from './public-form-fixture.ts';

/**
 * Issue 32: a public form's new record can be e-mailed (its offered fields) to an address, and confirmed to the visitor
 * at an offered e-mail field with a text that repeats nothing they typed. What could not be sent is refused on saving.
 */
describe.each(databases)("a public form's e-mails, on %s", (kind) => {
  const smtp = useSmtpCatcher();
  const t = useTestApp(kind, { get smtpUrl() { return smtp.url; } });
  let admin: SignedIn;
  let form: Awaited<ReturnType<typeof publicShipmentForm>>;
  let emailFieldId: number;
  let offered: number[];

  beforeAll(async () => {
    admin = await signIn(t.app);
    form = await publicShipmentForm(t.app, admin, 'Enquiry');
    const email = await injectAs(t.app, admin, {
      method: 'POST', url: '/api/formfields',
      payload: { FormId: form.formId, Name: 'Email', ReportLabelText: 'Email', FieldType: 'text', IsUdf: false, IsActive: true, StartDate: null, EndDate: null, AttributeValues: { pattern: 'email', maxLength: 254 } },
    });
    expect(email.statusCode, email.body).toBe(201);
    emailFieldId = email.json().FormFieldId;
    offered = [form.fieldIds.Title, form.fieldIds.Badge, emailFieldId];
  });

  it('refuses an address to notify that is missing or not an address, and a confirmation to a field that is not an offered e-mail field', async () => {
    const refused = async (change: object) => {
      const res = await form.save({ IsPublic: true, FieldIds: offered, ...change });
      expect(res.statusCode, JSON.stringify(change)).toBe(400);
      return res.json()[0] as { PropertyName: string; ErrorCode: string };
    };
    expect(await refused({ NotifyTo: 'address', NotifyAddress: null })).toMatchObject({ PropertyName: 'NotifyAddress', ErrorCode: 'Required' });
    expect((await refused({ NotifyTo: 'address', NotifyAddress: 'not an address' })).PropertyName).toMatch(/NotifyAddress/);
    expect((await refused({ NotifyTo: 'everyone' })).PropertyName).toMatch(/NotifyTo/);
    // Title is offered but holds no address; the e-mail field exists but is not offered; a field of no form at all.
    expect(await refused({ ConfirmFieldId: form.fieldIds.Title })).toEqual({ PropertyName: 'ConfirmFieldId', ErrorMessage: publicFormMessages.confirmField, ErrorCode: 'NotAnOfferedEmail' });
    expect((await form.save({ IsPublic: true, FieldIds: [form.fieldIds.Title], ConfirmFieldId: emailFieldId })).json()[0].ErrorCode).toBe('NotAnOfferedEmail');
    expect((await refused({ ConfirmFieldId: 999999 })).ErrorCode).toBe('NotAnOfferedEmail');
    expect(await t.app.db('public_forms').where({ FormId: form.formId }).first()).toBeUndefined();
  });

  it('sends the offered fields to the address, and the visitor a confirmation with none of their text', async () => {
    const saved = await form.publish({ FieldIds: offered, MinFillSeconds: 0, NotifyTo: 'address', NotifyAddress: 'office@example.com', ConfirmFieldId: emailFieldId });
    expect(saved).toMatchObject({ NotifyTo: 'address', NotifyAddress: 'office@example.com', ConfirmFieldId: emailFieldId });
    const visitor = visitorOf(t.app, saved.PublicKey!);
    const typed = { Title: 'Crates', Badge: 'Tangerine', Email: 'visitor@example.com' };
    const res = await visitor.send({ Values: typed, Token: (await visitor.open()).Token });
    expect(res.statusCode, res.body).toBe(201);
    const notice = await smtp.take('office@example.com');
    expect(notice.subject).toBe('New response: Enquiry');
    expect(notice.text).toContain('Title: Crates');
    expect(notice.text).toContain('Email: visitor@example.com');
    expect(notice.text).toContain(`/public/form/${saved.PublicKey}`);
    const confirmation = await smtp.take('visitor@example.com');
    expect(confirmation.subject).toBe('We received your response');
    for (const value of Object.values(typed)) expect(`${confirmation.subject}\n${confirmation.text}`).not.toContain(value);

    // Switched to no one and no confirmation, a response sends nothing.
    await form.publish({ FieldIds: offered, MinFillSeconds: 0, NotifyTo: 'none', NotifyAddress: 'ignored@example.com', ConfirmFieldId: null });
    expect(await t.app.db('public_forms').where({ FormId: form.formId }).first('NotifyAddress')).toEqual({ NotifyAddress: null });
    expect((await visitor.send({ Values: { ...typed, Email: 'quiet@example.com' }, Token: (await visitor.open()).Token })).statusCode).toBe(201);
    await smtp.expectNone('quiet@example.com', 300);
    await smtp.expectNone('office@example.com', 0);
  });
});
