import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import type { FastifyInstance } from 'fastify';
import { screenshot, startSignedIn } from './harness.ts';

describe('user forms rendered from metadata (Chromium)', () => {
  let app: FastifyInstance;
  let baseUrl: string;
  let browser: Browser;
  let page: Page;
  let consoleErrors: string[];

  beforeAll(async () => {
    ({ app, baseUrl, browser, page, consoleErrors } = await startSignedIn());
    await app.db('users').insert({ UserName: 'kofi', FirstName: 'Kofi', LastName: 'Annan', EmailAddress: 'kofi@example.org' });
  });
  afterAll(async () => {
    await browser?.close();
    await app?.close();
  });

  /**
   * Opens a user from the list and waits for its form: the URL changes before the list gives way, and the
   * list's own buttons ('Save view', a row's 'Delete') must not stand in for the form's.
   */
  async function openUser(cellName: string) {
    await page.getByRole('cell', { name: cellName }).click();
    await page.waitForURL(/\/user\/update\/\d+$/);
    const form = page.getByRole('form');
    await expect.poll(() => form.isVisible()).toBe(true);
    return form;
  }

  it('creates a user: the user name follows the e-mail, Confirm Password waits for a password, messages show once dirty', async () => {
    await page.goto(`${baseUrl}/user`);
    await page.getByRole('link', { name: 'Add User' }).click();
    await page.waitForURL(`${baseUrl}/user/create`);
    await expect.poll(() => page.getByLabel(/^First Name/).isVisible()).toBe(true);
    await screenshot(page, '09-user-create-empty');
    const confirmPassword = page.getByLabel('Confirm Password');
    expect(await confirmPassword.isDisabled()).toBe(true);
    await page.getByLabel('First Name').fill('Ada');
    await page.getByLabel('First Name').fill('');
    await expect.poll(() => page.getByText('First Name is required.').isVisible()).toBe(true);
    expect(await page.getByText('Last Name is required.').count()).toBe(0); // not dirty yet
    await page.getByLabel('First Name').fill('Ada');
    await page.getByLabel('Last Name').fill('Lovelace');
    await page.getByLabel(/^Email Address/).fill('ada@example.org');
    expect(await page.getByLabel('User Name').inputValue()).toBe('ada@example.org');
    await page.getByLabel('Confirm Email Address').fill('ada@example.org');
    await page.getByLabel(/^Password/).fill('Engine1843');
    expect(await confirmPassword.isDisabled()).toBe(false);
    await confirmPassword.fill('Engine1843');
    await screenshot(page, '10-user-create');
    await page.getByRole('button', { name: 'Create' }).click();
    await expect.poll(() => page.getByText('The record has been created.').isVisible()).toBe(true);
    await page.waitForURL(`${baseUrl}/user`);
    await expect.poll(() => page.getByRole('cell', { name: 'Lovelace' }).isVisible()).toBe(true);
  });

  it('updates a user after asking before leaving unsaved changes', async () => {
    const save = (await openUser('Annan')).getByRole('button', { name: 'Save', exact: true });
    expect(await save.isDisabled()).toBe(true); // pristine
    expect(await page.getByLabel('Last Login').inputValue()).toBe('Not Specified');
    await page.getByLabel('Last Name').fill('Annan-Atta');
    await page.getByRole('link', { name: 'Home' }).click();
    await expect.poll(() => page.getByText('Are you sure you want to leave this page without saving?').isVisible()).toBe(true);
    await screenshot(page, '11-leave-prompt');
    await page.getByRole('button', { name: 'Stay on this page' }).click();
    expect(page.url()).toMatch(/\/user\/update\/\d+$/);
    await save.click();
    await expect.poll(() => page.getByText('Your changes have been saved.').isVisible()).toBe(true);
    await page.waitForURL(`${baseUrl}/user`);
    await expect.poll(() => page.getByRole('cell', { name: 'Annan-Atta' }).isVisible()).toBe(true);
  });

  it('shows a server error beside its field and clears it when the field is edited', async () => {
    const form = await openUser('Annan-Atta');
    await page.getByLabel('User Name').fill('ada@example.org');
    await form.getByRole('button', { name: 'Save', exact: true }).click();
    const duplicate = page.getByText('An account with this User Name already exists in the system!');
    await expect.poll(() => duplicate.first().isVisible()).toBe(true);
    await screenshot(page, '12-server-error');
    await page.getByLabel('User Name').fill('kofi.annan');
    await expect.poll(() => page.locator('#root_UserName-helper-text, [id$="UserName__error"]').count()).toBe(0);
    await page.getByRole('button', { name: 'Cancel' }).click();
    await page.getByRole('button', { name: 'Leave' }).click();
    await page.waitForURL(`${baseUrl}/user`);
  });

  it('keeps the master user read-only, and deletes a user after confirmation', async () => {
    const master = await openUser('Administrator');
    await expect.poll(() => page.getByText('This is the master user, which cannot be edited or deleted.').isVisible()).toBe(true);
    expect(await master.getByRole('button', { name: 'Save', exact: true }).count()).toBe(0);
    expect(await master.getByRole('button', { name: 'Delete', exact: true }).count()).toBe(0);
    expect(await master.getByRole('button', { name: 'Cancel' }).isVisible()).toBe(true);
    await screenshot(page, '13-master-read-only');
    await page.goBack();
    await (await openUser('Lovelace')).getByRole('button', { name: 'Delete', exact: true }).click();
    await expect.poll(() => page.getByText('You are about to delete this User. Are you sure you would like to proceed?').isVisible()).toBe(true);
    await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
    await expect.poll(() => page.getByText('The record has been deleted.').isVisible()).toBe(true);
    await page.waitForURL(`${baseUrl}/user`);
    expect(await page.getByRole('cell', { name: 'Lovelace' }).count()).toBe(0);
  });

  it("answers 'No id was provided.' for a missing id, and had no console errors", async () => {
    await page.goto(`${baseUrl}/user/update/0`);
    await expect.poll(() => page.getByText('No id was provided.').isVisible()).toBe(true);
    expect(consoleErrors.filter((e) => !/status of 409/.test(e))).toEqual([]);
  });
});
