import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import type { FastifyInstance } from 'fastify';
import { hashPassword } from '../../server/lib/password.ts';
import { launchChromium, openPage, screenshot, signInThroughForm, startServer } from './harness.ts';
import { grantModule } from '../server/account-fixtures.ts';

/** Chooses an option of an MUI select by the select's label and the option's name. */
async function choose(page: Page, label: string | RegExp, option: string) {
  await page.getByRole('combobox', { name: label }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

/** A screenshot with the pointer out of the way, so no hover state is mistaken for the look of a control. */
async function shot(page: Page, name: string) {
  await page.mouse.move(1, 1);
  await page.waitForTimeout(300); // MUI's colour transitions settle
  await screenshot(page, name);
}

async function openProfileMenuItem(page: Page, item: string) {
  await page.getByRole('button', { name: /Profile menu/ }).click();
  await page.getByRole('menuitem', { name: item }).click();
}

describe('Your Account and My Account (Chromium)', () => {
  let app: FastifyInstance;
  let baseUrl: string;
  let browser: Browser;
  let page: Page;
  let consoleErrors: string[];

  beforeAll(async () => {
    ({ app, baseUrl } = await startServer());
    const [{ RoleId }] = await app.db('roles').insert({ Name: 'Account holders' }).returning('RoleId');
    await grantModule(app, RoleId, 'MyAccount');
    const [{ UserId }] = await app.db('users').insert({
      UserName: 'mara', FirstName: 'Mara', LastName: 'Lind', EmailAddress: 'mara@example.org',
      PasswordHash: await hashPassword('MaraPass1'), IsVerified: true, MustChangePassword: false,
    }).returning('UserId');
    await app.db('user_roles').insert({ UserId, RoleId });
    browser = await launchChromium();
    ({ page, consoleErrors } = await openPage(browser));
    await page.goto(`${baseUrl}/login`);
    await signInThroughForm(page, baseUrl, 'mara', 'MaraPass1');
    await page.waitForURL(`${baseUrl}/home`);
  });
  afterAll(async () => {
    await browser?.close();
    await app?.close();
  });

  it('opens Your Account from the profile menu, fills a United States address, then another country, adds two phone numbers and saves', async () => {
    await openProfileMenuItem(page, 'Your Account');
    await page.waitForURL(`${baseUrl}/youraccount`);
    await expect.poll(() => page.getByLabel(/^First Name/).inputValue()).toBe('Mara');
    await shot(page, '40-your-account-opened');
    await choose(page, /^Salutation/, 'Dr.');
    await choose(page, /^Country/, 'UNITED STATES');
    await page.getByLabel(/^Address 1/).fill('1600 Pennsylvania Ave NW');
    await page.getByLabel(/^City/).fill('Washington');
    await choose(page, /^State/, 'District of Columbia');
    await page.getByLabel(/^Zip Code/).fill('2050');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await expect.poll(() => page.getByText('Must be a valid zip code.').isVisible()).toBe(true);
    await shot(page, '41-your-account-us-address-error');
    await page.getByLabel(/^Zip Code/).fill('20500');
    await expect.poll(() => page.getByText('Must be a valid zip code.').count()).toBe(0);

    await choose(page, /^Country/, 'CANADA');
    expect(await page.getByLabel(/^Zip Code/).count()).toBe(0);
    await page.getByLabel(/^Province\/Region/).fill('Ontario');
    await page.getByLabel(/^Postal Code/).fill('K1A 0A9');

    for (const [type, number, primary] of [['Work', '6135550100', false], ['Mobile', '6135550111', true]] as const) {
      await page.getByRole('button', { name: 'Add Phone Number' }).click();
      const entry = page.getByRole('form', { name: 'Add Phone Number' });
      await choose(page, /^Type/, type);
      await entry.getByLabel(/^Phone Number/).fill(number);
      const box = entry.getByLabel('Primary');
      if ((await box.isChecked()) !== primary) await box.click();
      await entry.getByRole('button', { name: 'Save' }).click();
      await expect.poll(() => entry.count()).toBe(0);
    }
    await shot(page, '42-your-account-filled');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await expect.poll(() => page.getByText('Your changes have been saved.').isVisible()).toBe(true);
  });

  it('shows the saved account after a reload', async () => {
    await page.goto(`${baseUrl}/youraccount`);
    await expect.poll(() => page.getByLabel(/^Province\/Region/).inputValue()).toBe('Ontario');
    // The lookups load beside the record: a saved choice reads 'Please Wait...' until its options arrive.
    await expect.poll(() => page.getByRole('combobox', { name: /^Salutation/ }).textContent()).toBe('Dr.');
    await expect.poll(() => page.getByRole('combobox', { name: /^Country/ }).textContent()).toBe('CANADA');
    expect(await page.getByLabel(/^Postal Code/).inputValue()).toBe('K1A 0A9');
    expect(await page.getByLabel(/^City/).inputValue()).toBe('Washington');
    await expect.poll(() => page.getByRole('cell', { name: '(613) 555-0100', exact: true }).isVisible()).toBe(true);
    expect(await page.getByRole('radio', { name: /Primary: Mobile/ }).isChecked()).toBe(true);
    expect(await page.getByRole('button', { name: 'Save', exact: true }).isDisabled()).toBe(true); // opens unchanged
  });

  it('changes the password through the toggle, and the new one signs in', async () => {
    const toggle = page.getByRole('button', { name: 'Change Password' });
    expect(await page.getByLabel(/^Current Password/).count()).toBe(0);
    await toggle.click();
    await expect.poll(() => page.getByRole('button', { name: 'Cancel Password Change' }).isVisible()).toBe(true);
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await expect.poll(() => page.getByText('Current Password is required.').isVisible()).toBe(true);
    await shot(page, '43-your-account-password-required');
    await page.getByLabel(/^Current Password/).fill('MaraPass1');
    await page.getByLabel(/^New Password/).fill('MaraNew22');
    await page.getByLabel(/^Confirm Password/).fill('MaraNew22');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await expect.poll(() => page.getByText('Your changes have been saved.').isVisible()).toBe(true);
    await openProfileMenuItem(page, 'Logout');
    await page.waitForURL(`${baseUrl}/login`);
    await signInThroughForm(page, baseUrl, 'mara', 'MaraNew22');
    await page.waitForURL(`${baseUrl}/home`);
  });

  it('changes the user name on My Account, refusing a name that is taken', async () => {
    await page.getByRole('link', { name: 'My Account' }).click();
    await page.waitForURL(`${baseUrl}/user/myaccount`);
    const userName = page.getByRole('textbox', { name: 'User Name' });
    await expect.poll(() => userName.inputValue()).toBe('mara');
    expect(await userName.isDisabled()).toBe(true);
    await shot(page, '44-my-account');
    await page.getByRole('button', { name: 'Change User Name' }).click();
    expect(await userName.isDisabled()).toBe(false);
    await userName.fill('ADMIN');
    await userName.blur();
    await expect.poll(() => page.getByText('An account with this user name already exists in the system.').isVisible()).toBe(true);
    await shot(page, '45-my-account-taken');
    // Starting the password change cancels the user name change.
    await page.getByRole('button', { name: 'Change Password' }).click();
    expect(await userName.inputValue()).toBe('mara');
    expect(await userName.isDisabled()).toBe(true);
    expect(await page.getByLabel(/^Current Password/).isDisabled()).toBe(false);
    await page.getByRole('button', { name: 'Change User Name' }).click();
    expect(await page.getByLabel(/^New Password/).count()).toBe(0);
    await userName.fill('mara.lind');
    await page.getByRole('button', { name: 'Save User Name' }).click();
    await expect.poll(() => page.getByText('Your user name has been successfully changed.').isVisible()).toBe(true);
    await page.getByRole('button', { name: /Profile menu/ }).click();
    await expect.poll(() => page.getByRole('menu').getByText('mara.lind').isVisible()).toBe(true);
    await page.keyboard.press('Escape');
    await shot(page, '46-my-account-saved');
  });

  it('signs in with the new user name, with no console errors on the way', async () => {
    await openProfileMenuItem(page, 'Logout');
    await page.waitForURL(`${baseUrl}/login`);
    await signInThroughForm(page, baseUrl, 'mara.lind', 'MaraNew22');
    await page.waitForURL(`${baseUrl}/home`);
    expect(consoleErrors).toEqual([]);
  });
});
