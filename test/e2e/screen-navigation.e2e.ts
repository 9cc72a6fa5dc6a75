import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import type { FastifyInstance } from 'fastify';
import { screenshot, startSignedIn, openMenuEntry } from './harness.ts';

/** Moving between screens of different kinds (a single record, lists, a record's form, shell pages) as a user would. */
describe('going from screen to screen (Chromium)', () => {
  let app: FastifyInstance;
  let browser: Browser;
  let page: Page;
  let consoleErrors: string[];
  const heading = (name: string) => page.getByRole('heading', { level: 1, name });

  beforeAll(async () => {
    ({ app, browser, page, consoleErrors } = await startSignedIn());
  });
  afterAll(async () => {
    await browser?.close();
    await app?.close();
  });

  it('shows each screen, never the one before it drawn as the next', async () => {
    await page.getByRole('button', { name: /Profile menu/ }).click();
    await page.getByRole('menuitem', { name: 'Your Account' }).click();
    await expect.poll(() => heading('Your Account').isVisible()).toBe(true);
    await openMenuEntry(page, 'Application Settings');
    await expect.poll(() => heading('Application Configuration Settings Management').isVisible()).toBe(true);
    await page.getByRole('cell', { name: 'CLIENT_SETTINGS' }).click();
    await expect.poll(() => heading('Application Configuration Settings Update').isVisible()).toBe(true);
    await openMenuEntry(page, 'Users');
    await expect.poll(() => heading('Users').isVisible()).toBe(true);
    await openMenuEntry(page, 'Concurrent Sessions');
    await expect.poll(() => heading('Manage Concurrent User Sessions').isVisible()).toBe(true);
    await page.goBack();
    await expect.poll(() => heading('Users').isVisible()).toBe(true);
    await page.getByRole('button', { name: /Profile menu/ }).click();
    await page.getByRole('menuitem', { name: 'Your Account' }).click();
    await expect.poll(() => heading('Your Account').isVisible()).toBe(true);
    await screenshot(page, 'navigation-01-your-account-again');
    expect(await page.getByText('A system error has occurred.', { exact: false }).count()).toBe(0);
    expect(consoleErrors).toEqual([]);
  });
});
