import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import type { FastifyInstance } from 'fastify';
import { openMenuEntry, screenshot, startSignedIn } from './harness.ts';

/**
 * The client error log, end to end: a fault of the client in the browser reaches the log through the debounced batch,
 * and the administrator finds it from the menu by search and filter, and reads its stack trace.
 */
describe('the Client Error Log (Chromium)', () => {
  let app: FastifyInstance;
  let baseUrl: string;
  let browser: Browser;
  let page: Page;
  let consoleErrors: string[];
  // One run's own words, so the search finds this fault and nothing else.
  const fault = `E2E client fault ${Date.now().toString(36)}`;

  beforeAll(async () => {
    ({ app, baseUrl, browser, page, consoleErrors } = await startSignedIn());
  });
  afterAll(async () => {
    await browser?.close();
    await app?.close();
  });

  it('logs an exception nobody caught in the browser, in the batch sent after the pause', async () => {
    // Thrown from a task of its own, as an event handler's error is: the window's error handler logs it.
    await page.evaluate((message) => {
      setTimeout(function onSaveClicked() { throw new Error(message); });
    }, fault);
    await expect.poll(() => app.db('client_errors').where({ Message: fault }).first('Type', 'UserId', 'StackTrace'), { timeout: 20_000 })
      .toMatchObject({ Type: 'Client Caught Exception', UserId: 1, StackTrace: expect.stringContaining('onSaveClicked') });
  });

  it('is found from the menu by search, kept by its kind and left out by another', async () => {
    await openMenuEntry(page, 'Client Error Log');
    await page.waitForURL(`${baseUrl}/clienterrorlog`);
    await expect.poll(() => page.getByRole('heading', { name: 'Client Error Log', level: 1 }).isVisible()).toBe(true);
    const search = page.getByRole('searchbox', { name: 'Search' });
    await search.fill(fault);
    await search.press('Enter');
    const row = page.getByRole('row').filter({ hasText: fault });
    await expect.poll(() => row.count()).toBe(1);
    expect(await row.getByRole('cell', { name: 'Client Caught Exception' }).isVisible()).toBe(true);
    expect(await row.getByRole('cell', { name: 'admin', exact: true }).isVisible()).toBe(true);

    const type = page.getByRole('combobox', { name: 'Type' });
    await type.click();
    await page.getByRole('option', { name: 'HTTP errors (any status)' }).click();
    await expect.poll(() => page.getByText('No client errors recorded.').isVisible()).toBe(true);
    await type.click();
    await page.getByRole('option', { name: 'Caught exceptions' }).click();
    await expect.poll(() => row.count()).toBe(1);
    await screenshot(page, 'client-error-log-01-list');
  });

  it('opens the entry: its type, message, user, address and the stack trace to copy', async () => {
    await page.getByRole('row').filter({ hasText: fault }).click();
    await page.waitForURL(/\/clienterrorlog\/read\/\d+$/);
    await expect.poll(() => page.getByRole('heading', { name: fault, level: 1 }).isVisible()).toBe(true);
    const details = page.locator('dl');
    expect(await details.getByText('Client Caught Exception', { exact: true }).isVisible()).toBe(true);
    expect(await details.getByText('127.0.0.1', { exact: true }).isVisible()).toBe(true);
    // The master administrator may read users: the user is a link to the account.
    expect(await details.getByRole('link', { name: 'admin' }).getAttribute('href')).toBe('/user/update/1');
    const trace = page.getByLabel('Stack trace', { exact: true });
    await expect.poll(() => trace.textContent()).toContain(`Error: ${fault}`);
    expect(await trace.textContent()).toContain('onSaveClicked');
    // The block scrolls on its own, reached by keyboard.
    expect(await trace.getAttribute('tabindex')).toBe('0');
    expect(await trace.evaluate((e) => getComputedStyle(e).fontFamily)).toMatch(/mono/i);
    await screenshot(page, 'client-error-log-02-read');

    await page.getByRole('button', { name: 'Back to the log' }).click();
    await page.waitForURL(/\/clienterrorlog\?/);
    // Back where it was left: the search and the kind still apply.
    await expect.poll(() => page.getByRole('row').filter({ hasText: fault }).count()).toBe(1);
    expect(await page.getByRole('combobox', { name: 'Type' }).textContent()).toContain('Caught exceptions');
  });

  it('showed no console error but the fault the test threw', () => {
    expect(consoleErrors.filter((e) => !e.includes(fault))).toEqual([]);
  });
});
