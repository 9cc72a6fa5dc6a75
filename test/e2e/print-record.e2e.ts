import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import type { FastifyInstance } from 'fastify';
import { extractText, getDocumentProxy } from 'unpdf';
import { launchChromium, openPage, screenshot, signInThroughForm, startServer } from './harness.ts';
import { adminApi } from './seed-through-api.ts';

describe('printing a record (Chromium)', () => {
  let app: FastifyInstance;
  let baseUrl: string;
  let browser: Browser;
  let page: Page;
  let consoleErrors: string[];

  beforeAll(async () => {
    ({ app, baseUrl } = await startServer());
    // A built form with a select, a date and a currency field, and one record, made through the API before the
    // browser signs in (its sign-in then replaces this session).
    const api = await adminApi(app);
    const post = (url: string, payload: object) => api.post<Record<string, any>>(url, payload, 201);
    const list = await post('/api/lookup-tables', { SystemName: 'Priority', DisplayName: 'Priority', Description: null, IsActive: true, IsEditable: true });
    const urgent = await post(`/api/simple-lookups/${list.SimpleLookupTableId}/items`, { Name: 'Urgent', Description: null, IsActive: true });
    const formId = (await post('/api/forms', { Name: 'Work Order', Description: null, CanHaveEav: true, IsCircleable: false, IsActive: true })).FormId;
    const field = (Name: string, FieldType: string, AttributeValues: object = {}) =>
      post('/api/formfields', { FormId: formId, Name, ReportLabelText: Name, FieldType, IsUdf: false, IsActive: true, StartDate: null, EndDate: null, AttributeValues });
    await field('Subject', 'text', { required: true });
    await field('Priority', 'selectOne', { lookupListId: list.SimpleLookupTableId });
    await field('Due Date', 'date');
    await field('Budget', 'currency');
    await post(`/api/forms/${formId}/records`, { Subject: 'Fix the boiler', Priority: urgent.Id, DueDate: '2026-05-01', Budget: 1234.5 });

    browser = await launchChromium();
    ({ page, consoleErrors } = await openPage(browser));
    await page.goto(`${baseUrl}/login`);
    await signInThroughForm(page, baseUrl);
    await page.waitForURL(`${baseUrl}/home`);
    await app.db('client_settings').where('ClientSettingsId', 1).update({ CompanyName: 'Contoso Print Works' });
    await app.db('users').insert([
      { UserName: 'grace', FirstName: 'Grace', LastName: 'Hopper', EmailAddress: 'grace@example.org' },
      { UserName: 'alan', FirstName: 'Alan', LastName: 'Turing', EmailAddress: 'alan@example.org' },
    ]);
  });
  afterAll(async () => {
    await browser?.close();
    await app?.close();
  });

  /** Opens a user's update screen from the list and waits for its form. */
  async function openUser(lastName: string) {
    await page.goto(`${baseUrl}/user`);
    await page.getByRole('cell', { name: lastName }).click();
    await page.waitForURL(/\/user\/update\/\d+$/);
    await expect.poll(() => page.getByRole('form').isVisible()).toBe(true);
  }

  it("prints the open record: the download is a PDF named after it, holding the record's values and the company", async () => {
    await openUser('Hopper');
    const print = page.getByRole('button', { name: 'Print' });
    await expect.poll(() => print.isVisible()).toBe(true);
    await screenshot(page, 'print-01-user-with-print-button');
    const downloading = page.waitForEvent('download');
    await print.click();
    const download = await downloading;
    expect(download.suggestedFilename()).toBe('Users grace.pdf');
    const bytes = await readFile((await download.path())!);
    expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
    const { text } = await extractText(await getDocumentProxy(new Uint8Array(bytes)), { mergePages: true });
    const flat = text.replace(/\s+/g, ' ');
    expect(flat).toContain('Contoso Print Works');
    expect(flat).toContain('Users: grace');
    expect(flat).toContain('First Name Grace');
    expect(flat).toContain('Last Name Hopper');
    expect(flat).toContain('Email Address grace@example.org');
    // Done: the button is ready for another print.
    await expect.poll(() => page.getByRole('button', { name: 'Print' }).isEnabled()).toBe(true);
    expect(consoleErrors).toEqual([]);
  });

  it("prints a built form's record: the lookup item by name, the date and the amount as the form shows them", async () => {
    await page.goto(`${baseUrl}/work-order`);
    await page.getByRole('cell', { name: 'Fix the boiler', exact: true }).click();
    await page.waitForURL(/\/work-order\/update\/\d+$/);
    await expect.poll(() => page.getByRole('button', { name: 'Print' }).isVisible()).toBe(true);
    // The print call is held on its way to the server, so the button's progress can be seen.
    let release!: () => void;
    const held = new Promise<void>((resolve) => { release = resolve; });
    await page.route('**/print', async (route) => {
      await held;
      await route.continue();
    });
    const downloading = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Print' }).click();
    const busy = page.getByRole('button', { name: 'Please Wait...' });
    await expect.poll(() => busy.isVisible()).toBe(true);
    expect(await busy.isDisabled()).toBe(true);
    release();
    const download = await downloading;
    await page.unroute('**/print');
    expect(download.suggestedFilename()).toBe('Work Order Fix the boiler.pdf');
    const bytes = await readFile((await download.path())!);
    const { text } = await extractText(await getDocumentProxy(new Uint8Array(bytes)), { mergePages: true });
    const flat = text.replace(/\s+/g, ' ');
    expect(flat).toContain('Work Order: Fix the boiler');
    expect(flat).toContain('Priority Urgent');
    expect(flat).toContain('Due Date 05/01/2026');
    expect(flat).toContain('Budget $1,234.50');
    expect(flat).toContain('Contoso Print Works');
    expect(consoleErrors).toEqual([]);
  });

  it('tells the user when the print fails: the record was deleted after it was opened', async () => {
    await openUser('Turing');
    await app.db('users').where({ UserName: 'alan' }).delete();
    await page.getByRole('button', { name: 'Print' }).click();
    await expect.poll(() => page.getByText(/The record could not be printed\. This user no longer exists\./).isVisible()).toBe(true);
    await screenshot(page, 'print-02-failure');
    await expect.poll(() => page.getByRole('button', { name: 'Print' }).isEnabled()).toBe(true);
  });
});
