import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import type { FastifyInstance } from 'fastify';
import { launchChromium, openPage, screenshot, signInThroughForm, startServer } from './harness.ts';

/**
 * Short durations for the test: a session idle for 24 s is timed out by the server; the client warns 8 s before its
 * own time-out, which comes 10 s before the server's (spec 3: idle - warning - 10), so the warning shows about 6 s
 * after the last request and the time-out about 8 s later.
 */
describe('idle warning, extend and time-out (Chromium)', () => {
  let app: FastifyInstance;
  let baseUrl: string;
  let browser: Browser;

  beforeAll(async () => {
    ({ app, baseUrl } = await startServer({ sessionIdleSeconds: 24, sessionWarningSeconds: 8 }));
    browser = await launchChromium();
  });
  afterAll(async () => {
    await browser?.close();
    await app?.close();
  });

  it('warns before the time-out, extends the session on request, and times it out when ignored', async () => {
    const { page, consoleErrors } = await openPage(browser);
    await page.goto(`${baseUrl}/login`);
    await signInThroughForm(page, baseUrl);
    await page.waitForURL(`${baseUrl}/home`);

    const warning = page.getByRole('dialog', { name: 'Are you still there?' });
    await expect.poll(() => warning.isVisible(), { timeout: 30_000 }).toBe(true);
    await expect.poll(() => warning.textContent()).toMatch(/Your session will expire in 0:0\d because of inactivity\./);
    await screenshot(page, '20-idle-warning');

    await page.getByRole('button', { name: 'Click here to extend session' }).click();
    await expect.poll(() => warning.isVisible()).toBe(false);
    // Extended: the session is alive on the server, and the warning comes back only after another quiet spell.
    const started = Date.now();
    await expect.poll(() => warning.isVisible(), { timeout: 30_000 }).toBe(true);
    expect(Date.now() - started).toBeGreaterThan(3_000);

    // Ignored: the client ends the session as timed out and shows why on /login.
    await page.waitForURL(`${baseUrl}/login`, { timeout: 30_000 });
    await expect.poll(() => page.getByText('Your session has timed out due to inactivity. Please log in again.').isVisible()).toBe(true);
    await screenshot(page, '21-timed-out');
    const ended = await app.db('sessions').orderBy('StartTime', 'desc').first('EndReason');
    expect(ended.EndReason).toBe('timeout');
    expect(consoleErrors).toEqual([]);
  });
});
