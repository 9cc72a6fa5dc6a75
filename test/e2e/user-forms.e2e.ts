import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import type { FastifyInstance } from 'fastify';
import { openPage, screenshot, startSignedIn } from './harness.ts';

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
    // Spec 1: the update form has the create form's fields plus its dates; Confirm Email Address starts as the address.
    expect(await page.getByLabel(/^Confirm Email Address/).inputValue()).toBe('kofi@example.org');
    expect(await page.getByLabel(/^Confirm Password/).isVisible()).toBe(true);
    await screenshot(page, '10b-user-update');
    await page.getByLabel('Last Name').fill('Annan-Atta');
    await page.getByRole('link', { name: 'Home', exact: true }).click();
    await expect.poll(() => page.getByText('Are you sure you want to leave this page without saving?').isVisible()).toBe(true);
    await screenshot(page, '11-leave-prompt');
    await page.getByRole('button', { name: 'Stay on this page' }).click();
    expect(page.url()).toMatch(/\/user\/update\/\d+$/);
    await save.click();
    await expect.poll(() => page.getByText('Your changes have been saved.').isVisible()).toBe(true);
    await page.waitForURL(`${baseUrl}/user`);
    await expect.poll(() => page.getByRole('cell', { name: 'Annan-Atta' }).isVisible()).toBe(true);
  });

  it('shows the change just saved in the History of the user', async () => {
    const form = await openUser('Annan-Atta');
    await page.getByRole('button', { name: 'History' }).click();
    const dialog = page.getByRole('dialog', { name: 'History' });
    const change = dialog.getByRole('row', { name: /Last Name\s*Annan\s*Annan-Atta/ });
    await expect.poll(() => change.isVisible()).toBe(true);
    expect(await dialog.getByText(/^Updated on \d\d\/\d\d\/\d{4} \d\d:\d\d by \S+$/).isVisible()).toBe(true);
    await screenshot(page, '11b-history');
    await dialog.getByRole('button', { name: 'Close' }).click();
    await expect.poll(() => dialog.count()).toBe(0);
    await form.getByRole('button', { name: 'Cancel' }).click();
    await page.waitForURL(`${baseUrl}/user`);
  });

  it('shows a server error beside its field and clears it when the field is edited', async () => {
    const form = await openUser('Annan-Atta');
    // A changed address must be typed again: refused in the browser, nothing sent, until the two agree.
    await page.getByLabel(/^Email Address/).fill('kofi.annan@example.org');
    await form.getByRole('button', { name: 'Save', exact: true }).click();
    await expect.poll(() => page.getByText('Must equal Email Address.').isVisible()).toBe(true);
    await page.getByLabel(/^Email Address/).fill('kofi@example.org');
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

  it("'Email Active Users' opens the mail composer with the active users' addresses in bcc", async () => {
    await app.db('users').insert({ UserName: 'gone', FirstName: 'Gone', LastName: 'Away', EmailAddress: 'gone@example.org', IsActive: false });
    await page.goto(`${baseUrl}/user`);
    const launched = page.waitForEvent('console', (m) => m.text().includes('mailto:'));
    await page.getByRole('button', { name: 'Email Active Users' }).click();
    const mailto = /'(mailto:[^']+)'/.exec((await launched).text())![1];
    const bcc = new URL(mailto).searchParams.get('bcc')!.split(',');
    expect(bcc).toEqual(expect.arrayContaining(['admin@example.org', 'kofi@example.org']));
    expect(bcc).not.toContain('gone@example.org');
    await screenshot(page, '14-user-list-email-active-users');
  });

  it('a visitor registers at /user/create, choosing a role offered in self-registration', async () => {
    await app.db('roles').insert([{ Name: 'Members', IsAvailSelfReg: true }, { Name: 'Staff only' }]);
    const visitor = await openPage(browser);
    try {
      const p = visitor.page;
      await p.goto(`${baseUrl}/user/create`);
      await expect.poll(() => p.getByRole('heading', { name: 'Register' }).isVisible()).toBe(true);
      await p.getByLabel(/^First Name/).fill('Vera');
      await p.getByLabel(/^Last Name/).fill('Visitor');
      await p.getByLabel(/^Email Address/).fill('vera@example.org');
      expect(await p.getByLabel(/^User Name/).inputValue()).toBe('vera@example.org');
      await p.getByLabel(/^Confirm Email Address/).fill('vera@example.org');
      await p.getByLabel(/^Password/).fill('Visitor123');
      await p.getByLabel('Confirm Password').fill('Visitor123');
      await p.getByRole('combobox', { name: 'Role' }).click();
      expect(await p.getByRole('option').allInnerTexts()).toEqual(['Members']);
      await p.getByRole('option', { name: 'Members' }).click();
      await p.keyboard.press('Escape');
      expect(await p.getByText('Permissions').count()).toBe(0);
      await screenshot(p, '15-self-registration');
      await p.getByRole('button', { name: 'Create' }).click();
      await expect.poll(() => p.getByRole('link', { name: 'Back to sign in' }).isVisible()).toBe(true);
      expect(await p.getByText('Your account has been successfully registered.', { exact: false }).count()).toBeGreaterThan(0);
      const user = await app.db('users').where({ UserName: 'vera@example.org' }).first('UserId', 'IsVerified');
      expect(user.IsVerified).toBe(false);
      expect(visitor.consoleErrors).toEqual([]);
    } finally {
      await visitor.page.context().close();
    }
  });

  it("answers 'No id was provided.' for a missing id, and had no console errors", async () => {
    await page.goto(`${baseUrl}/user/update/0`);
    await expect.poll(() => page.getByText('No id was provided.').isVisible()).toBe(true);
    expect(consoleErrors.filter((e) => !/status of 409/.test(e))).toEqual([]);
  });
});
