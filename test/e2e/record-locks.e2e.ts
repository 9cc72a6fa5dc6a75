import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import type { FastifyInstance } from 'fastify';
import { openPage, screenshot, signInThroughForm, startSignedIn } from './harness.ts';
import { addRole, addUser, grantModule } from '../server/account-fixtures.ts';

/** Long enough for the steps before the renewal question on a throttled machine; it comes 30 s before the end. */
const lockSeconds = 55;
const renewPrompt = 'The lock for this record is about to expire. Would you like to renew the lock to continue working?';
const lockedNotice = 'Some of the items in this table have been locked. You may still view them, but you will not be able to make changes.';
const otherWindow = 'You already have this role locked in a different window. Please find that open window or try back again later after the lock is automatically released.';

/** By the label's start: a required field's label ends in ' *'. */
const field = (page: Page, label: string) => page.getByLabel(new RegExp(`^${label}`));

/** Save, and say so when the role form asks (its saveConfirm). */
async function save(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Save' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Save' }).click();
}

/**
 * Spec 2 "Record lock lifecycle" in Chromium, two users editing one role: the second sees the lock message and a
 * read-only form; the first is asked to renew (a short lock), renews and saves; the second's grid refreshes and
 * they can edit. A third window of the first user gets the 'different window' message.
 */
