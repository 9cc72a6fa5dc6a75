import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import type { FastifyInstance } from 'fastify';
import { extractText, getDocumentProxy } from 'unpdf';
import { openPage, screenshot, signInThroughForm, signedInBrowser, startServer, showMainTier } from './harness.ts';
import { adminApi } from './seed-through-api.ts';
import { addRole, addUser, grantModule } from '../server/account-fixtures.ts';

/**
 * Issue 13's pages Shows in Chromium: the administrator gives the 'Incident Report' form a page 'Incidents' at
 * /incidents and a place three tiers deep in the menu (Business › Operations › Incidents); a staff user whose role
 * holds the page drills down to it, creates a record and prints it; a user without the page gets 'You don't have
 * permission to this page.' at /incidents.
 */
describe('pages, end to end (Chromium)', () => {
  let app: FastifyInstance;
  let baseUrl: string;
  let browser: Browser;
  let admin: Page;
  let adminErrors: string[];
  let pageId: number;
  const password = 'Passw0rd1';
  const menuOf = (page: Page) => page.getByRole('navigation', { name: 'Main menu' });
  const heading = (page: Page, name: string) => page.getByRole('heading', { level: 1, name });
  /** Business › Operations › Incidents, clicked through the main menu, until the page's heading shows. */
  async function openIncidentsFromMenu(page: Page) {
    const menu = menuOf(page);
    await showMainTier(page, menu.getByRole('button', { name: 'Business', exact: true }));
    await menu.getByRole('button', { name: 'Business', exact: true }).click();
    await menu.getByRole('button', { name: 'Operations', exact: true }).click();
    await menu.getByRole('link', { name: 'Incidents', exact: true }).click();
    await page.waitForURL(`${baseUrl}/incidents`);
    await expect.poll(() => heading(page, 'Incidents').isVisible()).toBe(true);
  }

  async function choose(page: Page, name: RegExp, option: string) {
    const box = page.getByRole('combobox', { name });
    await expect.poll(() => box.getAttribute('aria-disabled')).not.toBe('true');
    await box.click();
    await page.getByRole('option', { name: option, exact: true }).click();
    await expect.poll(() => page.getByRole('listbox').count()).toBe(0);
  }

  async function signInAs(userName: string): Promise<{ page: Page; errors: string[] }> {
    const { page, consoleErrors } = await openPage(browser);
    await page.goto(`${baseUrl}/login`);
    await signInThroughForm(page, baseUrl, userName, password);
    await page.waitForURL(`${baseUrl}/home`);
    await menuOf(page).getByRole('link', { name: 'Home', exact: true }).waitFor();
    return { page, errors: consoleErrors };
  }

  beforeAll(async () => {
    ({ app, baseUrl } = await startServer());
    // The form of the low-code Shows, made through the API (its own e2e builds it in the browser).
    const api = await adminApi(app);
    const post = (url: string, payload: object) => api.post<Record<string, any>>(url, payload, 201);
    const list = await post('/api/lookup-tables', { SystemName: 'Severity', DisplayName: 'Severity', Description: null, IsActive: true, IsEditable: true });
    for (const Name of ['Low', 'Medium', 'High']) await post(`/api/simple-lookups/${list.SimpleLookupTableId}/items`, { Name, Description: null, IsActive: true });
    const formId = (await post('/api/forms', { Name: 'Incident Report', Description: null, CanHaveEav: true, IsCircleable: false, IsActive: true })).FormId;
    const field = (Name: string, FieldType: string, AttributeValues: object = {}) =>
      post('/api/formfields', { FormId: formId, Name, ReportLabelText: Name, FieldType, IsUdf: false, IsActive: true, StartDate: null, EndDate: null, AttributeValues });
    await field('Title', 'text', { required: true });
    await field('Severity', 'selectOne', { lookupListId: list.SimpleLookupTableId });
    await field('Incident Date', 'date');

    ({ browser, page: admin, consoleErrors: adminErrors } = await signedInBrowser(baseUrl));
  });
  afterAll(async () => {
    await browser?.close();
    await app?.close();
  });

  it('creates the page Incidents at /incidents for the Incident Report form', async () => {
    // By its address: the menu stays on its first tier, where the page's menu item is placed below.
    await admin.goto(`${baseUrl}/page`);
    await expect.poll(() => heading(admin, 'Pages').isVisible()).toBe(true);
    await admin.getByRole('link', { name: 'Add Page' }).click();
    await admin.waitForURL(`${baseUrl}/page/create/0`);
    // It opens clean once its lookups have loaded: Create disabled, nothing in red, and Cancel leaves without asking.
    await expect.poll(() => heading(admin, 'Create Page').isVisible()).toBe(true);
    await admin.waitForLoadState('networkidle');
    expect(await admin.getByRole('button', { name: 'Create', exact: true }).isDisabled()).toBe(true);
    expect(await admin.locator('form .Mui-error').count()).toBe(0);
    await screenshot(admin, 'pages-00-create-opens-clean');
    await admin.getByRole('button', { name: 'Cancel' }).click();
    await admin.waitForURL(`${baseUrl}/page`);
    expect(await admin.getByRole('button', { name: 'Leave' }).count()).toBe(0);
    await admin.getByRole('link', { name: 'Add Page' }).click();
    await admin.waitForURL(`${baseUrl}/page/create/0`);
    await admin.getByLabel(/^Name/).fill('Incidents');
    await admin.getByLabel(/^Permissions Display Name/).fill('Incidents Page');
    await choose(admin, /^Form/, 'Incident Report');
    await admin.getByLabel(/^Route/).fill('/incidents');
    await admin.getByRole('button', { name: 'Create', exact: true }).click();
    await admin.waitForURL(`${baseUrl}/page`);
    await expect.poll(() => admin.getByRole('cell', { name: 'Incidents', exact: true }).isVisible()).toBe(true);
    pageId = (await app.db('pages').where({ Name: 'Incidents' }).first('PageId')).PageId;

    // A second page on the same route is refused with the reason.
    await admin.getByRole('link', { name: 'Add Page' }).click();
    await admin.getByLabel(/^Name/).fill('Incidents Again');
    await admin.getByLabel(/^Permissions Display Name/).fill('Again');
    await choose(admin, /^Form/, 'Incident Report');
    await admin.getByLabel(/^Route/).fill('/incidents');
    await admin.getByRole('button', { name: 'Create', exact: true }).click();
    await expect.poll(() => admin.getByText('The route /incidents is taken by the page Incidents (/incidents). Choose another route.').first().isVisible()).toBe(true);
    await screenshot(admin, 'pages-01-route-taken');
    // Leaving the unsaved form asks first.
    await admin.getByRole('button', { name: 'Cancel' }).click();
    await admin.getByRole('button', { name: 'Leave' }).click();
    await admin.waitForURL(`${baseUrl}/page`);
  });

  it('places the page three tiers deep in the menu: Business › Operations › Incidents', async () => {
    async function addItem(name: string, fill: () => Promise<void>) {
      await admin.goto(`${baseUrl}/menuItem`);
      await admin.getByRole('link', { name: 'Add Menu Item' }).click();
      await admin.waitForURL(`${baseUrl}/menuItem/create/0`);
      await admin.waitForLoadState('networkidle');
      expect(await admin.getByRole('button', { name: 'Create', exact: true }).isDisabled()).toBe(true);
      expect(await admin.locator('form .Mui-error').count()).toBe(0);
      if (name === 'Business') await screenshot(admin, 'pages-01-menu-item-create-opens-clean');
      await admin.getByLabel(/^Name/).fill(name);
      await fill();
      await admin.getByRole('button', { name: 'Create', exact: true }).click();
      await admin.waitForURL(`${baseUrl}/menuItem`);
      await expect.poll(() => admin.getByRole('cell', { name, exact: true }).isVisible()).toBe(true);
    }
    await addItem('Business', async () => {
      await choose(admin, /^Type/, 'Group');
      await admin.getByLabel(/^Sort Order/).fill('500');
    });
    await addItem('Operations', async () => {
      await choose(admin, /^Type/, 'Group');
      await choose(admin, /^Parent Menu Item/, 'Business');
    });
    await addItem('Incidents', async () => {
      await choose(admin, /^Type/, 'Module Link');
      await choose(admin, /^Module/, 'Incidents Page');
      await choose(admin, /^Parent Menu Item/, 'Business › Operations');
    });

    // The new entry opens its page at once: no reload, although the page was made after this sign-in.
    await openIncidentsFromMenu(admin);
    expect(await admin.getByText('Page not found').count()).toBe(0);

    // The page's read screen shows where the menu has it.
    await admin.goto(`${baseUrl}/page/read/${pageId}`);
    const menuInfo = admin.getByRole('region', { name: 'Menu' });
    await expect.poll(() => menuInfo.isVisible()).toBe(true);
    expect(await menuInfo.innerText()).toContain('Operations');
    await screenshot(admin, 'pages-02-read-with-menu');
    // The browser logs the refused save (409) itself; nothing else went wrong.
    expect(adminErrors.filter((e) => !e.includes('status of 409'))).toEqual([]);
  });

  it('a staff user whose role holds the page drills down to it, creates a record and prints it', async () => {
    const RoleId = await addRole(app, 'Incident Staff');
    await grantModule(app, RoleId, `Page${pageId}`);
    await addUser(app, { UserName: 'sam', Password: password, RoleIds: [RoleId] });
    const { page, errors } = await signInAs('sam');
    await openIncidentsFromMenu(page);
    await screenshot(page, 'pages-03-staff-list');

    // The add link and the screen it opens call a record the same: the form's entity label.
    await page.getByRole('link', { name: 'Add Incident Report' }).click();
    await page.waitForURL(`${baseUrl}/incidents/create`);
    await expect.poll(() => heading(page, 'Create Incident Report').isVisible()).toBe(true);
    await page.getByLabel(/^Title/).fill('Forklift collision');
    await choose(page, /^Severity/, 'High');
    await page.getByRole('button', { name: 'Create', exact: true }).click();
    await page.waitForURL(`${baseUrl}/incidents`);
    const row = page.getByRole('row').filter({ hasText: 'Forklift collision' });
    await expect.poll(() => row.isVisible()).toBe(true);
    expect(await row.innerText()).toContain('High');

    await row.getByRole('cell', { name: 'Forklift collision' }).click();
    await page.waitForURL(/\/incidents\/update\/\d+$/);
    const print = page.getByRole('button', { name: 'Print' });
    await expect.poll(() => print.isEnabled()).toBe(true);
    const downloading = page.waitForEvent('download');
    await print.click();
    const download = await downloading;
    const bytes = await readFile((await download.path())!);
    const { text } = await extractText(await getDocumentProxy(new Uint8Array(bytes)), { mergePages: true });
    const flat = String(text).replace(/\s+/g, ' ');
    expect(flat).toContain('Forklift collision');
    expect(flat).toContain('High');
    expect(errors).toEqual([]);
  });

  it("a user without the page does not reach it: 'You don't have permission to this page.' at /incidents", async () => {
    await addUser(app, { UserName: 'olga', Password: password, RoleIds: [] });
    const { page, errors } = await signInAs('olga');
    const menu = menuOf(page);
    // The group holds nothing Olga may open: it is shown disabled.
    await expect.poll(() => menu.getByRole('button', { name: 'Business', exact: true }).getAttribute('aria-disabled')).toBe('true');
    await page.goto(`${baseUrl}/incidents`);
    await expect.poll(() => page.getByText("You don't have permission to this page.").isVisible()).toBe(true);
    await screenshot(page, 'pages-04-no-permission');
    // The shell's own guarded routes say the same, not 'Page not found' (RouteAccess knows every route).
    for (const path of ['/session/list', '/recordlock/list', '/user/changepasswordrequest']) {
      await page.goto(`${baseUrl}${path}`);
      await expect.poll(() => page.getByText("You don't have permission to this page.").isVisible(), { message: path }).toBe(true);
    }
    expect(errors).toEqual([]);
  });
});
