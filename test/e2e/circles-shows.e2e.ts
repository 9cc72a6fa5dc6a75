import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import type { FastifyInstance } from 'fastify';
import { credentialsOf, openMenuEntry, screenshot, signedInBrowser, startServer } from './harness.ts';
import { adminApi } from './seed-through-api.ts';
import { addRole, addUser, grantModule } from '../server/account-fixtures.ts';
import { grantNodes, nodeId, revokeNode } from '../server/access-fixtures.ts';

const staffPassword = 'Staff12345';

/**
 * Issue 30's Shows, in Chromium, as a new administrator would: atomic circles North and South, an aggregate Region
 * holding both; North gets a role of its own granting Edit but not Delete on Incident Report; a staff user in North
 * sees Edit and no Delete on North's records and none of South's, and a direct API delete of a North record answers
 * 403; once North's own roles are removed it inherits Region's again, and the grid follows on the next load.
 */
describe("circles decide staff's records and row actions, end to end (Chromium)", () => {
  let app: FastifyInstance;
  let baseUrl: string;
  let admin: { browser: Browser; page: Page; consoleErrors: string[] };
  let staff: { browser: Browser; page: Page; consoleErrors: string[] } | undefined;
  let pageId: number;
  let northRecord: number;
  const section = (page: Page, name: string) => page.getByRole('button', { name: new RegExp(`^${name}`) });
  const notice = (page: Page, text: string) => page.getByText(text, { exact: true }).first();

  async function pickRole(page: Page, picker: number, name: string) {
    await page.getByRole('combobox', { name: 'Roles' }).nth(picker).click();
    await page.getByRole('option', { name, exact: true }).click();
    await page.keyboard.press('Escape');
  }

  beforeAll(async () => {
    ({ app, baseUrl } = await startServer());
    const api = await adminApi(app);
    const built = await api.post<{ FormId: number; PageId: number }>('/api/forms/build', {
      Name: 'Incident Report', IsCircleable: true, Fields: [{ Label: 'Title', FieldType: 'text', Required: true }],
      Page: { Name: 'Incidents' }, MenuItem: true, Role: { Name: 'Clerk', Create: true, Update: true, Delete: true },
    }, 201);
    pageId = built.PageId;
    const form = `Form${built.FormId}`;
    const route = (kind: string) => nodeId(app, form, { type: 'route', name: `form-${built.FormId}.${kind}` });
    // What the circles will be given: editors of Incident Report, with and without Delete.
    await grantNodes(app, await addRole(app, 'North Editors'), [await nodeId(app, form), await route('update')]);
    await grantNodes(app, await addRole(app, 'Region Editors'), [await nodeId(app, form), await route('update'), await route('delete')]);
    const clerk = (await app.db('roles').where({ Name: 'Clerk' }).first('RoleId')).RoleId as number;
    await addUser(app, { UserName: 'nora', Password: staffPassword, RoleIds: [clerk] });
    await addUser(app, { UserName: 'sam', Password: staffPassword, RoleIds: [clerk] });
    admin = await signedInBrowser(baseUrl);
  });
  afterAll(async () => {
    await staff?.browser.close();
    await admin?.browser.close();
    await app?.close();
  });

  it('the administrator makes the atomic circles North and South', async () => {
    const { page } = admin;
    // From the menu: Administration › Circles opens the aggregate circles, which link to the atomic ones.
    await openMenuEntry(page, 'Circles');
    await page.waitForURL(`${baseUrl}/aggregate`);
    await page.getByRole('main').getByRole('link', { name: 'Atomic Circles', exact: true }).click();
    await page.waitForURL(`${baseUrl}/atomiccircle`);
    for (const name of ['North', 'South']) {
      await page.getByRole('main').getByRole('link', { name: /^Add / }).click();
      await page.waitForURL(`${baseUrl}/atomiccircle/create`);
      await page.getByLabel(/^Name/).fill(name);
      await page.getByRole('button', { name: 'Create', exact: true }).click();
      await expect.poll(() => app.db('atomic_circles').where({ Name: name }).first('AtomicCircleId')).toBeTruthy();
      await page.waitForURL(`${baseUrl}/atomiccircle`);
    }
    await expect.poll(() => page.getByRole('cell', { name: 'South', exact: true }).isVisible()).toBe(true);
    await screenshot(page, 'circles-shows-01-atomic-circles');
  });

  it('makes the aggregate Region of both, gives it Region Editors, and North a role of its own', async () => {
    const { page } = admin;
    await page.goto(`${baseUrl}/aggregate/manage/0`);
    await page.getByLabel(/^Name/).fill('Region');
    await page.getByRole('checkbox', { name: 'North' }).check();
    await page.getByRole('checkbox', { name: 'South' }).check();
    await page.getByRole('button', { name: 'Create', exact: true }).click();
    await page.waitForURL(/\/aggregate\/manage\/[1-9]\d*/);
    await section(page, "Default permissions over members' data").click();
    await pickRole(page, 0, 'Region Editors');
    await page.getByRole('button', { name: 'Save default permissions' }).click();
    await expect.poll(() => notice(page, 'Your changes have been saved.').isVisible()).toBe(true);
    await section(page, 'Custom permissions per individual member group').click();
    await page.getByRole('combobox', { name: 'Member atomic circle' }).click();
    await page.getByRole('option', { name: 'North', exact: true }).click();
    await expect.poll(() => page.getByText('North inherits the roles and permissions of the aggregate.', { exact: false }).isVisible()).toBe(true);
    // It starts from what it inherits (Region Editors): Backspace takes that role out, then North Editors goes in.
    await page.getByRole('combobox', { name: 'Roles' }).nth(1).click();
    await page.keyboard.press('Backspace');
    await page.keyboard.press('Escape');
    await pickRole(page, 1, 'North Editors');
    await page.getByRole('button', { name: 'Save permissions of North' }).click();
    await expect.poll(() => page.getByText('North has its own roles and permissions.').isVisible()).toBe(true);
    const own = await app.db('atomic_circle_roles as cr').join('roles as r', 'r.RoleId', 'cr.RoleId').join('atomic_circles as c', 'c.AtomicCircleId', 'cr.AtomicCircleId').where('c.Name', 'North').select('r.Name');
    expect(own.map((r: { Name: string }) => r.Name)).toEqual(['North Editors']);
    await screenshot(page, 'circles-shows-02-north-own-role');
  });

  it("puts nora in North on her user form, and sam in South; each records an incident", async () => {
    const { page } = admin;
    const circleOf = async (user: string) => (await app.db('users as u').join('atomic_circles as c', 'c.AtomicCircleId', 'u.OwnerAtomicCircleId').where('u.UserName', user).first('c.Name')).Name;
    const noraId = (await app.db('users').where({ UserName: 'nora' }).first('UserId')).UserId;
    await page.goto(`${baseUrl}/user/update/${noraId}`);
    await page.getByRole('combobox', { name: /Owner Atomic Circle/ }).click();
    await page.getByRole('option', { name: 'North', exact: true }).click();
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await expect.poll(() => circleOf('nora')).toBe('North');
    await screenshot(page, 'circles-shows-03-nora-in-north');
    const south = (await app.db('atomic_circles').where({ Name: 'South' }).first('AtomicCircleId')).AtomicCircleId;
    await app.db('users').where({ UserName: 'sam' }).update({ OwnerAtomicCircleId: south });
    const nora = await adminApi(app, 'nora', staffPassword);
    northRecord = (await nora.post<{ RecordId: number }>(`/api/pages/${pageId}/records`, { Title: 'North leak' }, 201)).RecordId;
    await (await adminApi(app, 'sam', staffPassword)).post(`/api/pages/${pageId}/records`, { Title: 'South fire' }, 201);
  });

  it("nora sees Edit and no Delete on North's records, none of South's, and a delete through the API is refused (403)", async () => {
    staff = await signedInBrowser(baseUrl, 'nora', staffPassword);
    const { page } = staff;
    await page.goto(`${baseUrl}/incidents`);
    const row = page.getByRole('row', { name: /North leak/ });
    await expect.poll(() => row.getByRole('button', { name: 'Edit' }).isVisible()).toBe(true);
    expect(await row.getByRole('button', { name: 'Delete' }).count()).toBe(0);
    expect(await page.getByRole('row', { name: /South fire/ }).count()).toBe(0);
    await screenshot(page, 'circles-shows-04-nora-edit-no-delete');
    const headers = await credentialsOf(page);
    const url = `/api/pages/${pageId}/records/${northRecord}`;
    const read = await app.inject({ method: 'GET', url: `${url}?lock=true`, headers });
    const lock = { recordlockid: String(read.headers.recordlockid), recordversion: String(read.headers.recordversion) };
    const refused = await app.inject({ method: 'DELETE', url, headers: { ...headers, ...lock } });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()[0].ErrorMessage).toBe("You may not delete the records of the circle 'North'.");
    await app.inject({ method: 'DELETE', url: `/api/record-locks/${lock.recordlockid}`, headers });
  });

  it("once North's own roles are removed it inherits Region's, and nora's grid shows Delete at the next load", async () => {
    const { page } = admin;
    const region = (await app.db('aggregate_circles').where({ Name: 'Region' }).first('AggregateCircleId')).AggregateCircleId;
    await page.goto(`${baseUrl}/aggregate/manage/${region}`);
    await section(page, 'Custom permissions per individual member group').click();
    await page.getByRole('combobox', { name: 'Member atomic circle' }).click();
    await page.getByRole('option', { name: 'North', exact: true }).click();
    await expect.poll(() => page.getByText('North has its own roles and permissions.').isVisible()).toBe(true);
    await page.getByRole('button', { name: 'Inherit from the aggregate' }).click();
    await expect.poll(() => page.getByText('North inherits the roles and permissions of the aggregate.', { exact: false }).isVisible()).toBe(true);
    const staffPage = staff!.page;
    await staffPage.reload();
    const row = staffPage.getByRole('row', { name: /North leak/ });
    await expect.poll(() => row.getByRole('button', { name: 'Delete' }).isVisible()).toBe(true);
    await screenshot(staffPage, 'circles-shows-05-nora-inherits-delete');
    expect(admin.consoleErrors).toEqual([]);
    expect(staff!.consoleErrors).toEqual([]);
  });

  it("a user manager in North lists North's users, not South's, with what North's roles let her do to them", async () => {
    // Una manages users (update and delete) without View All Records; Region lets its members change users, not delete them.
    const managers = await addRole(app, 'User Managers');
    await grantModule(app, managers, 'RegisterUser');
    const userEditors = await addRole(app, 'User Editors');
    await grantModule(app, userEditors, 'RegisterUser');
    await revokeNode(app, userEditors, 'RegisterUser', { type: 'route', name: 'users.delete' });
    const region = (await app.db('aggregate_circles').where({ Name: 'Region' }).first('AggregateCircleId')).AggregateCircleId;
    await app.db('aggregate_circle_roles').insert({ AggregateCircleId: region, RoleId: userEditors });
    const unaId = await addUser(app, { UserName: 'una', Password: staffPassword, RoleIds: [managers] });
    await app.db('users').where({ UserId: unaId }).update({ OwnerAtomicCircleId: (await app.db('atomic_circles').where({ Name: 'North' }).first('AtomicCircleId')).AtomicCircleId });
    const manager = await signedInBrowser(baseUrl, 'una', staffPassword);
    try {
      const { page } = manager;
      await page.goto(`${baseUrl}/user`);
      const nora = page.getByRole('row', { name: /nora/ });
      await expect.poll(() => nora.getByRole('button', { name: 'Edit' }).isVisible()).toBe(true);
      expect(await nora.getByRole('button', { name: 'Delete' }).count()).toBe(0);
      expect(await page.getByRole('row', { name: /\bsam\b/ }).count()).toBe(0);
      expect(await page.getByRole('row', { name: /\badmin\b/ }).count()).toBe(0);
      await screenshot(page, 'circles-shows-06-user-manager-in-north');
      expect(manager.consoleErrors).toEqual([]);
    } finally {
      await manager.browser.close();
    }
  });
});
