import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import type { FastifyInstance } from 'fastify';
import { credentialsOf, openPage, screenshot, startSignedIn, openMenuEntry, showMainTier } from './harness.ts';
import { startSmtpCatcher, linkIn, type SmtpCatcher } from '../server/smtp-catcher.ts';

/** By the label's start: a required field's label ends in ' *', and 'Email Address' must not match 'Confirm Email Address'. */
const field = (page: Page, label: string) => page.getByLabel(new RegExp(`^${label}`));

/** The names of the main menu's entries. */
async function menuOf(page: Page): Promise<string[]> {
  const menu = page.getByRole('navigation', { name: 'Main menu' });
  await menu.getByRole('link', { name: 'Home', exact: true }).waitFor();
  return (await menu.getByRole('link').allInnerTexts()).map((t) => t.trim()).sort();
}

/**
 * Issue 11's Shows, as a new administrator would: a role built in the browser, a user given it with one override
 * that denies, the user activating from the e-mail (real SMTP), seeing exactly what the role and the override
 * leave, reaching only their own records, and the administrator's change holding on the user's next request.
 */
describe('roles and access, end to end (Chromium)', () => {
  let app: FastifyInstance;
  let baseUrl: string;
  let browser: Browser;
  let admin: Page;
  let adminErrors: string[];
  let clerk: Page;
  let clerkErrors: string[];
  let smtp: SmtpCatcher;
  const myAccountScreen = () => `${baseUrl}/api/metadata/screens/myaccount`;

  beforeAll(async () => {
    smtp = await startSmtpCatcher();
    ({ app, baseUrl, browser, page: admin, consoleErrors: adminErrors } = await startSignedIn({ smtpUrl: smtp.url }));
  });
  afterAll(async () => {
    await browser?.close();
    await app?.close();
    await smtp?.close();
  });

  it("creates the role 'Clerks' with Users (without View All Records) and My Account", async () => {
    await openMenuEntry(admin, 'Roles');
    await admin.waitForURL(`${baseUrl}/role`);
    await admin.getByRole('link', { name: 'Add Role' }).click();
    await admin.waitForURL(`${baseUrl}/role/create/0`);
    await field(admin, 'Name').fill('Clerks');
    await field(admin, 'Description').fill('Front desk staff');
    await admin.getByRole('checkbox', { name: 'Access to Users', exact: true }).check();
    await admin.getByRole('checkbox', { name: 'Access to My Account', exact: true }).check();
    expect(await admin.getByRole('checkbox', { name: 'View All Records for Users' }).isChecked()).toBe(false);
    await screenshot(admin, 'access-01-role-clerks');
    await admin.getByRole('button', { name: 'Create', exact: true }).click();
    await admin.waitForURL(`${baseUrl}/role`);
    await expect.poll(() => admin.getByRole('cell', { name: 'Clerks', exact: true }).isVisible()).toBe(true);
  });

  it('creates a user with that role and an override that denies My Account', async () => {
    await openMenuEntry(admin, 'Users');
    await admin.waitForURL(`${baseUrl}/user`);
    await admin.getByRole('link', { name: 'Add User' }).click();
    await admin.waitForURL(`${baseUrl}/user/create`);
    await field(admin, 'First Name').fill('Cleo');
    await field(admin, 'Last Name').fill('Clerk');
    await field(admin, 'Email Address').fill('cleo@example.org');
    await field(admin, 'Confirm Email Address').fill('cleo@example.org');
    await admin.getByRole('radio', { name: 'Send an activation e-mail' }).check();
    await admin.getByRole('combobox', { name: /^Role/ }).click();
    await admin.getByRole('option', { name: 'Clerks' }).click();
    await admin.keyboard.press('Escape');
    // The editor reloads what the chosen role gives: My Account, from the role.
    const override = admin.getByRole('checkbox', { name: 'Override access to My Account', exact: true });
    const own = admin.getByRole('checkbox', { name: 'Access to My Account', exact: true });
    await expect.poll(() => own.isChecked()).toBe(true);
    await override.check();
    await expect.poll(() => own.isEnabled()).toBe(true);
    await own.uncheck();
    await screenshot(admin, 'access-02-user-with-override');
    await admin.getByRole('button', { name: 'Create', exact: true }).click();
    await admin.waitForURL(`${baseUrl}/user`);
    await expect.poll(() => admin.getByRole('cell', { name: 'Clerk', exact: true }).isVisible()).toBe(true);
    const cleo = await app.db('users').where({ UserName: 'cleo@example.org' }).first('UserId');
    expect((await app.db('user_permissions').where({ UserId: cleo.UserId })).length).toBe(1);
  });

  it('explains to the administrator why the user cannot open My Account', async () => {
    await admin.getByRole('cell', { name: 'Clerk', exact: true }).click();
    await admin.waitForURL(/\/user\/update\/\d+$/);
    await admin.getByRole('button', { name: 'Why can this user...?' }).click();
    const dialog = admin.getByRole('dialog');
    await dialog.getByRole('combobox', { name: 'Module, screen or field' }).fill('My Account');
    await admin.getByRole('option', { name: 'My Account', exact: true }).click();
    await expect.poll(() => dialog.getByText('Denied: My Account').isVisible()).toBe(true);
    expect(await dialog.getByRole('list', { name: 'How it was decided' }).innerText()).toMatch(/Clerks/);
    await screenshot(admin, 'access-03-explain');
    await dialog.getByRole('button', { name: 'Close' }).click();
    await admin.getByRole('button', { name: 'Cancel' }).click();
    await admin.waitForURL(`${baseUrl}/user`);
  });

  it('the user activates from the e-mail, sees exactly the permitted menu and only the users they create', async () => {
    const link = linkIn(await smtp.take('cleo@example.org'), '/user/activateupdatepassword/');
    ({ page: clerk, consoleErrors: clerkErrors } = await openPage(browser));
    await clerk.goto(link.toString());
    await expect.poll(() => clerk.getByText('Your account has been verified. Please create your password.').isVisible()).toBe(true);
    await field(clerk, 'Password').fill('Clerk12345');
    await field(clerk, 'Confirm Password').fill('Clerk12345');
    await clerk.getByRole('button', { name: 'Create Password' }).click();
    await clerk.waitForURL(`${baseUrl}/home`);
    // The one screen the role gives sits in the Administration group, the group's only usable entry.
    expect(await menuOf(clerk)).toEqual(['Home']);
    await clerk.getByRole('navigation', { name: 'Main menu' }).getByRole('button', { name: 'Administration', exact: true }).click();
    await expect.poll(() => menuOf(clerk)).toEqual(['Home', 'Users']);
    await screenshot(clerk, 'access-04-clerk-menu');

    await openMenuEntry(clerk, 'Users');
    await clerk.waitForURL(`${baseUrl}/user`);
    await expect.poll(() => clerk.getByText('No users found.').isVisible()).toBe(true);
    await clerk.getByRole('link', { name: 'Add User' }).click();
    await clerk.waitForURL(`${baseUrl}/user/create`);
    await field(clerk, 'First Name').fill('Pat');
    await field(clerk, 'Last Name').fill('Doe');
    await field(clerk, 'Email Address').fill('pat@example.org');
    await field(clerk, 'Confirm Email Address').fill('pat@example.org');
    await clerk.getByRole('radio', { name: 'Send an activation e-mail' }).check();
    await clerk.getByRole('button', { name: 'Create', exact: true }).click();
    await clerk.waitForURL(`${baseUrl}/user`);
    await expect.poll(() => clerk.getByRole('cell', { name: 'Doe', exact: true }).isVisible()).toBe(true);
    // Only the one user Cleo created: not Cleo herself, not the administrator.
    expect(await clerk.getByRole('cell', { name: 'Clerk', exact: true }).count()).toBe(0);
    expect(await clerk.getByRole('row').count()).toBe(2); // the header and Pat
    await screenshot(clerk, 'access-05-clerk-own-users');
  });

  it('the administrator views the user list as the user would see it, then stops', async () => {
    await admin.getByRole('cell', { name: 'Clerk', exact: true }).click();
    await admin.waitForURL(/\/user\/update\/\d+$/);
    await admin.getByRole('button', { name: 'View as this user' }).click();
    await admin.waitForURL(`${baseUrl}/home`);
    const banner = admin.getByRole('status').filter({ hasText: 'Viewing as Cleo Clerk' });
    await expect.poll(() => banner.isVisible()).toBe(true);
    await openMenuEntry(admin, 'Users');
    await admin.waitForURL(`${baseUrl}/user`);
    await expect.poll(() => admin.getByRole('cell', { name: 'Doe', exact: true }).isVisible()).toBe(true);
    expect(await admin.getByRole('row').count()).toBe(2);
    await screenshot(admin, 'access-06-view-as');
    await banner.getByRole('button', { name: 'Stop viewing' }).click();
    await expect.poll(() => banner.isVisible()).toBe(false);
    await expect.poll(() => admin.getByRole('cell', { name: 'Clerk', exact: true }).isVisible()).toBe(true);
  });

  it("a direct call to the denied module answers 403, and once the override is removed the user's next request is allowed", async () => {
    const headers = await credentialsOf(clerk);
    expect((await fetch(myAccountScreen(), { headers })).status).toBe(403);

    await admin.getByRole('cell', { name: 'Clerk', exact: true }).click();
    await admin.waitForURL(/\/user\/update\/\d+$/);
    const override = admin.getByRole('checkbox', { name: 'Override access to My Account', exact: true });
    await expect.poll(() => override.isChecked()).toBe(true);
    await override.uncheck();
    await admin.getByRole('button', { name: 'Save', exact: true }).click();
    await admin.waitForURL(`${baseUrl}/user`);

    // The same session, not signed in again.
    expect((await fetch(myAccountScreen(), { headers })).status).toBe(200);
    await clerk.reload();
    // My Account is on the main tier: back there whenever the menu shows the Administration group, where it was left.
    await showMainTier(clerk, clerk.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'My Account', exact: true }));
    expect(clerkErrors).toEqual([]);
    expect(adminErrors).toEqual([]);
  });
});
