import { beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { databases, injectAs, signIn, useTestApp, type SignedIn } from './helper.ts';
import { useSmtpCatcher } from './smtp-catcher.ts';
import { bulletinNotFound } from '../../server/modules/public-pages/bulletin-routes.ts';
import { serverDay } from '../../server/modules/forms/built-forms.ts';
import { applyShippedDocuments } from '../../server/modules/public-pages/shipped-documents.ts';
import { publishContactForm } from '../../server/modules/public-pages/contact-publication.ts';
import { contactFormKey, honeypotField, publicFormMessages } from '../../engine/core/lowcode/public-forms.ts';
import { visitorOf } from './public-form-fixture.ts';

const day = (offset: number) => serverDay(new Date(Date.now() + offset * 86400_000));
const formId = async (app: FastifyInstance, name: string) => (await app.db('forms').where({ Name: name }).first('FormId')).FormId as number;

/** Issue 32, the public pages: what a visitor without a session reaches, and only that. */
describe.each(databases)('public pages, on %s', (kind) => {
  const smtp = useSmtpCatcher();
  const t = useTestApp(kind, { applyShippedForms: true, get smtpUrl() { return smtp.url; } });
  let admin: SignedIn;
  const create = async (form: string, values: Record<string, unknown>) => {
    const res = await injectAs(t.app, admin, { method: 'POST', url: `/api/forms/${await formId(t.app, form)}/records`, payload: values });
    expect(res.statusCode, res.body).toBe(201);
    return res.json().RecordId as number;
  };
  beforeAll(async () => {
    admin = await signIn(t.app);
  });

  describe('a bulletin', () => {
    const view = (id: number) => t.app.inject({ method: 'GET', url: `/api/public/bulletins/${id}` });

    it('published is shown to anyone, its body cleaned, with only what the page shows', async () => {
      const id = await create('Bulletins', { Title: 'Water off', Body: '<p>Tuesday <b>all day</b></p><img src=x onerror=alert(1)>', PublishDate: day(0), ExpiryDate: day(3) });
      const res = await view(id);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual({ Title: 'Water off', Body: '<p>Tuesday <b>all day</b></p>', PublishDate: day(0) });
    });

    it('unknown, not yet published, expired or inactive all get the same not-found answer', async () => {
      const future = await create('Bulletins', { Title: 'Later', PublishDate: day(2) });
      const expired = await create('Bulletins', { Title: 'Old', PublishDate: day(-5), ExpiryDate: day(-1) });
      const inactive = await create('Bulletins', { Title: 'Withdrawn', PublishDate: day(-1) });
      await t.app.db(`form_records_${await formId(t.app, 'Bulletins')}`).where({ RecordId: inactive }).update({ IsActive: false });
      const lastDay = await create('Bulletins', { Title: 'Last day', PublishDate: day(-1), ExpiryDate: day(0) });
      expect((await view(lastDay)).statusCode).toBe(200);
      const answers = await Promise.all([999999, future, expired, inactive].map(view));
      for (const res of answers) {
        expect(res.statusCode).toBe(404);
        expect(res.json()).toEqual([{ PropertyName: null, ErrorMessage: bulletinNotFound, ErrorCode: 'NotFound' }]);
      }
    });

    it('follows a rename of the form and its fields (found by their keys)', async () => {
      const id = await create('Bulletins', { Title: 'Renamed', PublishDate: day(0) });
      const fid = await formId(t.app, 'Bulletins');
      // The home's bulletins widget finds the shipped form by its key too.
      const widget = await injectAs(t.app, admin, { method: 'POST', url: '/api/widgets', payload: { Kind: 'bulletins', Title: 'News', Options: {}, Placements: [{ RoleId: 1, Size: 'small' }] } });
      expect(widget.statusCode, widget.body).toBe(201);
      const listed = async () => ((await injectAs(t.app, admin, { method: 'GET', url: `/api/home/widgets/${widget.json().WidgetId}/data` })).json().Items as Array<{ Title: string }>).map((i) => i.Title);
      await t.app.db('forms').where({ FormId: fid }).update({ Name: 'Notices' });
      try {
        expect((await view(id)).json().Title).toBe('Renamed');
        expect(await listed()).toContain('Renamed');
      } finally {
        await t.app.db('forms').where({ FormId: fid }).update({ Name: 'Bulletins' });
      }
    });
  });

  describe('the contact form, a public form under the contact key', () => {
    const visitor = () => visitorOf(t.app, contactFormKey);
    const message = { Name: 'Ada Visitor', Email: 'ada@example.com', Phone: '5551234567', Subject: 'Opening hours', Message: 'Are you open on Sunday?' };
    const stored = async () => t.app.db(`form_records_${await formId(t.app, 'Contact Messages')}`).count({ n: '*' }).first().then((r) => Number((r as { N: number }).N));
    const send = async (values: Record<string, unknown>, extra: Record<string, unknown> = {}) => visitor().send({ Values: values, Token: (await visitor().open()).Token, ...extra });
    beforeAll(async () => {
      // A test sends faster than any person: the shipped minimum fill time is off here (refused below, on its own app).
      await t.app.db('public_forms').where({ PublicKey: contactFormKey }).update({ MinFillSeconds: 0 });
    });

    it('is drawn from the form: its fields and rules, and nothing of its list, module or records', async () => {
      const drawn = await visitor().open();
      expect(drawn.Screen.form?.fields.create).toEqual(['Name', 'Email', 'Phone', 'Subject', 'Message']);
      expect(drawn.Entity.required).toEqual(['Name', 'Email', 'Subject', 'Message']);
      expect((drawn.Entity.properties?.Email as { format?: string }).format).toBe('email');
      expect(drawn.Screen.list).toBeUndefined();
      expect(drawn.Screen.module).toBeNull();
      expect(drawn.Honeypot).toBe(true);
    });

    it('stores the message, e-mails the contact address of the settings (as it is then) and confirms to the sender with none of their text', async () => {
      await t.app.db('client_settings').update({ ContactEmailAddress: 'desk@example.com' });
      const res = await send(message);
      expect(res.statusCode, res.body).toBe(201);
      expect(res.json()).toEqual({ Message: publicFormMessages.thanks });
      const notice = await smtp.take('desk@example.com');
      expect(notice.subject).toBe('Contact message: Opening hours');
      expect(notice.text).toContain('Are you open on Sunday?');
      expect(notice.text).toContain('/customercare/contactus');
      const confirmation = await smtp.take('ada@example.com');
      expect(confirmation.subject).toBe('We received your message');
      for (const typed of Object.values(message)) expect(`${confirmation.subject}\n${confirmation.text}`).not.toContain(typed);
      const list = await injectAs(t.app, admin, { method: 'GET', url: `/api/forms/${await formId(t.app, 'Contact Messages')}/records?q=Opening` });
      expect(list.statusCode, list.body).toBe(200);
      expect(JSON.stringify(list.json())).toContain('Ada Visitor');
      const row = await t.app.db(`form_records_${await formId(t.app, 'Contact Messages')}`).orderBy('RecordId', 'desc').first();
      expect(row).toMatchObject({ Name: 'Ada Visitor', Email: 'ada@example.com', Subject: 'Opening hours', IsActive: true, CreatedById: null, CreatedBy: 'Public form' });

      // The setting changed: the next message follows it (the address was never copied into the form's settings).
      await t.app.db('client_settings').update({ ContactEmailAddress: 'front@example.com' });
      expect((await send({ ...message, Email: 'ada2@example.com' })).statusCode).toBe(201);
      expect((await smtp.take('front@example.com')).subject).toBe('Contact message: Opening hours');
      await smtp.take('ada2@example.com');
    });

    it("is checked with the form's own rules on the server, and takes no field it does not offer", async () => {
      const before = await stored();
      const res = await send({ ...message, Email: 'not an address', Subject: '' });
      expect(res.statusCode).toBe(400);
      expect(res.json().map((e: { PropertyName: string }) => e.PropertyName).sort()).toEqual(['Email', 'Subject']);
      expect((await send({ ...message, IsActive: false })).json()[0]).toMatchObject({ PropertyName: 'IsActive', ErrorCode: 'NotOffered' });
      expect(await stored()).toBe(before);
    });

    it('a filled honeypot stores and sends nothing; a token is used once', async () => {
      const before = await stored();
      const trap = await send({ ...message, Email: 'bot@example.com' }, { [honeypotField]: 'http://spam.example' });
      expect(trap.statusCode).toBe(201);
      const { Token } = await visitor().open();
      expect((await visitor().send({ Values: { ...message, Email: 'twice@example.com' }, Token })).statusCode).toBe(201);
      expect((await visitor().send({ Values: message, Token })).json()[0].ErrorCode).toBe('FillToken');
      expect(await stored()).toBe(before + 1);
      await smtp.take('twice@example.com');
      await smtp.expectNone('bot@example.com', 300);
    });

    it("is published once: an administrator's switch-off stays over a restart, the page's form is then not found, and its key is kept", async () => {
      const id = await formId(t.app, 'Contact Messages');
      const url = `/api/forms/${id}/public`;
      const settings = (await injectAs(t.app, admin, { method: 'GET', url })).json();
      expect(settings).toMatchObject({ IsPublic: true, PublicKey: contactFormKey, Honeypot: true, MaxPerHour: 10, NotifyTo: 'contactAddress', NotifyAddress: null });
      expect(settings.ConfirmFieldId).toBe(settings.Fields.find((f: { Name: string }) => f.Name === 'Email').FormFieldId);
      const { Fields: _fields, FormId: _id, PublicKey: _key, ...change } = settings;
      const off = await injectAs(t.app, admin, { method: 'POST', url, payload: { ...change, IsPublic: false } });
      expect(off.statusCode, off.body).toBe(200);
      try {
        expect(await publishContactForm(t.app.db)).toBe(false);
        expect(await applyShippedDocuments(t.app)).toEqual([]);
        expect(await t.app.db('public_forms').where({ FormId: id }).first('IsPublic', 'PublicKey')).toEqual({ IsPublic: false, PublicKey: contactFormKey });
        const gone = await visitor().definition();
        expect(gone.statusCode).toBe(404);
        expect(gone.json()[0].ErrorMessage).toBe(publicFormMessages.notFound);
        const renew = await injectAs(t.app, admin, { method: 'POST', url: `${url}/key`, payload: {} });
        expect(renew.statusCode).toBe(409);
        expect(renew.json()[0].ErrorMessage).toBe(publicFormMessages.contactKeyKept);
      } finally {
        await injectAs(t.app, admin, { method: 'POST', url, payload: change });
      }
    });
  });

  describe('the big-picture schedule', () => {
    const midnight = () => { const d = new Date(); d.setHours(0, 0, 0, 0); return d; };
    const at = (hoursFromMidnight: number) => new Date(midnight().getTime() + hoursFromMidnight * 3600_000).toISOString();

    it('answers the active items of today and the week, in order, with only the fields shown', async () => {
      const statusId = (await t.app.db('simple_lookup_items').where({ Name: 'In progress' }).first('SimpleLookupItemId')).SimpleLookupItemId;
      await create('Schedule Items', { Title: 'Yesterday', StartsAt: at(-20), EndsAt: at(-19), Place: 'Hall', Status: statusId });
      await create('Schedule Items', { Title: 'Next week', StartsAt: at(24 * 7 + 1), Place: 'Hall', Status: statusId });
      await create('Schedule Items', { Title: 'Standup', StartsAt: at(9), EndsAt: at(9.25), Place: 'Room 1', Status: statusId });
      await create('Schedule Items', { Title: 'Overnight', StartsAt: at(-2), EndsAt: at(1), Place: null, Status: statusId });
      const friday = await create('Schedule Items', { Title: 'Review', StartsAt: at(24 * 4 + 14), Place: 'Room 2', Status: statusId });
      await t.app.db(`form_records_${await formId(t.app, 'Schedule Items')}`).where({ RecordId: friday }).update({ IsActive: true });
      const res = await t.app.inject({ method: 'GET', url: `/api/public/schedule?from=${encodeURIComponent(midnight().toISOString())}` });
      expect(res.statusCode, res.body).toBe(200);
      const items = res.json().Items;
      expect(items.map((i: { Title: string }) => i.Title)).toEqual(['Overnight', 'Standup', 'Review']);
      expect(Object.keys(items[1]).sort()).toEqual(['EndsAt', 'Id', 'Place', 'StartsAt', 'Status', 'Title']);
      expect(items[1]).toMatchObject({ Place: 'Room 1', Status: 'In progress', StartsAt: at(9) });
    });

    it('answers no other week than the viewer\'s own', async () => {
      const res = await t.app.inject({ method: 'GET', url: `/api/public/schedule?from=${encodeURIComponent(new Date(Date.now() - 10 * 86400_000).toISOString())}` });
      expect(res.statusCode).toBe(400);
    });
  });
});

describe.each(databases)('public pages are limited per address, on %s', (kind) => {
  const t = useTestApp(kind, { applyShippedForms: true, publicReadsPerAddress: 3 });

  it("refuses a contact message sooner than the contact form's minimum fill time, and reads beyond the limit from one address", async () => {
    // From the address the bulletin reads come from: the form's definition is a public page's read too.
    const contact = visitorOf(t.app, contactFormKey, '127.0.0.1');
    const quick = await contact.send({ Values: { Name: 'Bot' }, Token: (await contact.open()).Token });
    expect(quick.statusCode).toBe(400);
    expect(quick.json()[0].ErrorCode).toBe('TooQuick');
    const reads = [];
    for (let i = 0; i < 3; i++) reads.push((await t.app.inject({ method: 'GET', url: '/api/public/bulletins/1' })).statusCode);
    expect(reads).toEqual([404, 404, 429]);
  });
});
