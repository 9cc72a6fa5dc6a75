import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import type { FastifyInstance } from 'fastify';
import { credentialsOf, screenshot, signedInBrowser, startServer } from './harness.ts';
import { expectAccessible } from './accessibility.ts';
import { adminApi } from './seed-through-api.ts';
import { addRole, grantModule } from '../server/account-fixtures.ts';

/**
 * Issue 30's aggregate circle page in Chromium: the administrator creates the aggregate 'East' of the atomic circles
 * North and South (seeded through the API), gives it the role Clerk and an explicit grant, sees both kept after a
 * reload, gives North a role of its own, then lets North inherit the aggregate's again; and deletes the aggregate.
 */
describe('the aggregate circle page, end to end (Chromium)', () => {
  let app: FastifyInstance;
  let baseUrl: string;
  let browser: Browser;
  let page: Page;
  let errors: string[];
  let northId: number;
  let aggregateId: number;
  const heading = (name: string) => page.getByRole('heading', { level: 1, name });
  const notice = (text: string) => page.getByText(text, { exact: true }).first();
  // A section's header: its title, and while the aggregate is new the note why it is closed.
  const section = (name: string) => page.getByRole('button', { name: new RegExp(`^${name}`) });
  const roles = () => page.getByRole('combobox', { name: 'Roles' });

  /** What the server holds now, asked as the browser's session (the API's own session ended when the browser signed in). */
  async function read<T>(url: string): Promise<T> {
    const res = await app.inject({ method: 'GET', url, headers: await credentialsOf(page) });
    expect(res.statusCode).toBe(200);
    return res.json() as T;
  }

  async function pickRole(name: string) {
    await roles().click();
    await page.getByRole('option', { name, exact: true }).click();
    await page.keyboard.press('Escape');
  }

  beforeAll(async () => {
    ({ app, baseUrl } = await startServer());
    const api = await adminApi(app);
    const circle = (Name: string) => api.post<{ AtomicCircleId: number }>('/api/circles/atomic', { Name, Description: null, AggregateCircleId: null, OwnerAtomicCircleId: null, IsActive: true }, 201);
    northId = (await circle('North')).AtomicCircleId;
    await circle('South');
    await circle('West');
    // A circleable form gives the permission tree its actions; two roles to choose from.
    const { FormId } = await api.post<{ FormId: number }>('/api/forms', { Name: 'Work Order', Description: null, CanHaveEav: true, IsCircleable: true, IsActive: true }, 201);
    await addRole(app, 'Clerk');
    // Auditor holds the form: what it grants shows checked and locked.
    await grantModule(app, await addRole(app, 'Auditor'), `Form${FormId}`);
    // A name taken already, refused by the server.
    await api.post('/api/circles/aggregates', { Name: 'Central', Role: [], Permissions: [], AtomicCircleHierarchy: [], OwnerAtomicCircle: null }, 201);
    ({ browser, page, consoleErrors: errors } = await signedInBrowser(baseUrl));
  });
  afterAll(async () => {
    await browser?.close();
    await app?.close();
  });

  it('creates an aggregate of two atomic circles: only its name and members until it exists, then its own page', async () => {
    await page.goto(`${baseUrl}/aggregate/manage/0?returnUrl=%2Faggregate`);
    await expect.poll(() => heading('Create Aggregate Circle').isVisible()).toBe(true);
    await page.getByRole('checkbox', { name: 'North' }).waitFor();
    // Until it exists: the permission sections and the User tab are closed to it.
    expect(await section("Default permissions over members' data").isDisabled()).toBe(true);
    expect(await page.getByRole('tab', { name: 'User' }).isDisabled()).toBe(true);
    await expectAccessible(page, 'the new aggregate');
    // A name is needed: the field says so.
    await page.getByRole('checkbox', { name: 'North' }).check();
    await page.getByRole('button', { name: 'Create', exact: true }).click();
    await expect.poll(() => page.getByText('Name is required.').first().isVisible()).toBe(true);
    // The server's refusal shows at the field it is about, and editing the field clears it.
    await page.getByLabel(/^Name/).fill('central');
    await page.getByRole('button', { name: 'Create', exact: true }).click();
    const taken = page.getByText(/^A record with the name central already exists/);
    await expect.poll(() => taken.isVisible()).toBe(true);
    await screenshot(page, 'aggregate-00-name-taken');
    await page.getByLabel(/^Name/).fill('East');
    await expect.poll(() => taken.count()).toBe(0);
    await page.getByLabel('Search atomic circles').fill('sou');
    await page.getByRole('checkbox', { name: 'South' }).check();
    expect(await page.getByRole('checkbox', { name: 'West' }).count()).toBe(0);
    await screenshot(page, 'aggregate-00-create');
    await page.getByRole('button', { name: 'Create', exact: true }).click();
    await page.waitForURL(/\/aggregate\/manage\/[1-9]\d*\?returnUrl=%2Faggregate$/);
    aggregateId = Number(/manage\/(\d+)/.exec(page.url())![1]);
    await expect.poll(() => heading('Manage Aggregate Circle').isVisible()).toBe(true);
    await expect.poll(() => notice('The record has been created.').isVisible()).toBe(true);
    const saved = await read<{ AtomicCircleHierarchy: Array<{ Name: string }> }>(`/api/circles/aggregates/${aggregateId}`);
    expect(saved.AtomicCircleHierarchy.map((c) => c.Name)).toEqual(['North', 'South']);
  });

  it('gives the aggregate a role and a grant, and keeps them across a reload', async () => {
    await section("Default permissions over members' data").click();
    await pickRole('Clerk');
    const edit = page.getByRole('checkbox', { name: 'Work Order' });
    await edit.waitFor();
    await page.getByRole('button', { name: 'Expand Work Order' }).click();
    await page.getByRole('checkbox', { name: 'Print' }).check();
    await page.getByRole('button', { name: 'Save default permissions' }).click();
    await expect.poll(() => notice('Your changes have been saved.').isVisible()).toBe(true);
    // Saved: the section is pristine again.
    await expect.poll(() => page.getByRole('button', { name: 'Save default permissions' }).isDisabled()).toBe(true);
    await screenshot(page, 'aggregate-01-default-permissions');

    await page.reload();
    await section("Default permissions over members' data").click();
    await expect.poll(() => page.getByRole('button', { name: 'Clerk' }).or(page.getByText('Clerk', { exact: true })).first().isVisible()).toBe(true);
    await page.getByRole('button', { name: 'Expand Work Order' }).click();
    await expect.poll(() => page.getByRole('checkbox', { name: 'Print' }).isChecked()).toBe(true);
    const saved = await read<{ Role: Array<{ Name: string }>; Permissions: number[] }>(`/api/circles/aggregates/${aggregateId}`);
    expect(saved.Role.map((r) => r.Name)).toEqual(['Clerk']);
    expect(saved.Permissions).toHaveLength(1);
  });

  it('gives North a role of its own, then lets it inherit the aggregate again', async () => {
    await section('Custom permissions per individual member group').click();
    await page.getByRole('combobox', { name: 'Member atomic circle' }).click();
    await page.getByRole('option', { name: 'North', exact: true }).click();
    await expect.poll(() => page.getByText('North inherits the roles and permissions of the aggregate.', { exact: false }).isVisible()).toBe(true);
    // The custom section's roles picker is the second on the page.
    const customRoles = page.getByRole('combobox', { name: 'Roles' }).nth(1);
    await customRoles.click();
    await page.getByRole('option', { name: 'Auditor', exact: true }).click();
    await page.keyboard.press('Escape');
    // The tree is asked again for the new roles: Auditor's grants are checked and cannot be unchecked here.
    await page.getByRole('button', { name: 'Expand Work Order' }).last().click();
    const granted = page.getByRole('checkbox', { name: 'Edit (granted by Auditor)' });
    await expect.poll(() => granted.isChecked()).toBe(true);
    expect(await granted.isDisabled()).toBe(true);
    await page.getByRole('button', { name: 'Save permissions of North' }).click();
    await expect.poll(() => page.getByText('North has its own roles and permissions.').isVisible()).toBe(true);
    let north = await read<{ HasOwnRoles: boolean; Role: Array<{ Name: string }> }>(`/api/circles/atomic-circle?id=${northId}`);
    expect(north.HasOwnRoles).toBe(true);
    expect(north.Role.map((r) => r.Name).sort()).toEqual(['Auditor', 'Clerk']);
    await screenshot(page, 'aggregate-02-own-roles');
    await expectAccessible(page, 'the aggregate with every section open');

    await page.getByRole('button', { name: 'Inherit from the aggregate' }).click();
    await expect.poll(() => page.getByText('North inherits the roles and permissions of the aggregate.', { exact: false }).isVisible()).toBe(true);
    north = await read(`/api/circles/atomic-circle?id=${northId}`);
    expect(north.HasOwnRoles).toBe(false);
    expect(north.Role.map((r) => r.Name)).toEqual(['Clerk']);
  });

  it('adds a user to the aggregate on the User tab', async () => {
    await page.getByRole('tab', { name: 'User' }).click();
    await page.getByLabel('Add a user').fill('admin');
    await page.getByRole('option').first().click();
    await page.getByRole('button', { name: 'Save users' }).click();
    await expect.poll(() => page.getByRole('button', { name: 'Save users' }).isDisabled()).toBe(true);
    const saved = await read<{ Users: Array<{ Id: number }> }>(`/api/circles/aggregates/${aggregateId}`);
    expect(saved.Users).toHaveLength(1);
    await screenshot(page, 'aggregate-04-users');
    await expectAccessible(page, 'the User tab');
    await page.getByRole('tab', { name: 'Groups' }).click();
  });

  it('asks before leaving with changes, and deletes the aggregate after confirming', async () => {
    // By keyboard: Space checks a member circle, Enter on Reset puts the members back as they were saved.
    const west = page.getByRole('checkbox', { name: 'West' });
    await west.focus();
    await page.keyboard.press('Space');
    await expect.poll(() => west.isChecked()).toBe(true);
    await page.getByRole('button', { name: 'Reset members' }).focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => west.isChecked()).toBe(false);
    await expect.poll(() => page.getByRole('checkbox', { name: 'North' }).isChecked()).toBe(true);
    await page.getByLabel(/^Description/).fill('Eastern depots');
    await page.getByRole('button', { name: 'Cancel', exact: true }).last().click();
    await page.getByRole('button', { name: 'Stay on this page' }).click();
    await page.getByRole('button', { name: 'Delete', exact: true }).click();
    await expect.poll(() => page.getByText('Delete current record?').isVisible()).toBe(true);
    await screenshot(page, 'aggregate-03-delete-confirm');
    await page.getByRole('dialog').getByRole('button', { name: 'Delete', exact: true }).click();
    await page.waitForURL(`${baseUrl}/aggregate`);
    const north = await read<{ AggregateCircleId: number | null }>(`/api/circles/atomic-circle?id=${northId}`);
    expect(north.AggregateCircleId).toBeNull();
    // The browser logs the refused create (409) itself; nothing else went wrong.
    expect(errors.filter((e) => !e.includes('status of 409'))).toEqual([]);
  });
});
