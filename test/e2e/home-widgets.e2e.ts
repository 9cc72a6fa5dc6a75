import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import type { FastifyInstance } from 'fastify';
import { screenshot, signedInBrowser, startServer } from './harness.ts';
import { expectAccessible } from './accessibility.ts';
import { adminApi } from './seed-through-api.ts';
import { addUser } from '../server/account-fixtures.ts';
import { revokeNode } from '../server/access-fixtures.ts';

const clerkPassword = 'Clerk12345';
type Session = { browser: Browser; page: Page; consoleErrors: string[] };

/**
 * Issue 32's Shows, first part, in Chromium: an administrator defines three widgets for the Clerk role through the
 * widget manager and arranges the role's home with the up buttons (from the keyboard, and clicked); a clerk in the North circle sees them in
 * that order, counts only the incidents of the circles they are in (not South's, not head office's), sees nothing of
 * the cost field hidden from them, and hides one widget, then shows it again.
 */
describe('home widgets, end to end (Chromium)', () => {
  let app: FastifyInstance;
  let baseUrl: string;
  let admin: Session;
  let nora: Session | undefined;
  const headings = (page: Page) => page.locator('[data-widget-id] h2').allInnerTexts();

  beforeAll(async () => {
    ({ app, baseUrl } = await startServer());
    const api = await adminApi(app);
    const built = await api.post<{ FormId: number; PageId: number }>('/api/forms/build', {
      Name: 'Incident', IsCircleable: true, Page: { Name: 'Incidents' }, Role: { Name: 'Clerk', Create: true, Update: true, Delete: true },
      Fields: [{ Label: 'Title', FieldType: 'text', Required: true }, { Label: 'Cost', FieldType: 'decimal' }],
    }, 201);
    const db = app.db;
    const clerks = (await db('roles').where({ Name: 'Clerk' }).first('RoleId')).RoleId;
    const circles: Record<string, number> = {};
    for (const Name of ['North', 'South']) [{ AtomicCircleId: circles[Name] }] = await db('atomic_circles').insert({ Name }).returning('AtomicCircleId');
    for (const [name, circle] of [['nora', 'North'], ['sam', 'South']]) {
      const id = await addUser(app, { UserName: name, Password: clerkPassword, RoleIds: [clerks] });
      await db('users').where({ UserId: id }).update({ OwnerAtomicCircleId: circles[circle] });
    }
    const records = `/api/pages/${built.PageId}/records`;
    for (const [who, Title, Cost] of [['nora', 'North leak', 100], ['nora', 'North dent', 10], ['sam', 'South spill', 1000]] as const) {
      await (await adminApi(app, who, clerkPassword)).post(records, { Title, Cost }, 201);
    }
    await api.post(`/api/forms/${built.FormId}/records`, { Title: 'Head office', Cost: 5 }, 201);
    await revokeNode(app, clerks, `Page${built.PageId}`, { type: 'field', name: 'Cost' });
    admin = await signedInBrowser(baseUrl);
  });
  afterAll(async () => {
    await nora?.browser.close();
    await admin?.browser.close();
    await app?.close();
  });

  async function choose(page: Page, label: string, option: string) {
    await page.getByRole('combobox', { name: label, exact: true }).click();
    await page.getByRole('option', { name: option, exact: true }).click();
  }

  async function defineWidget(page: Page, kind: string, title: string, options: (page: Page) => Promise<void>) {
    await page.getByRole('link', { name: 'Add' }).click();
    await page.waitForURL(`${baseUrl}/HomeConfigurationManager/Create`);
    await choose(page, 'Kind', kind);
    await page.getByRole('textbox', { name: 'Title' }).fill(title);
    await options(page);
    await page.getByRole('checkbox', { name: 'Clerk' }).check();
    await page.getByRole('button', { name: 'Save' }).click();
    await page.waitForURL(`${baseUrl}/HomeConfigurationManager`);
    await page.getByRole('table', { name: 'Widgets' }).getByRole('cell', { name: title, exact: true }).first().waitFor();
  }

  it('the administrator places three widgets on the Clerk role\'s home and arranges them', async () => {
    const { page } = admin;
    await page.goto(`${baseUrl}/HomeConfigurationManager`);
    await page.getByText('No widget yet').waitFor();
    await defineWidget(page, 'Number (count or sum)', 'Incidents', async (p) => {
      await choose(p, 'Form', 'Incident');
    });
    await defineWidget(page, 'Number (count or sum)', 'Total cost', async (p) => {
      await choose(p, 'Form', 'Incident');
      await choose(p, 'Measure', 'Sum of a number field');
      await choose(p, 'Field to sum', 'Cost');
    });
    await defineWidget(page, 'Quick links', 'Quick links', async (p) => {
      await p.getByRole('button', { name: 'Add a link' }).click();
      await p.getByRole('textbox', { name: 'Link 1 title' }).fill('Reports');
      await p.getByRole('textbox', { name: 'Link 1 address' }).fill('/reportmodule/view');
    });
    // Edited: the count takes a third of the width.
    await page.getByRole('link', { name: 'Edit Incidents' }).click();
    await page.waitForURL(/\/HomeConfigurationManager\/Create\?widgetId=\d+$/);
    await choose(page, 'Size for Clerk', 'Small');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByRole('table', { name: 'Widgets' }).getByRole('row', { name: /^Incidents / }).getByText('Clerk (small)').waitFor();
    // The Clerk role's home, arranged from the keyboard: the links first.
    await choose(page, 'Role', 'Clerk');
    const order = page.getByRole('list', { name: "The role's widgets in order" });
    await order.getByRole('button', { name: 'Move Quick links up' }).waitFor();
    for (let i = 0; i < 2; i++) {
      const up = order.getByRole('button', { name: 'Move Quick links up' });
      await up.focus();
      await page.keyboard.press('Enter');
      await expect.poll(async () => (await order.locator('[data-arrange-id]').allInnerTexts()).findIndex((t) => t.includes('Quick links'))).toBe(1 - i);
    }
    const saved = async () => (await app.db('widget_placements as p').join('widgets as w', 'w.WidgetId', 'p.WidgetId').orderBy('p.SortOrder').select('w.Title')).map((r: { Title: string }) => r.Title);
    await expect.poll(saved).toEqual(['Quick links', 'Incidents', 'Total cost']);
    // Then Total cost above Incidents, its up button clicked.
    await order.getByRole('button', { name: 'Move Total cost up' }).click();
    await expect.poll(saved).toEqual(['Quick links', 'Total cost', 'Incidents']);
    await expectAccessible(page, 'the widget manager');
    expect(admin.consoleErrors).toEqual([]);
  });

  it("a clerk sees them in that order, counts only their circles' records, nothing of the hidden field, and hides one", async () => {
    nora = await signedInBrowser(baseUrl, 'nora', clerkPassword);
    const { page } = nora;
    await page.goto(`${baseUrl}/home`);
    await expect.poll(() => headings(page)).toEqual(['Quick links', 'Total cost', 'Incidents']);
    const widget = (title: string) => page.getByRole('region', { name: title });
    // North's two incidents: not South's, not head office's.
    await expect.poll(() => widget('Incidents').locator('[data-widget-value]').innerText()).toBe('2');
    await widget('Total cost').getByText('This widget counts by a field you may not see.').waitFor();
    expect(await widget('Total cost').innerText()).not.toMatch(/1,?1[01]/);
    await widget('Quick links').getByRole('link', { name: 'Reports' }).waitFor();
    await expectAccessible(page, "a clerk's home with widgets");
    await screenshot(page, 'home-widgets');

    await page.getByRole('button', { name: 'Hide Quick links' }).click();
    await expect.poll(() => headings(page)).toEqual(['Total cost', 'Incidents']);
    await page.getByRole('button', { name: 'Show Quick links' }).click();
    await expect.poll(() => headings(page)).toEqual(['Quick links', 'Total cost', 'Incidents']);
    // Hidden stays hidden across a reload of the home (the menu's Home is /home?refresh=true).
    await page.getByRole('button', { name: 'Hide Quick links' }).click();
    await expect.poll(() => headings(page)).toEqual(['Total cost', 'Incidents']);
    await page.goto(`${baseUrl}/home?refresh=true`);
    await expect.poll(() => headings(page)).toEqual(['Total cost', 'Incidents']);
    await expect.poll(() => page.locator('[data-widget-value]').first().innerText()).toBe('2');
    expect(nora.consoleErrors).toEqual([]);
  });

  it("a widget that cannot load shows 'Read Widgets' with a retry in its place, and the others still show", async () => {
    const { page } = nora!;
    // A count of a form the clerks may not read: its data call is refused, as for a form that does not exist. (The
    // administrator's browser is done: signing in here ends its session.)
    const api = await adminApi(app);
    const payroll = await api.post<{ FormId: number }>('/api/forms/build', { Name: 'Payroll', Fields: [{ Label: 'Title', FieldType: 'text' }] }, 201);
    const clerks = (await app.db('roles').where({ Name: 'Clerk' }).first('RoleId')).RoleId;
    await api.post('/api/widgets', { Kind: 'number', Title: 'Payslips', Source: payroll.FormId, Options: { Measure: 'count' }, Placements: [{ RoleId: clerks, Size: 'small' }] }, 201);
    await page.goto(`${baseUrl}/home?refresh=true`);
    const failed = page.getByRole('region', { name: 'Payslips' });
    await failed.getByText('Read Widgets').waitFor();
    await failed.getByRole('button', { name: 'Retry' }).click();
    await failed.getByText('Read Widgets').waitFor();
    await expect.poll(() => page.getByRole('region', { name: 'Incidents' }).locator('[data-widget-value]').innerText()).toBe('2');
    await expectAccessible(page, 'a home with a widget that failed');
    // The browser reports each refused call; nothing else went wrong.
    expect(nora!.consoleErrors.filter((e) => !e.includes('status of 404'))).toEqual([]);
  });
});
