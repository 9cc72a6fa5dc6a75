import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import type { FastifyInstance } from 'fastify';
import { launchChromium, openPage, screenshot, signInThroughForm, startServer } from './harness.ts';
import { addUser, grantModule } from '../server/account-fixtures.ts';

describe('a route change that fails (Chromium)', () => {
  let app: FastifyInstance;
  let baseUrl: string;
  let browser: Browser;

  beforeAll(async () => {
    ({ app, baseUrl } = await startServer());
    browser = await launchChromium();
  });
  afterAll(async () => {
    await browser?.close();
    await app?.close();
  });

  it("shows 'You don't have permission to this page.' and stays on the current view when access was withdrawn", async () => {
    const userId = await addUser(app, { UserName: 'clerk', Password: 'Clerk12345' });
    const [{ RoleId }] = await app.db('roles').insert({ Name: 'Clerks' }).returning('RoleId');
    await grantModule(app, RoleId, 'RegisterUser');
    await app.db('user_roles').insert({ UserId: userId, RoleId });

    const { page, consoleErrors } = await openPage(browser);
    await page.goto(`${baseUrl}/login`);
    await signInThroughForm(page, baseUrl, 'clerk', 'Clerk12345');
    await page.waitForURL(`${baseUrl}/home`);
    // The module is withdrawn while the user's menu still offers the screen.
    await app.db('role_permissions').where({ RoleId }).update({ HasAccess: false });
    await page.getByRole('link', { name: 'Users' }).first().click();
    await expect.poll(() => page.getByText("You don't have permission to this page.").isVisible()).toBe(true);
    await page.waitForURL(`${baseUrl}/home`);
    await screenshot(page, '50-route-change-refused');
    expect(consoleErrors.filter((e) => !/status of 403/.test(e))).toEqual([]);
  });
});
