import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import type { FastifyInstance } from 'fastify';
import { launchChromium, openPage, screenshot, signInThroughForm, startServer } from './harness.ts';
import { startSmtpCatcher, linkIn, type SmtpCatcher } from '../server/smtp-catcher.ts';
import { addUser } from '../server/account-fixtures.ts';
import { startActivation } from '../../server/modules/accounts/account-users.ts';
import { verifyPassword } from '../../server/lib/password.ts';

/** Failed calls the page handles (400s of wrong keys or unverified accounts) are logged by Chromium as failed resources. */
const unexpected = (errors: string[]) => errors.filter((e) => !/status of 400/.test(e));

/** By the label's start: a required field's label ends in ' *', and 'Password' must not match 'Confirm Password'. */
const field = (page: Page, label: string) => page.getByLabel(new RegExp(`^${label}`));

async function fill(page: Page, label: string, value: string) {
  await field(page, label).fill(value);
}

describe('account lifecycle with real e-mail (Chromium)', () => {
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

  it('locks a MustChangePassword user to the change-password page until the password is changed', async () => {
    await addUser(app, { UserName: 'forced', Password: 'Initial123', MustChangePassword: true });
    const { page, consoleErrors } = await openPage(browser);
    await page.goto(`${baseUrl}/login`);
    await signInThroughForm(page, baseUrl, 'forced', 'Initial123');
    await page.waitForURL(/\/user\/changepassword\/[\w-]+$/);
    await expect.poll(() => page.getByText('You must change the password of forced before you continue.').isVisible()).toBe(true);

    // Any private path comes back here.
    await page.goto(`${baseUrl}/home`);
    await page.waitForURL(/\/user\/changepassword\/[\w-]+$/);

    // The shared messages, before anything is sent.
    await page.getByRole('button', { name: 'Change Password' }).click();
    await expect.poll(() => page.getByText('Password is required.', { exact: true }).isVisible()).toBe(true);
    await fill(page, 'Password', 'short');
    await fill(page, 'Confirm Password', 'different1');
    await page.getByRole('button', { name: 'Change Password' }).click();
    await expect.poll(() => page.getByText('Must be a valid password of at least 8 characters with at least one letter and one number.').isVisible()).toBe(true);
    await expect.poll(() => page.getByText('Must equal Password.').isVisible()).toBe(true);
    await screenshot(page, '10-forced-change-password-errors');

    await fill(page, 'Password', 'Changed123');
    await fill(page, 'Confirm Password', 'Changed123');
    await page.keyboard.press('Enter');
    // Signed in already: the session carries on to /home, with no third password entry.
    await page.waitForURL(`${baseUrl}/home`);
    await expect.poll(() => page.getByText('Your password has been successfully changed.').isVisible()).toBe(true);
    await screenshot(page, '11-password-changed-home');
    // The new password is the one that signs in from now on.
    const { PasswordHash } = await app.db('users').where({ UserName: 'forced' }).first('PasswordHash');
    expect(await verifyPassword('Changed123', PasswordHash)).toBe(true);
    expect(unexpected(consoleErrors)).toEqual([]);
  });

  it('activates an account from the received e-mail and signs in to /home', async () => {
    const userId = await addUser(app, { UserName: 'grace', Password: 'Hopper1234' });
    await startActivation(app, userId);
    const mail = await smtp.take('grace@example.org');
    expect(mail.subject).toBe('Activate your account');
    const link = linkIn(mail, '/user/activate/');
    expect(link.origin).toBe(baseUrl);

    const { page, consoleErrors } = await openPage(browser);
    // Before activation, sign-in is refused with the verification link.
    await page.goto(`${baseUrl}/login`);
    await signInThroughForm(page, baseUrl, 'grace', 'Hopper1234');
    await expect.poll(() => page.getByRole('link', { name: 'Click here to request a new verification code.' }).isVisible()).toBe(true);
    await screenshot(page, '12-login-unverified');

    await page.goto(link.toString());
    await expect.poll(() => page.getByText('Your account has been successfully verified. Please log in.').isVisible()).toBe(true);
    expect(await field(page, 'User Name').inputValue()).toBe('grace');
    await screenshot(page, '13-activated');
    await fill(page, 'Password', 'Hopper1234');
    await page.keyboard.press('Enter');
    await page.waitForURL(`${baseUrl}/home`);

    // The link was used up: opening it again leads to the new-code page with the server's message.
    const { page: again } = await openPage(browser);
    await again.goto(link.toString());
    await again.waitForURL(/\/user\/invalidverificationcode\//);
    await expect.poll(() => again.getByText('The verification key has expired.').isVisible()).toBe(true);
    expect(unexpected(consoleErrors)).toEqual([]);
  });

  it('activates an account without a password: the user creates one from the e-mail and is signed in', async () => {
    const userId = await addUser(app, { UserName: 'linus' });
    await startActivation(app, userId);
    const link = linkIn(await smtp.take('linus@example.org'), '/user/activateupdatepassword/');
    const { page, consoleErrors } = await openPage(browser);
    await page.goto(link.toString());
    await expect.poll(() => page.getByText('Your account has been verified. Please create your password.').isVisible()).toBe(true);
    await fill(page, 'Password', 'Penguin123');
    await fill(page, 'Confirm Password', 'Penguin123');
    await screenshot(page, '14-create-password');
    await page.getByRole('button', { name: 'Create Password' }).click();
    await page.waitForURL(`${baseUrl}/home`);
    expect(unexpected(consoleErrors)).toEqual([]);
  });

  it('requests a new verification code from the login page and activates with the mailed link', async () => {
    const userId = await addUser(app, { UserName: 'barbara', Password: 'Liskov1234' });
    await startActivation(app, userId);
    await smtp.take('barbara@example.org'); // the first mail is "lost"
    const { page, consoleErrors } = await openPage(browser);
    await page.goto(`${baseUrl}/login`);
    await signInThroughForm(page, baseUrl, 'barbara', 'Liskov1234');
    await page.getByRole('link', { name: 'Click here to request a new verification code.' }).click();
    await page.waitForURL(/\/user\/invalidverificationcode\/activation\//);
    await expect.poll(() => page.getByRole('button', { name: 'Generate Verification Code' }).isVisible()).toBe(true);
    await screenshot(page, '15-invalid-code');
    await page.getByRole('button', { name: 'Generate Verification Code' }).click();
    await expect.poll(() => page.getByText('New verification code was created and sent to your email account.').isVisible()).toBe(true);
    const link = linkIn(await smtp.take('barbara@example.org'), '/user/activate/');
    await page.goto(link.toString());
    await expect.poll(() => page.getByText('Your account has been successfully verified. Please log in.').isVisible()).toBe(true);

    // generatenewkey asks for the user name.
    await page.goto(`${baseUrl}/user/invalidverificationcode/activation/generatenewkey`);
    await page.getByRole('button', { name: 'Generate Verification Code' }).click();
    await expect.poll(() => page.getByText('User Name is required.').isVisible()).toBe(true);
    await screenshot(page, '16-generatenewkey');
    expect(unexpected(consoleErrors)).toEqual([]);
  });

  it('recovers a password from the received e-mail, then signs in with the new one', async () => {
    await addUser(app, { UserName: 'alan', Password: 'Turing1234' });
    const { page, consoleErrors } = await openPage(browser);
    await page.goto(`${baseUrl}/login`);
    await page.getByRole('link', { name: 'Forgot your password?' }).click();
    await page.waitForURL(`${baseUrl}/user/passwordrecovery`);
    await page.getByRole('button', { name: 'Send Email' }).click();
    await expect.poll(() => page.getByText('User Name is required.').isVisible()).toBe(true);
    await fill(page, 'User Name', 'alan');
    await page.keyboard.press('Enter');
    await expect.poll(() => page.getByText('An email has been sent to the username provided. Please check your email.').isVisible()).toBe(true);
    await screenshot(page, '17-password-recovery-sent');

    const link = linkIn(await smtp.take('alan@example.org'), '/user/changepassword/');
    await page.goto(link.toString());
    await fill(page, 'Password', 'Enigma2024');
    await fill(page, 'Confirm Password', 'Enigma2024');
    await page.getByRole('button', { name: 'Change Password' }).click();
    await page.waitForURL(`${baseUrl}/login`);
    await expect.poll(() => page.getByText('Your password has been successfully changed.').isVisible()).toBe(true);
    await page.getByLabel('Password').fill('Enigma2024');
    await page.getByRole('button', { name: 'LOG IN' }).click();
    await page.waitForURL(`${baseUrl}/home`);

    // Cancel goes to /login.
    await page.goto(`${baseUrl}/user/usernamerecovery`);
    await page.getByRole('link', { name: 'Cancel' }).click();
    await page.waitForURL(`${baseUrl}/login`);
    expect(unexpected(consoleErrors)).toEqual([]);
  });

  it('recovers a user name by e-mail', async () => {
    await addUser(app, { UserName: 'edsger', EmailAddress: 'edsger@example.org', Password: 'Dijkstra12' });
    const { page, consoleErrors } = await openPage(browser);
    await page.goto(`${baseUrl}/login`);
    await page.getByRole('link', { name: 'Forgot your user name?' }).click();
    await fill(page, 'Email Address', 'not-an-address');
    await page.keyboard.press('Enter');
    await expect.poll(() => page.getByText('Must be a valid e-mail address.').isVisible()).toBe(true);
    await fill(page, 'Email Address', 'edsger@example.org');
    await page.keyboard.press('Enter');
    await expect.poll(() => page.getByText('You have successfully recovered your user name. Please check your email.').isVisible()).toBe(true);
    const mail = await smtp.take('edsger@example.org');
    expect(mail.text).toContain('edsger');
    await screenshot(page, '18-user-name-recovered');
    expect(unexpected(consoleErrors)).toEqual([]);
  });
});
