import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import type { FastifyInstance } from 'fastify';
import { launchChromium, openPage, phone, screenshot, signInThroughForm, startServer } from './harness.ts';
import { adminApi, seedBuiltForm, type SeededForm } from './seed-through-api.ts';
import { expectAccessible } from './accessibility.ts';
import { publicFormMessages } from '../../engine/core/lowcode/public-forms.ts';

/**
 * Issue 32, in Chromium: an administrator publishes a built form on its Public tab; a signed-out browser fills it at
 * its address and creates a record, and from that page cannot list or read any record; the administrator's list has it.
 */
describe('a built form published to the public, end to end (Chromium)', () => {
  let app: FastifyInstance;
  let baseUrl: string;
  let browser: Browser;
  let admin: Page;
  let visitor: Page;
  let adminErrors: string[];
  let visitorErrors: string[];
  let form: SeededForm;
  let address: string;

  beforeAll(async () => {
    ({ app, baseUrl } = await startServer());
    form = await seedBuiltForm(await adminApi(app), 'Work Order');
    browser = await launchChromium();
    ({ page: admin, consoleErrors: adminErrors } = await openPage(browser));
    await admin.goto(`${baseUrl}/login`);
    await signInThroughForm(admin, baseUrl);
    await admin.waitForURL(`${baseUrl}/home`);
  });
  afterAll(async () => {
    await browser?.close();
    await app?.close();
  });

  it('publishes the form on its Public tab, refusing it while its required field is not offered', async () => {
    await admin.goto(`${baseUrl}/form/update/${form.FormId}?tab=public`);
    const settings = admin.getByRole('form', { name: 'Public form settings' });
    await settings.getByLabel(/^Public: anyone/).check();
    await settings.getByRole('checkbox', { name: 'Priority', exact: true }).check();
    await settings.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => settings.getByText(publicFormMessages.requiredNotOffered(['Subject'])).first().isVisible()).toBe(true);
    await screenshot(admin, 'public-form-01-required-not-offered');
    await settings.getByRole('checkbox', { name: 'Subject (required)' }).check();
    // The minimum fill time is the server tests' (a test may not wait on the clock): off here.
    await settings.getByLabel('Minimum fill time (seconds)').fill('0');
    await settings.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => settings.getByText('The public settings were saved.').isVisible()).toBe(true);
    address = await settings.getByLabel('Address', { exact: true }).inputValue();
    expect(address).toMatch(new RegExp(`^${baseUrl}/public/form/[\\w-]{32}$`));
    await screenshot(admin, 'public-form-02-published');
    await expectAccessible(admin, 'Public tab of a form');
  });

  it('a signed-out browser fills it and creates a record, and sees only the offered fields', async () => {
    ({ page: visitor, consoleErrors: visitorErrors } = await openPage(browser, phone));
    await visitor.goto(address);
    await expect.poll(() => visitor.getByLabel(/^Subject/).isVisible()).toBe(true);
    expect(await visitor.getByLabel(/^Budget/).count()).toBe(0);
    expect(await visitor.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await visitor.getByLabel(/^Subject/).fill('Broken window in room 4');
    await visitor.getByRole('combobox', { name: /^Priority/ }).click();
    await visitor.getByRole('option', { name: 'Urgent' }).click();
    await expect.poll(() => visitor.getByRole('listbox').count()).toBe(0);
    await screenshot(visitor, 'public-form-03-filled');
    await visitor.getByRole('button', { name: 'Create' }).click();
    await expect.poll(() => visitor.getByText(publicFormMessages.thanks).isVisible()).toBe(true);
    await screenshot(visitor, 'public-form-04-thank-you');
    await expectAccessible(visitor, 'Public form, thank-you');
    await visitor.getByRole('button', { name: 'Send another' }).click();
    await expect.poll(() => visitor.getByLabel(/^Subject/).inputValue()).toBe('');
  });

  it('from that page, no record can be listed or read: the API answers 401 or 404', async () => {
    const key = address.split('/').pop()!;
    const urls = [
      `/api/forms/${form.FormId}/records`, `/api/forms/${form.FormId}/records/${form.RecordId}`, `/api/forms/${form.FormId}/records/export.csv`,
      `/api/forms/${form.FormId}`, `/api/forms/${form.FormId}/fields`, `/api/forms/${form.FormId}/public`, `/api/simple-lookups/${form.LookupTableId}/items`,
      `/api/public/forms/${key}/records`, `/api/public/forms/${key}/${form.RecordId}`,
    ];
    const statuses = await visitor.evaluate(async (list) => Promise.all(list.map(async (url) => [url, (await fetch(url)).status] as const)), urls);
    for (const [url, status] of statuses) expect([401, 404], url).toContain(status);
    const writes = await visitor.evaluate(async ([records, one]) => [
      (await fetch(one, { method: 'DELETE' })).status,
      (await fetch(one, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"Subject":"changed"}' })).status,
      (await fetch(records, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"Subject":"planted"}' })).status,
    ], [`/api/forms/${form.FormId}/records`, `/api/forms/${form.FormId}/records/${form.RecordId}`]);
    expect(writes).toEqual([401, 401, 401]);
    expect(visitorErrors.filter((e) => !/status of (400|401|404)/.test(e))).toEqual([]);
  });

  it("the record is in the administrator's list", async () => {
    await admin.goto(`${baseUrl}${form.listUrl}`);
    await expect.poll(() => admin.getByRole('row', { name: /Broken window in room 4/ }).isVisible()).toBe(true);
    expect(await admin.getByRole('row', { name: /planted|changed/ }).count()).toBe(0);
    await screenshot(admin, 'public-form-05-in-the-list');
    // The browser logs the refused publishing's 400 itself; nothing else went wrong.
    expect(adminErrors.filter((e) => !e.includes('status of 400'))).toEqual([]);
  });
});
