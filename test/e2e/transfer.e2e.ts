import { mkdtemp } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import type { FastifyInstance } from 'fastify';
import { launchChromium, openPage, screenshot, signInThroughForm, startServer } from './harness.ts';
import { adminApi } from './seed-through-api.ts';

/**
 * Issue 13's transfer Show in Chromium: an administrator exports a form with its page to a file on one installation,
 * imports that file into a second, fresh installation through its Application Transfer screen (the preview first,
 * then the import), and opens the page there.
 */
describe('moving a built form and its page to another installation, end to end (Chromium)', () => {
  const servers: Array<{ app: FastifyInstance; baseUrl: string }> = [];
  let browser: Browser;
  let exported: string;

  /** The app's own calls as the administrator: building the form is not what this test is about. */
  async function build(app: FastifyInstance) {
    const api = await adminApi(app);
    const post = (url: string, payload: object) => api.post<Record<string, any>>(url, payload, 201);
    const FormId = (await post('/api/forms', { Name: 'Site Inspection', Description: null, CanHaveEav: false, IsCircleable: false, IsActive: true })).FormId;
    await post('/api/formfields', { FormId, Name: 'Site', ReportLabelText: 'Site', FieldType: 'text', IsUdf: false, IsActive: true, StartDate: null, EndDate: null, AttributeValues: { required: true } });
    await post('/api/formfields', { FormId, Name: 'Inspected On', ReportLabelText: 'Inspected On', FieldType: 'date', IsUdf: false, IsActive: true, StartDate: null, EndDate: null, AttributeValues: {} });
    await post('/api/pages', { Name: 'Inspections', Description: 'Site inspections', PermissionsDisplayName: 'Inspections', FormId, Route: '/inspections', Target: 'self', IsActive: true });
  }

  async function signedInPage(baseUrl: string): Promise<{ page: Page; errors: string[] }> {
    const { page, consoleErrors } = await openPage(browser);
    await page.goto(`${baseUrl}/login`);
    await signInThroughForm(page, baseUrl);
    await page.waitForURL(`${baseUrl}/home`);
    return { page, errors: consoleErrors };
  }

  const heading = (page: Page, name: string) => page.getByRole('heading', { level: 1, name });

  beforeAll(async () => {
    browser = await launchChromium();
  });
  afterAll(async () => {
    await browser?.close();
    for (const server of servers) await server.app.close();
  });

  it('exports the form with its page to a file from the Application Transfer screen', async () => {
    const source = await startServer();
    servers.push(source);
    await build(source.app);
    const { page, errors } = await signedInPage(source.baseUrl);
    await page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Application Transfer' }).click();
    await page.waitForURL(`${source.baseUrl}/transfer`);
    await heading(page, 'Application Transfer').waitFor();
    await page.getByRole('checkbox', { name: /^Site Inspection — pages \/inspections$/ }).check();
    const downloading = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export', exact: true }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toBe('site-inspection.transfer.json');
    // The download goes with its browser context: kept where the second installation's page can pick it.
    exported = path.join(await mkdtemp(path.join(os.tmpdir(), 'transfer-e2e-')), download.suggestedFilename());
    await download.saveAs(exported);
    await page.getByRole('status').filter({ hasText: 'Exported to site-inspection.transfer.json.' }).waitFor();
    await screenshot(page, 'transfer-01-exported');
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('imports the file into a fresh installation, preview first, and the page works there', async () => {
    const target = await startServer();
    servers.push(target);
    const { page, errors } = await signedInPage(target.baseUrl);
    await page.goto(`${target.baseUrl}/transfer`);
    await heading(page, 'Application Transfer').waitFor();
    await page.getByText('Nothing has been imported yet.').waitFor();
    await page.getByLabel('Document to import').setInputFiles(exported);

    const preview = page.getByRole('table', { name: 'Import preview' });
    await preview.waitFor();
    for (const name of ['Site Inspection', 'Site Inspection › Site', '/inspections']) {
      await expect.poll(() => preview.getByRole('row').filter({ has: page.getByRole('cell', { name, exact: true }) }).getByText('Create').count()).toBe(1);
    }
    // Nothing is written by the preview.
    expect(await target.app.db('pages').count({ C: '*' }).first()).toEqual({ C: 0 });
    await screenshot(page, 'transfer-02-preview');

    await page.getByRole('button', { name: 'Import', exact: true }).click();
    await page.getByRole('status').filter({ hasText: /^Imported site-inspection\.transfer\.json \(import 1\): \d+ created, 0 changed/ }).waitFor();
    await page.getByRole('table', { name: 'Past imports' }).getByRole('button', { name: 'Roll Back' }).waitFor();
    // The forms this installation can now export include the one just imported.
    await page.getByRole('checkbox', { name: /^Site Inspection — pages \/inspections$/ }).waitFor();
    await screenshot(page, 'transfer-03-imported');

    // The page, at its route, in this installation.
    await page.goto(`${target.baseUrl}/inspections`);
    await heading(page, 'Inspections').waitFor();
    await page.getByRole('link', { name: 'Add Site Inspection' }).click();
    await page.waitForURL(`${target.baseUrl}/inspections/create`);
    await page.getByLabel(/^Site/).fill('North yard');
    await page.getByRole('button', { name: 'Create', exact: true }).click();
    await page.waitForURL(`${target.baseUrl}/inspections`);
    await expect.poll(() => page.getByRole('cell', { name: 'North yard', exact: true }).isVisible()).toBe(true);
    await screenshot(page, 'transfer-04-page-works');
    expect(errors).toEqual([]);
  });
});
