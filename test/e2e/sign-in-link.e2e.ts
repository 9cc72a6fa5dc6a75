import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import type { FastifyInstance } from 'fastify';
import { launchChromium, openPage, screenshot, startServer } from './harness.ts';
import { startSmtpCatcher, linkIn, type SmtpCatcher } from '../server/smtp-catcher.ts';
import { addUser } from '../server/account-fixtures.ts';

describe('sign-in by an e-mailed link (Chromium)', () => {
  let app: FastifyInstance;
  let baseUrl: string;
  let browser: Browser;
  let smtp: SmtpCatcher;

  beforeAll(async () => {
    smtp = await startSmtpCatcher();
    ({ app, baseUrl } = await startServer({ smtpUrl: smtp.url }));
    browser = await launchChromium();
  });
  afterAll(async () => {
    await browser?.close();
    await app?.close();
    await smtp?.close();
  });

  it('asks for a link on the password-recovery page, opens it from the mail, and is signed in once', async () => {
    await addUser(app, { UserName: 'linda', Password: 'Linked1234', EmailAddress: 'linda@example.org' });
    const { page, consoleErrors } = await openPage(browser);
    await page.goto(`${baseUrl}/user/passwordrecovery`);
    await page.getByLabel(/^User Name/).fill('linda');
    await page.getByRole('button', { name: 'Email me a sign-in link instead' }).click();
    await expect.poll(() => page.getByText('An email has been sent to the username provided.  Please check your email.').isVisible()).toBe(true);

    const link = linkIn(await smtp.take('linda@example.org'), '/login/');
    await page.goto(`${baseUrl}${link.pathname}`);
    await page.waitForURL(`${baseUrl}/home`);
    await expect.poll(() => page.getByRole('heading', { name: /^Welcome/ }).isVisible()).toBe(true);
    await screenshot(page, '40-signed-in-by-link');

    // The link is used up: opened again (in a fresh browser) it offers the ordinary sign-in.
    const other = await openPage(browser);
    await other.page.goto(`${baseUrl}${link.pathname}`);
    await expect.poll(() => other.page.getByText(/This sign-in link is not valid any more/).isVisible()).toBe(true);
    await screenshot(other.page, '41-used-sign-in-link');
    expect(consoleErrors).toEqual([]);
    expect(other.consoleErrors.filter((e) => !/status of 400/.test(e))).toEqual([]);
  });
});
