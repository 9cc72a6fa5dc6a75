import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import type { FastifyInstance } from 'fastify';
import { screenshot, signedInBrowser, startServer } from './harness.ts';
import { adminApi } from './seed-through-api.ts';

/**
 * Issue 29 in Chromium: from a page's Fields tab the administrator adds a page field, chooses its Field Type from the
 * field types, sets one of that type's attributes (a wrong value is shown wrong before anything is saved), gives it a
 * route and a target, and sees its Url derived by the server when it opens the field again.
 */
describe('page fields, typed with their attributes, end to end (Chromium)', () => {
  let app: FastifyInstance;
  let baseUrl: string;
  let browser: Browser;
  let admin: Page;
  let errors: string[];
  let pageId: number;
  const heading = (name: string) => admin.getByRole('heading', { level: 1, name });

  beforeAll(async () => {
    ({ app, baseUrl } = await startServer());
    const api = await adminApi(app);
    const post = (url: string, payload: object) => api.post<Record<string, any>>(url, payload, 201);
    const formId = (await post('/api/forms', { Name: 'Visit Log', Description: null, CanHaveEav: false, IsCircleable: false, IsActive: true })).FormId;
    await post('/api/formfields', { FormId: formId, Name: 'Title', ReportLabelText: 'Title', FieldType: 'text', IsUdf: false, IsActive: true, StartDate: null, EndDate: null, AttributeValues: {} });
    pageId = (await post('/api/pages', {
      Name: 'Visits', Description: null, PermissionsDisplayName: 'Visits Page', FormId: formId, ParentPageId: null,
      Controller: null, ViewPath: null, Route: '/visits', Action: null, Target: 'self', IsActive: true,
    })).PageId;
    ({ browser, page: admin, consoleErrors: errors } = await signedInBrowser(baseUrl));
  });
  afterAll(async () => {
    await browser?.close();
    await app?.close();
  });

  it("adds a page field from its page: a type from the list, one of the type's attributes, a route and a target", async () => {
    await admin.goto(`${baseUrl}/page/update/${pageId}?tab=fields`);
    await admin.getByRole('link', { name: 'Add Page Field' }).click();
    await admin.waitForURL(`${baseUrl}/pageField/create?pageId=${pageId}`);
    await expect.poll(() => heading('Create Page Field').isVisible()).toBe(true);
    await expect.poll(() => admin.getByText('Choose a field type to set its attributes.').isVisible()).toBe(true);

    const type = admin.getByRole('combobox', { name: /^Field Type/ });
    await type.click();
    await admin.getByRole('option', { name: 'Text', exact: true }).click();
    await expect.poll(() => admin.getByRole('listbox').count()).toBe(0);
    const maxLength = admin.getByLabel(/^Maximum Length/);
    await maxLength.waitFor();
    // Out of the type's range: shown beside the attribute, with the words the server uses.
    await maxLength.fill('5000');
    await expect.poll(() => admin.getByText('Maximum Length must be between 1 and 2000.').isVisible()).toBe(true);
    await maxLength.fill('80');
    await expect.poll(() => admin.getByText('Maximum Length must be between 1 and 2000.').count()).toBe(0);
    await admin.getByLabel(/^Name/).fill('Banner');
    await admin.getByLabel(/^Route/).fill('/visits/banner');
    await admin.getByLabel(/^Target/).fill('blank');
    await screenshot(admin, 'page-fields-00-create-typed');
    await admin.getByRole('button', { name: 'Create', exact: true }).click();
    // Done: the form leaves for where it was opened from (the page's Fields tab).
    await admin.waitForURL((url) => !url.pathname.startsWith('/pageField/create'));
    await expect.poll(async () => (await app.db('page_fields').where({ Name: 'Banner' }).first('FieldType', 'AttributeValues', 'Route', 'Target')) ?? null)
      .toEqual({ FieldType: 'text', AttributeValues: { maxLength: 80 }, Route: '/visits/banner', Target: 'blank' });
  });

  it('opens the field again with its type, its attribute and its Url derived from the route', async () => {
    const { PageFieldId } = await app.db('page_fields').where({ Name: 'Banner' }).first('PageFieldId');
    await admin.goto(`${baseUrl}/pageField/update/${PageFieldId}?pageId=${pageId}`);
    await expect.poll(() => heading('Update Page Field').isVisible()).toBe(true);
    await expect.poll(() => admin.getByLabel(/^Maximum Length/).inputValue().catch(() => '')).toBe('80');
    expect(await admin.getByRole('combobox', { name: /^Field Type/ }).innerText()).toContain('Text');
    expect(await admin.getByLabel(/^Url/).inputValue()).toBe('#visits/banner');
    await screenshot(admin, 'page-fields-01-update');
    expect(errors).toEqual([]);
  });
});
