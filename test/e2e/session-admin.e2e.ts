import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import type { FastifyInstance } from 'fastify';
import { launchChromium, openPage, screenshot, signInThroughForm, startServer, openMenuEntry } from './harness.ts';
import { addRole, addUser } from '../server/account-fixtures.ts';

/** A status poll every 6 s (idle 120 s / 20) tells an open browser that its session was ended. */
describe('an administrator ends sessions; other tabs follow a sign-out (Chromium)', () => {
  let app: FastifyInstance;
  let baseUrl: string;
  let browser: Browser;

  beforeAll(async () => {
    ({ app, baseUrl } = await startServer({ sessionIdleSeconds: 120, sessionWarningSeconds: 30 }));
    const dispatch = await addRole(app, 'Dispatch', 3);
    await addRole(app, 'Unlimited', 0);
    for (const name of ['maria', 'tom', 'ada']) await addUser(app, { UserName: name, Password: 'Secret1234', RoleIds: [dispatch] });
    const admin = await app.db('users').where({ UserName: 'admin' }).first('UserId');
    await app.db('user_roles').insert({ UserId: admin.UserId, RoleId: dispatch });
    browser = await launchChromium();
  });
  afterAll(async () => {
    await browser?.close();
    await app?.close();
  });

  // Each test's browsers close after it, so their timers do not run on through the tests after it.
  const opened: Page[] = [];
  afterEach(async () => {
    await Promise.all(opened.splice(0).map((page) => page.context().close()));
  });

  async function signedIn(userName: string, password = 'Secret1234'): Promise<{ page: Page; consoleErrors: string[] }> {
    const signedInPage = await openPage(browser);
    opened.push(signedInPage.page);
    await signedInPage.page.goto(`${baseUrl}/login`);
    await signInThroughForm(signedInPage.page, baseUrl, userName, password);
    await signedInPage.page.waitForURL(`${baseUrl}/home`);
    return signedInPage;
  }

  const row = (page: Page, userName: string) => page.getByRole('row').filter({ has: page.getByRole('cell', { name: userName, exact: true }) });

  it('ends a signed-in user\'s session from Manage Concurrent User Sessions; the user lands on /login with the message', async () => {
    const maria = await signedIn('maria');
    const admin = await signedIn('admin', 'E2eAdmin123');
    await openMenuEntry(admin.page, 'Concurrent Sessions');
    await admin.page.waitForURL(`${baseUrl}/session/list`);
    await expect.poll(() => admin.page.getByText('2 of 3 active').isVisible()).toBe(true);
    expect(await admin.page.getByRole('columnheader').allTextContents()).toEqual(['Username', 'Name', 'Session Started', '']);
    expect(await row(admin.page, 'admin').getByRole('button', { name: 'End Session' }).isDisabled()).toBe(true);
    await screenshot(admin.page, '30-concurrent-sessions');

    await row(admin.page, 'maria').getByRole('button', { name: 'End Session' }).click();
    const dialog = admin.page.getByRole('dialog', { name: 'End Session' });
    await expect.poll(() => dialog.textContent()).toContain("Are you sure you would like to terminate Firstmaria Lastmaria's session?");
    await admin.page.waitForTimeout(400); // the dialog's fade-in, for the picture
    await screenshot(admin.page, '31-end-session-confirm');
    await dialog.getByRole('button', { name: 'End Session' }).click();
    await expect.poll(() => admin.page.getByText("Firstmaria Lastmaria's session has been ended.").isVisible()).toBe(true);
    await expect.poll(() => admin.page.getByText('1 of 3 active').isVisible()).toBe(true);

    await maria.page.waitForURL(`${baseUrl}/login`, { timeout: 30_000 });
    await expect.poll(() => maria.page.getByText('Your session has been terminated.').isVisible()).toBe(true);
    await screenshot(maria.page, '32-terminated-login');
    // The poll that learned of the end was refused with a 401, which Chromium logs as a failed resource.
    expect(maria.consoleErrors.filter((e) => !/status of 401/.test(e))).toEqual([]);
    expect(admin.consoleErrors).toEqual([]);
  });

  it('ends a session after a delay: the user sees a countdown ticking every second, then /login', async () => {
    const tom = await signedIn('tom');
    const admin = await signedIn('admin', 'E2eAdmin123');
    await admin.page.goto(`${baseUrl}/session/list`);
    await row(admin.page, 'tom').getByRole('button', { name: 'End Session' }).click();
    const dialog = admin.page.getByRole('dialog', { name: 'End Session' });
    await dialog.getByRole('combobox', { name: 'When' }).click();
    await admin.page.getByRole('option', { name: 'In 30 seconds' }).click();
    await dialog.getByRole('button', { name: 'End Session' }).click();
    await expect.poll(() => admin.page.getByText("Firsttom Lasttom's session will end in 30 seconds.").isVisible()).toBe(true);

    const countdown = tom.page.getByRole('alert').filter({ hasText: 'Your session is being ended by an administrator' });
    await expect.poll(() => countdown.isVisible(), { timeout: 30_000 }).toBe(true);
    const seconds = async () => Number(/terminated in (\d+) second/.exec((await countdown.textContent()) ?? '')?.[1]);
    const first = await seconds();
    await tom.page.waitForTimeout(2_100);
    expect(await seconds()).toBeLessThanOrEqual(first - 2);
    await screenshot(tom.page, '33-termination-countdown');

    await tom.page.waitForURL(`${baseUrl}/login`, { timeout: 60_000 });
    await expect.poll(() => tom.page.getByText('Your session has been terminated.').isVisible()).toBe(true);
    expect(tom.consoleErrors.filter((e) => !/status of 401/.test(e))).toEqual([]);
  }, 180_000);

  it("tells another tab of the same browser that the session ended there", async () => {
    const { page, consoleErrors } = await signedIn('ada');
    const other = await page.context().newPage();
    await other.goto(`${baseUrl}/home`);
    await expect.poll(() => other.getByRole('heading', { name: 'Welcome, Firstada' }).isVisible()).toBe(true);

    await page.getByRole('button', { name: /Profile menu/ }).click();
    await page.getByRole('menuitem', { name: 'Logout' }).click();
    await page.waitForURL(`${baseUrl}/login`);
    await other.waitForURL(`${baseUrl}/login`);
    await expect.poll(() => other.getByText('You have logged out or lost session in another browser tab and/or window.').isVisible()).toBe(true);
    await screenshot(other, '34-other-tab');
    expect(consoleErrors).toEqual([]);
  });

  it('shows the empty message when no role limits concurrent users', async () => {
    await app.db('roles').update({ MaxNumberOfConcurrentUsers: 0 });
    const admin = await signedIn('admin', 'E2eAdmin123');
    await admin.page.goto(`${baseUrl}/session/list`);
    await expect.poll(() => admin.page.getByText('There are no roles with concurrent user limits to display.').isVisible()).toBe(true);
    await screenshot(admin.page, '35-no-limited-roles');
    expect(admin.consoleErrors).toEqual([]);
  });
});
