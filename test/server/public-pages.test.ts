import { beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { databases, injectAs, signIn, useTestApp, type SignedIn } from './helper.ts';
import { useSmtpCatcher } from './smtp-catcher.ts';
import { bulletinNotFound } from '../../server/modules/public-pages/bulletin-routes.ts';
import { serverDay } from '../../server/modules/forms/built-forms.ts';

const day = (offset: number) => serverDay(new Date(Date.now() + offset * 86400_000));
const formId = async (app: FastifyInstance, name: string) => (await app.db('forms').where({ Name: name }).first('FormId')).FormId as number;

/** Issue 32, the public pages: what a visitor without a session reaches, and only that. */
describe.each(databases)('public pages, on %s', (kind) => {
  const smtp = useSmtpCatcher();
  const t = useTestApp(kind, { applyShippedForms: true, get smtpUrl() { return smtp.url; }, contactMinFillSeconds: 0, publicPostsPerAddress: 1000 });
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

  describe('the contact form', () => {
    const draw = async () => {
      const res = await t.app.inject({ method: 'GET', url: '/api/public/contact' });
      expect(res.statusCode, res.body).toBe(200);
      return res.json();
    };
    const send = (payload: Record<string, unknown>) => t.app.inject({ method: 'POST', url: '/api/public/contact', payload });
    const message = { Name: 'Ada Visitor', Email: 'ada@example.com', Phone: '5551234567', Subject: 'Opening hours', Message: 'Are you open on Sunday?' };
    const stored = async () => t.app.db(`form_records_${await formId(t.app, 'Contact Messages')}`).count({ n: '*' }).first().then((r) => Number((r as { N: number }).N));

    it('is drawn from the form: its fields and rules, and nothing of its list, module or records', async () => {
      const drawn = await draw();
      expect(drawn.Screen.form.fields.create).toEqual(['Name', 'Email', 'Phone', 'Subject', 'Message']);
      expect(drawn.Schema.required).toEqual(['Name', 'Email', 'Subject', 'Message']);
      expect(drawn.Schema.properties.Email.format).toBe('email');
      expect(Object.keys(drawn.Schema.properties)).toEqual(['Name', 'Email', 'Phone', 'Subject', 'Message']);
      expect(drawn.Screen.list).toBeUndefined();
      expect(drawn.Screen.module).toBeNull();
      expect(typeof drawn.Token).toBe('string');
    });

    it('stores the message, e-mails the contact address and confirms to the sender', async () => {
      await t.app.db('client_settings').update({ ContactEmailAddress: 'desk@example.com' });
      const { Token } = await draw();
      const res = await send({ Values: { ...message, IsActive: false, CreatedById: 1 }, Token, Website: '' });
      expect(res.statusCode, res.body).toBe(201);
      expect(res.json()).toEqual({ Sent: true });
      const notice = await smtp.take('desk@example.com');
      expect(notice.subject).toBe('Contact message: Opening hours');
      expect(notice.text).toContain('Are you open on Sunday?');
      const confirmation = await smtp.take('ada@example.com');
      expect(confirmation.subject).toBe('We received your message');
      expect(confirmation.text).not.toContain('Sunday');
      const list = await injectAs(t.app, admin, { method: 'GET', url: `/api/forms/${await formId(t.app, 'Contact Messages')}/records?q=Opening` });
      expect(list.statusCode, list.body).toBe(200);
      expect(JSON.stringify(list.json())).toContain('Ada Visitor');
      const row = await t.app.db(`form_records_${await formId(t.app, 'Contact Messages')}`).orderBy('RecordId', 'desc').first();
      expect(row).toMatchObject({ Name: 'Ada Visitor', Email: 'ada@example.com', Subject: 'Opening hours', IsActive: true, CreatedById: null, CreatedBy: 'Contact form (visitor)' });
    });

    it("is checked with the form's own rules on the server", async () => {
      const before = await stored();
      const { Token } = await draw();
      const res = await send({ Values: { ...message, Email: 'not an address', Subject: '' }, Token });
      expect(res.statusCode).toBe(400);
      expect(res.json().map((e: { PropertyName: string }) => e.PropertyName).sort()).toEqual(['Email', 'Subject']);
      expect(await stored()).toBe(before);
    });

    it('refuses a send whose honeypot is filled, whose token was never drawn or is used again', async () => {
      const before = await stored();
      const first = await draw();
      const trap = await send({ Values: message, Token: first.Token, Website: 'http://spam.example' });
      expect(trap.statusCode).toBe(400);
      expect(trap.json()[0].ErrorCode).toBe('NotSent');
      expect((await send({ Values: message, Token: '00000000-0000-4000-8000-000000000000' })).json()[0].ErrorCode).toBe('FormExpired');
      const ok = await send({ Values: { ...message, Email: 'twice@example.com' }, Token: first.Token });
      expect(ok.statusCode).toBe(201);
      expect((await send({ Values: message, Token: first.Token })).json()[0].ErrorCode).toBe('FormExpired');
      expect(await stored()).toBe(before + 1);
      await smtp.take('twice@example.com');
      await smtp.expectNone('ada@example.com', 300);
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
  const t = useTestApp(kind, { applyShippedForms: true, publicReadsPerAddress: 3, publicPostsPerAddress: 1, contactMinFillSeconds: 60 });

  it('refuses a send sooner than the minimum fill time, and more than the limit of calls from one address', async () => {
    const drawn = (await t.app.inject({ method: 'GET', url: '/api/public/contact' })).json();
    const quick = await t.app.inject({ method: 'POST', url: '/api/public/contact', payload: { Values: { Name: 'Bot' }, Token: drawn.Token } });
    expect(quick.statusCode).toBe(400);
    expect(quick.json()[0].ErrorCode).toBe('NotSent');
    const again = await t.app.inject({ method: 'POST', url: '/api/public/contact', payload: { Values: { Name: 'Bot' }, Token: drawn.Token } });
    expect(again.statusCode).toBe(429);
    const reads = [];
    for (let i = 0; i < 3; i++) reads.push((await t.app.inject({ method: 'GET', url: '/api/public/bulletins/1' })).statusCode);
    expect(reads).toEqual([404, 404, 429]);
  });
});
