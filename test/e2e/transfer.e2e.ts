import { mkdtemp, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import type { FastifyInstance } from 'fastify';
import { launchChromium, openPage, screenshot, signInThroughForm, startServer, openMenuEntry } from './harness.ts';
import { adminApi } from './seed-through-api.ts';

/**
 * Issue 13's transfer Show in Chromium: an administrator exports a form with its page to a file on one installation,
 * imports that file into a second, fresh installation through its Application Transfer screen (the preview first,
 * then the import), and opens the page there. Then (issue 27 finding 11) a field and a lookup item renamed on the
 * source arrive, imported again through the screen, as renames: each once, under its new name, with its records' values.
 */
describe('moving a built form and its page to another installation, end to end (Chromium)', () => {
  const servers: Array<{ app: FastifyInstance; baseUrl: string }> = [];
  let browser: Browser;
  let exported: string;

  /** The app's own calls as the administrator: building the form is not what this test is about. */
  async function build(app: FastifyInstance) {
    const api = await adminApi(app);
    const post = (url: string, payload: object) => api.post<Record<string, any>>(url, payload, 201);
    const { SimpleLookupTableId } = await post('/api/lookup-tables', { SystemName: 'Weather', DisplayName: 'Weather', Description: null, IsActive: true, IsEditable: true });
    for (const Name of ['Dry', 'Wet', 'Windy']) await post(`/api/simple-lookups/${SimpleLookupTableId}/items`, { Name, Description: null, IsActive: true });
    const FormId = (await post('/api/forms', { Name: 'Site Inspection', Description: null, CanHaveEav: false, IsCircleable: false, IsActive: true })).FormId;
    await post('/api/formfields', { FormId, Name: 'Site', ReportLabelText: 'Site', FieldType: 'text', IsUdf: false, IsActive: true, StartDate: null, EndDate: null, AttributeValues: { required: true } });
    await post('/api/formfields', { FormId, Name: 'Inspected On', ReportLabelText: 'Inspected On', FieldType: 'date', IsUdf: false, IsActive: true, StartDate: null, EndDate: null, AttributeValues: {} });
    await post('/api/formfields', { FormId, Name: 'Weather', ReportLabelText: 'Weather', FieldType: 'selectOne', IsUdf: false, IsActive: true, StartDate: null, EndDate: null, AttributeValues: { lookupListId: SimpleLookupTableId } });
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
    await openMenuEntry(page, 'Application Transfer');
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

  it("a field and a lookup item renamed on the source arrive renamed, each once, with its records' values", async () => {
    const [source, target] = servers;
    // A record on the target holding the item about to be renamed (beside the one made through its page above).
    const { FormId: targetFormId } = await target.app.db('forms').where({ Name: 'Site Inspection' }).first('FormId');
    const wet = await target.app.db('simple_lookup_items').where({ Name: 'Wet' }).first('SimpleLookupItemId', 'TableId');
    await (await adminApi(target.app)).post(`/api/forms/${targetFormId}/records`, { Site: 'South gate', Weather: wet.SimpleLookupItemId }, 201);

    // Renamed on the source, through its own calls, and exported again.
    const src = await adminApi(source.app);
    const { FormId } = await source.app.db('forms').where({ Name: 'Site Inspection' }).first('FormId');
    const site = await source.app.db('form_fields').where({ FormId, Name: 'Site' }).first('FormFieldId', 'SortOrder');
    await src.update(`/api/formfields/${site.FormFieldId}`, {
      FormId, Name: 'Location', ReportLabelText: 'Location', FieldType: 'text', IsUdf: false, IsActive: true, StartDate: null, EndDate: null, SortOrder: site.SortOrder, AttributeValues: { required: true },
    });
    const item = await source.app.db('simple_lookup_items').where({ Name: 'Wet' }).first('SimpleLookupItemId', 'TableId');
    await src.update(`/api/simple-lookups/${item.TableId}/items/${item.SimpleLookupItemId}`, { Name: 'Rainy', Description: null, IsActive: true });
    const renamedFile = path.join(path.dirname(exported), 'site-inspection-renamed.transfer.json');
    await writeFile(renamedFile, JSON.stringify(await src.post('/api/transfer/export', { FormIds: [FormId] }, 200)));

    const { page, errors } = await signedInPage(target.baseUrl);
    await page.goto(`${target.baseUrl}/transfer`);
    await heading(page, 'Application Transfer').waitFor();
    await page.getByLabel('Document to import').setInputFiles(renamedFile);
    const preview = page.getByRole('table', { name: 'Import preview' });
    await preview.waitFor();
    for (const name of ['Site Inspection › Location', 'Weather › Rainy']) {
      await expect.poll(() => preview.getByRole('row').filter({ has: page.getByRole('cell', { name, exact: true }) }).getByText('Change').count()).toBe(1);
    }
    await screenshot(page, 'transfer-05-renames-previewed');
    await page.getByRole('button', { name: 'Import', exact: true }).click();
    await page.getByRole('status').filter({ hasText: /^Imported site-inspection-renamed\.transfer\.json \(import 2\): 0 created, 2 changed/ }).waitFor();

    // Each once, under its new name: no second field beside the old one, no fourth item.
    const fields = await target.app.db('form_fields').where({ FormId: targetFormId }).orderBy('SortOrder').select('Name');
    expect(fields.map((f: { Name: string }) => f.Name)).toEqual(['Location', 'Inspected On', 'Weather']);
    const items = await target.app.db('simple_lookup_items').where({ TableId: wet.TableId }).orderBy('SortOrder').select('Name');
    expect(items.map((i: { Name: string }) => i.Name)).toEqual(['Dry', 'Rainy', 'Windy']);

    // The records keep their values under the new names, on the page.
    await page.goto(`${target.baseUrl}/inspections`);
    await heading(page, 'Inspections').waitFor();
    await page.getByRole('columnheader', { name: 'Location' }).waitFor();
    for (const value of ['North yard', 'South gate', 'Rainy']) await expect.poll(() => page.getByRole('cell', { name: value, exact: true }).isVisible()).toBe(true);
    expect(await page.getByRole('columnheader', { name: 'Site', exact: true }).count()).toBe(0);
    await screenshot(page, 'transfer-06-renamed-on-target');
    expect(errors).toEqual([]);
  });
});
