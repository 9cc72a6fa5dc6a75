import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import type { FastifyInstance } from 'fastify';
import type { PermissionTree } from '../../engine/core/access/types.ts';
import { launchChromium, openPage, screenshot, signInThroughForm, startServer } from './harness.ts';
import { adminApi } from './seed-through-api.ts';

const reason = 'Only a user who holds every access this user holds can change how they sign in';

/**
 * Changing how a user signs in needs every privilege that user holds: a user manager (Users with View All Records,
 * not module Role) finds an administrator's e-mail address, user name and password read-only with the reason,
 * and can still save the rest; a user holding nothing more than the manager stays fully editable.
 */
describe("a user manager cannot change how an administrator signs in (Chromium)", () => {
  let app: FastifyInstance;
  let baseUrl: string;
  let browser: Browser;
  let page: Page;
  let consoleErrors: string[];

  beforeAll(async () => {
    ({ app, baseUrl } = await startServer());
    const api = await adminApi(app);
    const tree = await api.get<PermissionTree>('/api/roles/permission-tree');
    const users = tree.Nodes.find((n) => n.Type === 'module' && n.Name === 'RegisterUser')!;
    const usersNodes = tree.Nodes.filter((n) => n.Id === users.Id || n.ParentId === users.Id);
    const { RoleId } = await api.post<{ RoleId: number }>('/api/roles', {
      Name: 'User managers', Description: 'Users, every record', UserCountLimit: 0, MaxNumberOfConcurrentUsers: 0, IsActive: true, IsAvailSelfReg: false,
      Permissions: usersNodes.map((n) => ({ Id: n.Id, HasAccess: true, ViewAllRecords: n.Id === users.Id })),
    }, 201);
    const person = (FirstName: string, LastName: string, UserName: string, Role: number[]) => ({
      FirstName, LastName, EmailAddress: `${UserName}@example.org`, ConfirmEmailAddress: `${UserName}@example.org`, UserName,
      Password: 'Seeded1234', ConfirmPassword: 'Seeded1234', Role,
    });
    await api.post('/api/users', person('Second', 'Deputy', 'second.admin', [1]), 201);
    await api.post('/api/users', person('Morgan', 'Manager', 'manager', [RoleId]), 201);
    await api.post('/api/users', person('Casey', 'Clerk', 'casey', []), 201);
    // The manager signs in with the password given, as if it had activated the account and chosen it.
    await app.db('users').where({ UserName: 'manager' }).update({ IsVerified: true, MustChangePassword: false });
    browser = await launchChromium();
    ({ page, consoleErrors } = await openPage(browser));
    await page.goto(`${baseUrl}/login`);
    await signInThroughForm(page, baseUrl, 'manager', 'Seeded1234');
    await page.waitForURL(`${baseUrl}/home`);
  });
  afterAll(async () => {
    await browser?.close();
    await app?.close();
  });

  async function openUser(lastName: string) {
    await page.goto(`${baseUrl}/user`);
    await page.getByRole('cell', { name: lastName }).click();
    await page.waitForURL(/\/user\/update\/\d+$/);
    const form = page.getByRole('form');
    await expect.poll(() => form.isVisible()).toBe(true);
    await expect.poll(() => page.getByLabel(/^First Name/).inputValue()).not.toBe('');
    return form;
  }

  const credentialInputs = () => [page.getByLabel(/^Email Address/), page.getByLabel(/^User Name/), page.getByLabel('Password', { exact: true }), page.getByLabel(/^Confirm Password/)];

  it("shows the administrator's e-mail address, user name and password read-only, with the reason, and saves the rest", async () => {
    const form = await openUser('Deputy');
    await expect.poll(() => page.getByText(reason).isVisible()).toBe(true);
    for (const input of credentialInputs()) await expect.poll(() => input.isDisabled()).toBe(true);
    expect(await page.getByLabel(/^Email Address/).inputValue()).toBe('second.admin@example.org');
    expect(await page.getByLabel(/^First Name/).isDisabled()).toBe(false);
    await screenshot(page, 'credential-fields-locked');

    await page.getByLabel(/^First Name/).fill('Secunda');
    await form.getByRole('button', { name: 'Save', exact: true }).click();
    await expect.poll(() => page.getByText('Your changes have been saved.').isVisible()).toBe(true);
    await expect.poll(() => app.db('users').where({ UserName: 'second.admin' }).first('FirstName', 'EmailAddress'))
      .toEqual({ FirstName: 'Secunda', EmailAddress: 'second.admin@example.org' });
  });

  it('leaves them editable on a user who holds nothing the manager does not', async () => {
    await openUser('Clerk');
    for (const input of credentialInputs().slice(0, 3)) await expect.poll(() => input.isDisabled()).toBe(false);
    expect(await page.getByText(reason).count()).toBe(0);
    expect(consoleErrors).toEqual([]);
  });
});
