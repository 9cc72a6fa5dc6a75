import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import type { FastifyInstance } from 'fastify';
import { launchChromium, openPage, screenshot, signedInBrowser, startServer } from './harness.ts';
import { startSmtpCatcher, type SmtpCatcher } from '../server/smtp-catcher.ts';
import { adminApi, type Api } from './seed-through-api.ts';
import { scheduleStatusId, shippedFormId, today } from './seed-public-pages.ts';
import { contactFormKey, type PublicFormSettings } from '../../engine/core/lowcode/public-forms.ts';

const dayAfter = (days: number) => new Date(Date.now() + days * 86400_000 - new Date().getTimezoneOffset() * 60_000).toISOString().slice(0, 10);

/**
 * Issue 32's public pages in Chromium, signed out: a bulletin published and opened, then expired and not found; the
 * contact form sent, its message in the SMTP server and in the administrators' list; the big-picture schedule showing
 * an item added a moment before, without a reload.
 */
describe('the public pages (Chromium, signed out)', () => {
  let app: FastifyInstance;
  let baseUrl: string;
  let smtp: SmtpCatcher;
  let browser: Browser;
  let page: Page;
  let consoleErrors: string[];
  let api: Api;

  beforeAll(async () => {
    smtp = await startSmtpCatcher();
    ({ app, baseUrl } = await startServer({ smtpUrl: smtp.url, applyShippedForms: true }));
    api = await adminApi(app);
    // A browser driven by a test fills the form faster than any person: the contact form's minimum fill time is off
    // here, as an administrator sets it on its Public tab (the server suite shows it refusing a send too soon).
    const contact = `/api/forms/${await shippedFormId(app, 'Contact Messages')}/public`;
    const { Fields: _fields, FormId: _formId, PublicKey: _key, ...settings } = await api.get<PublicFormSettings>(contact);
    await api.post(contact, { ...settings, MinFillSeconds: 0 }, 200);
    await app.db('client_settings').update({ ContactEmailAddress: 'desk@example.com' });
    browser = await launchChromium();
    ({ page, consoleErrors } = await openPage(browser));
  }, 120_000);
  afterAll(async () => {
    await browser?.close();
    await app?.close();
    await smtp?.close();
  });

  it('shows a published bulletin to anyone, and the one not-found page once it has expired', async () => {
    const formId = await shippedFormId(app, 'Bulletins');
    const { RecordId } = await api.post<{ RecordId: number }>(`/api/forms/${formId}/records`, {
      Title: 'Water off on Tuesday', Body: '<p>The water is off <strong>all day</strong>.</p><p><a href="https://example.com/notice">Details</a></p>', PublishDate: today(), ExpiryDate: dayAfter(7),
    }, 201);
    await page.goto(`${baseUrl}/bulletin/view/${RecordId}`);
    await expect.poll(() => page.getByRole('heading', { name: 'Water off on Tuesday' }).isVisible()).toBe(true);
    expect(await page.getByRole('article').getByText('all day').evaluate((e) => e.tagName)).toBe('STRONG');
    expect(await page.getByRole('link', { name: 'Details' }).getAttribute('href')).toBe('https://example.com/notice');
    expect(page.url()).toBe(`${baseUrl}/bulletin/view/${RecordId}`);
    await screenshot(page, 'public-pages-01-bulletin');

    // The administrator sets its expiry to yesterday, as the generic form would: it is gone for everyone.
    await api.update(`/api/forms/${formId}/records/${RecordId}`, { Title: 'Water off on Tuesday', Body: '<p>The water is off.</p>', PublishDate: dayAfter(-3), ExpiryDate: dayAfter(-1) });
    await page.reload();
    await expect.poll(() => page.getByRole('heading', { name: 'Bulletin not found', level: 1 }).isVisible()).toBe(true);
    expect(await page.getByRole('alert').textContent()).toContain('This bulletin is not available');
    expect(page.url()).toBe(`${baseUrl}/bulletin/view/${RecordId}`);
    await screenshot(page, 'public-pages-02-bulletin-expired');
    // The refusal of the expired bulletin is the one console line the browser writes for it.
    consoleErrors.splice(0, Infinity, ...consoleErrors.filter((e) => !/status of 404/.test(e)));
  });

  it('sends the contact form: the message reaches the contact address, the sender is answered, administrators list it', async () => {
    await page.goto(`${baseUrl}/customercare/contactus`);
    const main = page.getByRole('main');
    await expect.poll(() => page.getByRole('heading', { name: 'Contact Us', level: 1 }).isVisible()).toBe(true);
    await main.getByRole('textbox', { name: /^Name\b/ }).fill('Grace Visitor');
    await main.getByRole('textbox', { name: /^Email\b/ }).fill('not-an-address');
    await main.getByRole('textbox', { name: /^Subject\b/ }).fill('Parking');
    // The message box shows three lines empty, and grows with what is typed: every line stays in sight, none scrolls.
    const message = main.getByRole('textbox', { name: /^Message\b/ });
    const size = () => message.evaluate((box) => ({ shown: box.clientHeight, needed: box.scrollHeight, line: parseFloat(getComputedStyle(box).lineHeight) }));
    const empty = await size();
    expect(empty.shown).toBeGreaterThanOrEqual(3 * empty.line - 1);
    await message.fill('Is there parking for visitors?\nWe come by car,\nfour of us,\non Tuesday,\nat ten,\nfor the whole day.');
    await expect.poll(async () => (await size()).shown).toBeGreaterThanOrEqual(6 * empty.line - 1);
    expect((await size()).needed).toBeLessThanOrEqual((await size()).shown + 1);
    await page.getByRole('button', { name: 'Send' }).click();
    // The form's own rule, in the browser: nothing is sent.
    await expect.poll(() => page.getByText(/valid e-mail address/i).first().isVisible()).toBe(true);
    await main.getByRole('textbox', { name: /^Email\b/ }).fill('grace@example.com');
    await screenshot(page, 'public-pages-03-contact-form');
    const answered = page.waitForResponse((r) => r.url().endsWith(`/api/public/forms/${contactFormKey}`) && r.request().method() === 'POST');
    await page.getByRole('button', { name: 'Send' }).click();
    const answer = await answered;
    expect(answer.status(), `${answer.request().postData()} -> ${await answer.text()}`).toBe(201);
    await expect.poll(() => page.getByRole('heading', { name: 'Message sent', level: 1 }).isVisible()).toBe(true);
    await screenshot(page, 'public-pages-04-contact-sent');

    const notice = await smtp.take('desk@example.com', 20_000);
    expect(notice.subject).toBe('Contact message: Parking');
    expect(notice.text).toContain('Is there parking for visitors?');
    expect((await smtp.take('grace@example.com', 20_000)).subject).toBe('We received your message');

    const admin = await signedInBrowser(baseUrl);
    try {
      await admin.page.goto(`${baseUrl}/contact-messages`);
      const row = admin.page.getByRole('row').filter({ hasText: 'Grace Visitor' });
      await expect.poll(() => row.count(), { timeout: 30_000 }).toBe(1);
      expect(await row.textContent()).toContain('Parking');
      await screenshot(admin.page, 'public-pages-05-contact-messages-list');
      expect(admin.consoleErrors).toEqual([]);
    } finally {
      await admin.browser.close();
    }
    // One session per user: the administrator's browser ended the seeding one, which signs in again.
    api = await adminApi(app);
  });

  it("is the contact form's Public tab: the administrator sees its e-mails and switches it off, and the page says it is not available", async () => {
    const admin = await signedInBrowser(baseUrl);
    try {
      await admin.page.goto(`${baseUrl}/form/update/${await shippedFormId(app, 'Contact Messages')}?tab=public`);
      const settings = admin.page.getByRole('form', { name: 'Public form settings' });
      const publicSwitch = settings.getByLabel(/^Public: anyone/);
      await expect.poll(() => publicSwitch.isChecked(), { timeout: 60_000 }).toBe(true);
      expect(await settings.getByLabel('Address', { exact: true }).inputValue()).toBe(`${baseUrl}/public/form/${contactFormKey}`);
      expect(await settings.getByRole('radio', { name: /^The contact address from the client settings/ }).isChecked()).toBe(true);
      expect(await settings.getByRole('combobox', { name: 'Confirmation to the visitor' }).textContent()).toBe('Email');
      await screenshot(admin.page, 'public-pages-06-contact-public-tab');
      await publicSwitch.uncheck();
      await settings.getByRole('button', { name: 'Save' }).click();
      await expect.poll(() => settings.getByText('The public settings were saved.').isVisible()).toBe(true);
      expect(admin.consoleErrors).toEqual([]);
    } finally {
      await admin.browser.close();
    }
    api = await adminApi(app);

    await page.goto(`${baseUrl}/customercare/contactus`);
    await expect.poll(() => page.getByRole('alert').textContent()).toBe('The contact form is not available at the moment.');
    expect(await page.getByRole('heading', { name: 'Contact Us', level: 1 }).isVisible()).toBe(true);
    await screenshot(page, 'public-pages-07-contact-switched-off');
    // The form's not-found answer is the one console line the browser writes for it.
    consoleErrors.splice(0, Infinity, ...consoleErrors.filter((e) => !/status of 404/.test(e)));
  });

  it('shows on /scheduleBigPicture an item added a moment before, without a reload', async () => {
    await page.goto(`${baseUrl}/scheduleBigPicture`);
    await expect.poll(() => page.getByRole('heading', { name: 'Schedule', level: 1 }).isVisible()).toBe(true);
    await expect.poll(() => page.getByRole('status').textContent()).toMatch(/^Updated \d/);
    const loadedAt = await page.evaluate(() => performance.timeOrigin);

    // On now, so it is today's whatever the hour (30 minutes ahead was tomorrow after 23:30): an item that started
    // before midnight and is still on shows under today too.
    const start = new Date(Date.now() - 5 * 60_000);
    start.setSeconds(0, 0);
    await api.post(`/api/forms/${await shippedFormId(app, 'Schedule Items')}/records`, {
      Title: 'Fire drill', StartsAt: start.toISOString(), EndsAt: new Date(start.getTime() + 20 * 60_000).toISOString(), Place: 'Car park', Status: await scheduleStatusId(app, 'Scheduled'),
    }, 201);
    // The wall asks again when it becomes visible (and every 30 s): as a screen woken from sleep does.
    await page.evaluate(() => document.dispatchEvent(new Event('visibilitychange')));
    const today = page.getByRole('region', { name: 'Today' });
    await expect.poll(() => today.getByText('Fire drill').isVisible(), { timeout: 40_000 }).toBe(true);
    expect(await today.getByText('Car park').isVisible()).toBe(true);
    expect(await today.getByText('Scheduled', { exact: true }).isVisible()).toBe(true);
    expect(await page.evaluate(() => performance.timeOrigin)).toBe(loadedAt);
    await screenshot(page, 'public-pages-08-schedule');
  });

  it('wrote nothing to the console but the refusal it was meant to', () => {
    expect(consoleErrors).toEqual([]);
  });
});