describe('record locks, two users on one record (Chromium)', () => {
  let app: FastifyInstance;
  let baseUrl: string;
  let browser: Browser;
  let admin: Page;
  let adminErrors: string[];
  let bob: Page;
  let roleId: number;

  beforeAll(async () => {
    ({ app, baseUrl, browser, page: admin, consoleErrors: adminErrors } = await startSignedIn({ recordLockSeconds: lockSeconds, sessionMode: 'UNLIMITED' }));
    roleId = await addRole(app, 'Front Desk');
    const editors = await addRole(app, 'Role Editors');
    await grantModule(app, editors, 'Role', true);
    await addUser(app, { UserName: 'bob', Password: 'B0bPassword1', RoleIds: [editors] });
    ({ page: bob } = await openPage(browser));
    await bob.goto(`${baseUrl}/login`);
    await signInThroughForm(bob, baseUrl, 'bob', 'B0bPassword1');
    await bob.waitForURL(`${baseUrl}/home`);
  });
  afterAll(async () => {
    await browser?.close();
    await app?.close();
  });

  it('the first user opens the role for update and holds its lock', async () => {
    await admin.goto(`${baseUrl}/role/update/${roleId}`);
    await expect.poll(() => field(admin, 'Name').inputValue()).toBe('Front Desk');
    expect(await field(admin, 'Name').isEditable()).toBe(true);
    const lock = await app.db('record_locks').where({ Domain: 'roles', DomainId: roleId }).first();
    expect(lock).toBeTruthy();
  });

  it('the second user gets the lock message and a read-only form, and the grid marks the row locked', async () => {
    await bob.goto(`${baseUrl}/role/update/${roleId}`);
    const dialog = bob.getByRole('dialog');
    await expect.poll(() => dialog.innerText()).toMatch(/This role is locked by another user until \d\d\/\d\d\/\d{4} \d\d:\d\d [AP]M\. You may view it, but you will not be able to make changes\./);
    await screenshot(bob, 'locks-01-second-user-message');
    await dialog.getByRole('button', { name: 'OK' }).click();
    await expect.poll(() => field(bob, 'Name').isEditable()).toBe(false);
    expect(await bob.getByRole('button', { name: 'Save' }).count()).toBe(0);
    await expect.poll(() => bob.getByRole('alert').filter({ hasText: 'This role is locked by' }).isVisible()).toBe(true);
    await bob.getByRole('button', { name: 'Cancel' }).click();
    await bob.waitForURL(`${baseUrl}/role`);
    await expect.poll(() => bob.getByText(lockedNotice).isVisible()).toBe(true);
    expect(await bob.locator('tr[data-locked]').filter({ hasText: 'Front Desk' }).count()).toBe(1);
    await screenshot(bob, 'locks-02-grid-locked-row');
  });

  it("a third window of the first user gets the 'different window' message", async () => {
    const { page: third } = await openPage(browser);
    await third.goto(`${baseUrl}/login`);
    await signInThroughForm(third, baseUrl);
    await third.waitForURL(`${baseUrl}/home`);
    await third.goto(`${baseUrl}/role/update/${roleId}`);
    await expect.poll(() => third.getByRole('dialog').innerText()).toContain(otherWindow);
    await screenshot(third, 'locks-03-different-window');
    await third.getByRole('dialog').getByRole('button', { name: 'OK' }).click();
    await expect.poll(() => field(third, 'Name').isEditable()).toBe(false);
    await third.context().close();
  });

  it('the first user is asked to renew, renews and saves; the lock is released', async () => {
    const question = admin.getByRole('dialog').filter({ hasText: renewPrompt });
    await expect.poll(() => question.isVisible(), { timeout: lockSeconds * 1000 }).toBe(true);
    await screenshot(admin, 'locks-04-renew-question');
    const before = await app.db('record_locks').where({ Domain: 'roles', DomainId: roleId }).first('Expire');
    await question.getByRole('button', { name: 'Yes' }).click();
    await expect.poll(() => question.isVisible()).toBe(false);
    await expect.poll(async () => new Date((await app.db('record_locks').where({ Domain: 'roles', DomainId: roleId }).first('Expire')).Expire).getTime())
      .toBeGreaterThan(new Date(before.Expire).getTime());
    await field(admin, 'Description').fill('Renewed and saved');
    await save(admin);
    await expect.poll(() => app.db('roles').where({ RoleId: roleId }).first('Description').then((r) => r.Description)).toBe('Renewed and saved');
    await expect.poll(() => app.db('record_locks').where({ Domain: 'roles', DomainId: roleId }).first()).toBeUndefined();
    expect(adminErrors).toEqual([]);
  });

  it("the second user's grid refreshes once the lock is released, and they can now edit", async () => {
    await expect.poll(() => bob.getByText(lockedNotice).isVisible()).toBe(false);
    await bob.getByRole('cell', { name: 'Front Desk', exact: true }).click();
    await bob.waitForURL(`${baseUrl}/role/update/${roleId}`);
    await expect.poll(() => field(bob, 'Description').inputValue()).toBe('Renewed and saved');
    expect(await field(bob, 'Name').isEditable()).toBe(true);
    await field(bob, 'Description').fill('Bob was here');
    await save(bob);
    await expect.poll(() => app.db('roles').where({ RoleId: roleId }).first('Description').then((r) => r.Description)).toBe('Bob was here');
    await screenshot(bob, 'locks-05-second-user-saved');
  });

  it("a single-record screen: while the administrator edits bob's user record, bob's own Your Account opens read-only with the lock message", async () => {
    const { UserId: bobId } = await app.db('users').where({ UserName: 'bob' }).first('UserId');
    await admin.goto(`${baseUrl}/user/update/${bobId}`);
    await expect.poll(() => field(admin, 'First Name').isEditable()).toBe(true);
    await expect.poll(() => app.db('record_locks').where({ Domain: 'users', DomainId: bobId }).first()).toBeTruthy();
    await bob.goto(`${baseUrl}/youraccount`);
    const dialog = bob.getByRole('dialog');
    await expect.poll(() => dialog.innerText()).toMatch(/This account is locked by another user until \d\d\/\d\d\/\d{4} \d\d:\d\d [AP]M\. You may view it, but you will not be able to make changes\./);
    await dialog.getByRole('button', { name: 'OK' }).click();
    await expect.poll(() => field(bob, 'First Name').isEditable()).toBe(false);
    // Read-only, not disabled: the text can still be selected and copied, and the box looks read-only (tinted).
    const box = field(bob, 'First Name');
    expect(await box.isDisabled()).toBe(false);
    expect(await box.evaluate((input) => getComputedStyle(input.closest('.MuiInputBase-root')!).backgroundColor)).not.toMatch(/^(rgba\(0, 0, 0, 0\)|transparent)$/);
    expect(await bob.getByRole('button', { name: 'Save', exact: true }).count()).toBe(0);
    await screenshot(bob, 'locks-06-your-account-locked-by-the-administrator');
  });

  it("bob's own Your Account holds his users row: the administrator's Users grid (another browser) marks it, and refreshes once he leaves", async () => {
    const { UserId: bobId } = await app.db('users').where({ UserName: 'bob' }).first('UserId');
    await admin.goto(`${baseUrl}/user`);
    await expect.poll(() => app.db('record_locks').where({ Domain: 'users', DomainId: bobId }).first()).toBeUndefined();
    await bob.goto(`${baseUrl}/youraccount`);
    await expect.poll(() => field(bob, 'First Name').isEditable()).toBe(true);
    await expect.poll(() => app.db('record_locks').where({ Domain: 'users', DomainId: bobId }).first()).toBeTruthy();
    await admin.reload();
    await expect.poll(() => admin.getByText(lockedNotice).isVisible()).toBe(true);
    expect(await admin.locator('tr[data-locked]').filter({ hasText: 'bob@example.org' }).count()).toBe(1);
    await bob.goto(`${baseUrl}/home`);
    await expect.poll(() => app.db('record_locks').where({ Domain: 'users', DomainId: bobId }).first()).toBeUndefined();
    // Another browser hears of it by asking (every few seconds), not through this browser's tabs.
    await expect.poll(() => admin.getByText(lockedNotice).isVisible()).toBe(false);
    expect(await admin.locator('tr[data-locked]').count()).toBe(0);
  });
});
