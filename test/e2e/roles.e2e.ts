import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import type { FastifyInstance } from 'fastify';
import { screenshot, startSignedIn, openMenuEntry } from './harness.ts';

describe('roles (Chromium)', () => {
  let app: FastifyInstance;
  let baseUrl: string;
  let browser: Browser;
  let page: Page;
  let consoleErrors: string[];

  const dialog = () => page.getByRole('dialog');
  /** Answers the open dialog, and waits until it has gone (while it fades out, its buttons are the only ones named). */
  async function answer(button: string) {
    await dialog().getByRole('button', { name: button }).click();
    await expect.poll(() => dialog().count()).toBe(0);
  }
  const notice = (text: string) => page.getByText(text, { exact: true }).first();
  /** The nodes a role grants, as 'type:name', and the modules among them. */
  const grantsOf = async (name: string) => {
    const { RoleId } = await app.db('roles').where({ Name: name }).first('RoleId');
    return (await app.db('role_permissions as rp').join('permission_nodes as n', 'n.NodeId', 'rp.NodeId').where({ 'rp.RoleId': RoleId })
      .orderBy(['n.Type', 'n.Name']).select('n.Type', 'n.Name')).map((r: { Type: string; Name: string }) => `${r.Type}:${r.Name}`);
  };
  const modulesOf = async (name: string) => (await grantsOf(name)).filter((g) => g.startsWith('module:'));

  beforeAll(async () => {
    ({ app, baseUrl, browser, page, consoleErrors } = await startSignedIn());
  });
  afterAll(async () => {
    await browser?.close();
    await app?.close();
  });

  it('lists the roles from the navigation, with Role Active and Available In Self Registration as Yes/No', async () => {
    await openMenuEntry(page, 'Roles');
    await page.waitForURL(`${baseUrl}/role`);
    const row = page.getByRole('row', { name: /System Administrator/ });
    await expect.poll(() => row.isVisible()).toBe(true);
    expect(await row.innerText()).toMatch(/System Administrator\s+The default system administrator role\.\s+Yes\s+No/);
    await screenshot(page, 'roles-01-list');
  });

  it('creates a role with module access, and saves a change only once the warning is answered', async () => {
    await page.getByRole('link', { name: 'Add Role' }).click();
    await page.waitForURL(`${baseUrl}/role/create/0`);
    await page.getByLabel(/^Name/).fill('Clerks');
    await page.getByLabel(/^Description/).fill('Front desk staff');
    await page.getByLabel('Access to Users').check();
    await page.getByLabel('Access to My Account').check();
    await screenshot(page, 'roles-02-create');
    await page.getByRole('button', { name: 'Create' }).click();
    await page.waitForURL(`${baseUrl}/role`);
    expect(await modulesOf('Clerks')).toEqual(['module:MyAccount', 'module:RegisterUser']);

    await page.getByRole('cell', { name: 'Clerks', exact: true }).click();
    await page.waitForURL(/\/role\/update\/\d+$/);
    await expect.poll(() => page.getByLabel('Access to Users').isChecked()).toBe(true);
    await page.getByLabel(/^User Count Limit/).fill('5');
    await page.getByRole('button', { name: 'Save' }).click();
    expect(await dialog().innerText()).toContain('Saving this record will cause all users associated with this role to have their permissions modified. Are you sure you want to continue?');
    await answer('Cancel');
    expect((await app.db('roles').where({ Name: 'Clerks' }).first('UserCountLimit')).UserCountLimit).toBe(0);
    await page.getByRole('button', { name: 'Save' }).click();
    await answer('Save');
    await page.waitForURL(`${baseUrl}/role`);
    expect((await app.db('roles').where({ Name: 'Clerks' }).first('UserCountLimit')).UserCountLimit).toBe(5);
  });

  it('copies a role with its permissions, then deactivates and deletes the copy with the words of the spec', async () => {
    await page.getByRole('cell', { name: 'Clerks', exact: true }).click();
    await page.waitForURL(/\/role\/update\/\d+$/);
    await page.getByRole('button', { name: 'Copy' }).click();
    await page.waitForURL(/\/role\/create\/[1-9]\d*$/);
    await expect.poll(() => page.getByLabel(/^Name/).inputValue()).toBe('Clerks (copy)');
    expect(await page.getByLabel(/^User Count Limit/).inputValue()).toBe('5');
    await screenshot(page, 'roles-03-copy');
    await page.getByRole('button', { name: 'Create' }).click();
    await page.waitForURL(`${baseUrl}/role`);
    expect(await modulesOf('Clerks (copy)')).toEqual(['module:MyAccount', 'module:RegisterUser']);
    expect(await grantsOf('Clerks (copy)')).toEqual(await grantsOf('Clerks'));

    await page.getByRole('cell', { name: 'Clerks (copy)' }).click();
    await page.waitForURL(/\/role\/update\/\d+$/);
    await page.getByRole('button', { name: 'Deactivate' }).click();
    expect(await dialog().innerText()).toContain('Deactivate this role?');
    await answer('Deactivate');
    await expect.poll(() => notice('The Role has been deactivated.').isVisible()).toBe(true);
    await page.getByRole('button', { name: 'Delete' }).click();
    expect(await dialog().innerText()).toContain('You are about to delete this role severing all ties to associated user accounts. Are you sure you would like to proceed?');
    await answer('Delete');
    await page.waitForURL(`${baseUrl}/role`);
    expect(await app.db('roles').where({ Name: 'Clerks (copy)' }).first()).toBeUndefined();
  });

  it('shows role 1 read-only with its message, every node granted, and refuses a duplicate name in words', async () => {
    await page.getByRole('cell', { name: 'System Administrator', exact: true }).click();
    await expect.poll(() => notice('This is the default system administrator role which cannot be modified or deleted.').isVisible()).toBe(true);
    expect(await page.getByRole('button', { name: 'Save' }).count()).toBe(0);
    await expect.poll(() => page.getByLabel('Access to Roles').isChecked()).toBe(true);
    await screenshot(page, 'roles-04-role-1');

    await page.goto(`${baseUrl}/role/create/0`);
    await page.getByLabel(/^Name/).fill('clerks');
    await page.getByRole('button', { name: 'Create' }).click();
    await expect.poll(() => page.getByText('A record with the name clerks already exists.').first().isVisible()).toBe(true);
    // The refused create's 409 is the only error the browser logged.
    expect(consoleErrors.filter((e) => !e.includes('409'))).toEqual([]);
  });
});
