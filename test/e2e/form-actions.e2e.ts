import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import type { FastifyInstance } from 'fastify';
import { screenshot, signedInBrowser, startServer } from './harness.ts';
import { adminApi } from './seed-through-api.ts';

/**
 * Issue 30, in Chromium: an administrator adds a custom row action to a built form on its Actions tab, granted with
 * Edit; the form's list shows it on each row beside Edit, and it opens its URL with the row's id.
 */
describe("a built form's custom row action, end to end (Chromium)", () => {
  let app: FastifyInstance;
  let baseUrl: string;
  let browser: Browser;
  let page: Page;
  let errors: string[];
  let formId: number;
  let recordId: number;

  beforeAll(async () => {
    ({ app, baseUrl } = await startServer());
    const api = await adminApi(app);
    ({ FormId: formId } = await api.post<{ FormId: number }>('/api/forms/build', { Name: 'Incident Report', Fields: [{ Label: 'Title', FieldType: 'text' }] }, 201));
    ({ RecordId: recordId } = await api.post<{ RecordId: number }>(`/api/forms/${formId}/records`, { Title: 'Leak' }, 201));
    ({ browser, page, consoleErrors: errors } = await signedInBrowser(baseUrl));
  });
  afterAll(async () => {
    await browser?.close();
    await app?.close();
  });

  it('adds Review, granted with Edit, on the Actions tab', async () => {
    await page.goto(`${baseUrl}/form/update/${formId}?tab=actions`);
    const table = page.getByRole('table', { name: 'Actions' });
    await expect.poll(() => table.getByRole('cell', { name: 'Print', exact: true }).isVisible()).toBe(true);
    await page.getByRole('button', { name: 'Add Action' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add Action' });
    await dialog.getByLabel(/^Button Text/).fill('Review');
    await dialog.getByLabel(/^Url/).fill('javascript:alert(1)');
    await dialog.getByRole('button', { name: 'Add', exact: true }).click();
    await expect.poll(() => dialog.getByText(/^The URL must start with \//).isVisible()).toBe(true);
    await dialog.getByLabel(/^Url/).fill('/incident-report/update');
    await dialog.getByRole('combobox', { name: 'Granted with' }).click();
    await page.getByRole('option', { name: 'Edit', exact: true }).click();
    await dialog.getByRole('button', { name: 'Add', exact: true }).click();
    await expect.poll(() => table.getByRole('cell', { name: 'Review', exact: true }).isVisible()).toBe(true);
    await screenshot(page, 'form-actions-01-tab');
  });

  it("shows Review on each row of the form's list, and it opens the record", async () => {
    await page.goto(`${baseUrl}/incident-report`);
    const row = page.getByRole('row', { name: /Leak/ });
    await expect.poll(() => row.getByRole('button', { name: 'Review' }).isVisible()).toBe(true);
    await screenshot(page, 'form-actions-02-list');
    await row.getByRole('button', { name: 'Review' }).click();
    await page.waitForURL(`${baseUrl}/incident-report/update/${recordId}`);
    await expect.poll(() => page.getByLabel(/^Title/).inputValue()).toBe('Leak');
    // The browser logs the refused URL's 400 itself; nothing else went wrong.
    expect(errors.filter((e) => !e.includes('status of 400'))).toEqual([]);
  });
});
