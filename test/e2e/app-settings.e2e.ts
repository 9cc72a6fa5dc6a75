import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import type { FastifyInstance } from 'fastify';
import { screenshot, signInThroughForm, startSignedIn, openMenuEntry } from './harness.ts';
import { makePng } from './png.ts';

/** How long each step took, printed at the end (benchmarks assert nothing; these are for the report). */
const timings: Array<[string, number]> = [];
async function timed<T>(label: string, step: () => Promise<T>): Promise<T> {
  const start = performance.now();
  try {
    return await step();
  } finally {
    timings.push([label, Math.round(performance.now() - start)]);
  }
}

describe('application settings (Chromium)', () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'e2e-settings-'));
  const logoFile = path.join(dataDir, 'acme-logo.png');
  let app: FastifyInstance;
  let baseUrl: string;
  let browser: Browser;
  let page: Page;
  let consoleErrors: string[];

  const combobox = (name: string) => page.getByRole('combobox', { name });
  async function choose(name: string, option: string) {
    await combobox(name).click();
    await page.getByRole('option', { name: option, exact: true }).click();
  }
  const notice = (text: string) => page.getByText(text, { exact: true }).first();

  beforeAll(async () => {
    writeFileSync(logoFile, makePng(240, 80, [25, 118, 210]));
    ({ app, baseUrl, browser, page, consoleErrors } = await startSignedIn({ dataDir }));
  });
  afterAll(async () => {
    await browser?.close();
    await app?.close();
    rmSync(dataDir, { recursive: true, force: true });
    console.log(`app-settings timings (ms):\n${timings.map(([l, ms]) => `  ${l}: ${ms}`).join('\n')}`);
  });

  it('opens Application Settings from the navigation: the list of settings by Name and Description', async () => {
    await timed('navigation to the settings list', async () => {
      await openMenuEntry(page, 'Application Settings');
      await page.waitForURL(`${baseUrl}/appsettings`);
      await expect.poll(() => page.getByRole('cell', { name: 'CLIENT_SETTINGS' }).isVisible()).toBe(true);
    });
    expect(await page.getByRole('heading', { name: 'Application Configuration Settings Management' }).isVisible()).toBe(true);
    expect(await page.getByRole('columnheader', { name: /Description/ }).isVisible()).toBe(true);
    await screenshot(page, 'settings-01-list');
  });

  it('fills CLIENT_SETTINGS: logo, two phone numbers, a United States address then another country; saves and stays', async () => {
    await timed('open CLIENT_SETTINGS', async () => {
      await page.getByRole('cell', { name: 'CLIENT_SETTINGS' }).click();
      await page.waitForURL(/\/appsettings\/update\/\d+$/);
      await expect.poll(() => page.getByLabel('Company Name').isVisible()).toBe(true);
    });
    expect(await page.getByRole('heading', { name: 'Application Configuration Settings Update' }).isVisible()).toBe(true);
    const save = page.getByRole('button', { name: 'Save', exact: true });
    expect(await save.isDisabled()).toBe(true); // pristine when opened
    expect(await page.getByLabel('Name', { exact: true }).getAttribute('readonly')).not.toBeNull();
    await screenshot(page, 'settings-02-client-empty');

    await page.getByLabel('Company Name').fill('Acme Aviation');
    await page.getByLabel('Company Website').fill('https://acme.example');
    await choose('Time Zone', '(UTC-06:00) Central Time (US & Canada)');

    await page.getByRole('button', { name: 'Upload Image' }).click();
    await page.locator('input[type=file]').setInputFiles(logoFile);
    await timed('logo upload', async () => {
      await page.getByRole('button', { name: 'Upload', exact: true }).click();
      await expect.poll(() => page.getByRole('img', { name: 'Logo' }).isVisible()).toBe(true);
    });
    await expect.poll(() => page.getByRole('img', { name: 'Logo' }).evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(240);

    await page.getByLabel('Contact First Name').fill('Ada');
    await page.getByLabel('Contact Last Name').fill('Lovelace');
    await page.getByLabel('Contact Email Address').fill('not-an-address');
    await page.getByLabel('Contact Email Address').blur();
    await expect.poll(() => notice('Must be a valid e-mail address.').isVisible()).toBe(true);
    await page.getByLabel('Contact Email Address').fill('ada@acme.example');

    for (const [number, type, primary] of [['5551234567', 'Work', false], ['5557654321', 'Mobile', true]] as const) {
      await page.getByRole('button', { name: 'Add Phone Number' }).click();
      const entry = page.getByRole('form', { name: 'Add Phone Number' });
      await entry.getByRole('combobox', { name: 'Type' }).click();
      await page.getByRole('option', { name: type }).click();
      await entry.getByLabel('Phone Number').fill(number);
      if (primary) await entry.getByLabel('Primary').check();
      await entry.getByRole('button', { name: 'Save' }).click();
    }
    await expect.poll(() => page.getByRole('radio', { name: /Primary: .*765-4321/ }).isChecked()).toBe(true);

    await choose('Country', 'UNITED STATES');
    await page.getByLabel('Address 1').fill('1 Main St');
    await page.getByLabel('City').fill('Springfield');
    await save.click();
    await expect.poll(() => notice('Please correct the highlighted fields and try again.').isVisible()).toBe(true);
    await expect.poll(() => notice('State is required.').isVisible()).toBe(true);
    await screenshot(page, 'settings-03-us-address-errors');
    await choose('State', 'Ohio');
    await page.getByLabel('Zip Code').fill('45501');

    // Another country: the United States parts go, Province/Region and Postal Code come.
    await choose('Country', 'CANADA');
    await expect.poll(() => page.getByLabel('Province/Region').isVisible()).toBe(true);
    expect(await page.getByLabel('Postal Code').isVisible()).toBe(true);
    expect(await page.getByLabel('Zip Code').count()).toBe(0);
    await page.getByLabel('Province/Region').fill('Ontario');
    await page.getByLabel('Postal Code').fill('M5J2N8');
    await screenshot(page, 'settings-04-client-filled');

    await timed('save CLIENT_SETTINGS', async () => {
      await save.click();
      await expect.poll(() => notice('Your changes have been saved.').isVisible()).toBe(true);
    });
    expect(page.url()).toMatch(/\/appsettings\/update\/\d+$/); // stays on the settings page
    await expect.poll(() => save.isDisabled()).toBe(true); // pristine again
    await expect.poll(() => page.getByText(/^Last updated on .* by admin$/).isVisible()).toBe(true);
    await screenshot(page, 'settings-05-client-saved');
  });

  it('keeps everything after a reload', async () => {
    await timed('reload CLIENT_SETTINGS', async () => {
      await page.reload();
      await expect.poll(() => page.getByLabel('Company Name').inputValue()).toBe('Acme Aviation');
    });
    expect(await page.getByLabel('Contact Email Address').inputValue()).toBe('ada@acme.example');
    // Lookups load beside the record: a saved choice reads 'Please Wait...' until its options arrive.
    await expect.poll(() => combobox('Time Zone').textContent()).toContain('Central Time');
    await expect.poll(() => combobox('Country').textContent()).toBe('CANADA');
    expect(await page.getByLabel('Province/Region').inputValue()).toBe('Ontario');
    expect(await page.getByLabel('Postal Code').inputValue()).toBe('M5J2N8');
    await expect.poll(() => page.getByRole('radio', { name: /Primary: .*765-4321/ }).isChecked()).toBe(true);
    expect(await page.getByRole('radio', { name: /Primary: .*123-4567/ }).isChecked()).toBe(false);
    await expect.poll(() => page.getByRole('img', { name: 'Logo' }).evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(240);
    expect(await page.getByRole('button', { name: 'Save', exact: true }).isDisabled()).toBe(true);
  });

  it('shows the saved logo on /login after signing out', async () => {
    await page.getByRole('button', { name: /account|profile|admin/i }).first().click();
    await page.getByRole('menuitem', { name: 'Logout' }).click();
    await page.waitForURL(`${baseUrl}/login`);
    const logo = page.locator('img[src*="container=clientlogo"]');
    await expect.poll(() => logo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(240);
    await screenshot(page, 'settings-06-login-logo');
    await signInThroughForm(page, baseUrl);
    await page.waitForURL(`${baseUrl}/home`);
  });

  it("refuses business hours that start after they end with the specification's message, then saves them fixed", async () => {
    await page.goto(`${baseUrl}/appsettings`);
    await page.getByRole('cell', { name: 'STANDARD_BUSINESS_HOURS' }).click();
    await page.waitForURL(/\/appsettings\/update\/\d+$/);
    const startHours = page.getByLabel('Start Hours');
    await expect.poll(() => startHours.inputValue()).toBe('8');
    expect(await page.getByLabel('Offset').getAttribute('readonly')).not.toBeNull();
    await screenshot(page, 'settings-07-hours');
    await startHours.fill('18');
    const message = 'Start of business day must occur before end of business day.';
    await expect.poll(() => notice(message).isVisible()).toBe(true);
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await expect.poll(() => notice('Please correct the highlighted fields and try again.').isVisible()).toBe(true);
    await screenshot(page, 'settings-08-hours-error');
    await startHours.fill('7');
    await page.getByLabel('Start Minutes').fill('30');
    await expect.poll(() => page.getByText(message).count()).toBe(0);
    await choose('Time Zone', '(UTC-08:00) Pacific Time (US & Canada)');
    // By keyboard: Tab goes from field to field in screen order, Enter on Save saves.
    await startHours.focus();
    await page.keyboard.press('Tab');
    expect(await page.getByLabel('Start Minutes').evaluate((el) => el === document.activeElement)).toBe(true);
    await page.getByRole('button', { name: 'Save', exact: true }).focus();
    await timed('save STANDARD_BUSINESS_HOURS', async () => {
      await page.keyboard.press('Enter');
      await expect.poll(() => notice('Your changes have been saved.').isVisible()).toBe(true);
    });
    await expect.poll(() => page.getByLabel('Offset').inputValue()).toBe('-08:00');
    await screenshot(page, 'settings-09-hours-saved');
    await page.reload();
    await expect.poll(() => page.getByLabel('Start Hours').inputValue()).toBe('7');
    expect(await page.getByLabel('Start Minutes').inputValue()).toBe('30');
  });

  it('shows a setting read-only on its read route, with only Cancel', async () => {
    const id = page.url().split('/').pop();
    await page.goto(`${baseUrl}/appsettings/read/${id}`);
    await expect.poll(() => page.getByLabel('Start Hours').inputValue()).toBe('7');
    expect(await page.getByRole('heading', { name: 'Application Configuration Settings View' }).isVisible()).toBe(true);
    expect(await page.getByLabel('Start Hours').isEditable()).toBe(false);
    expect(await page.getByRole('button', { name: 'Save', exact: true }).count()).toBe(0);
    await page.getByRole('button', { name: 'Cancel' }).click();
    await page.waitForURL(`${baseUrl}/appsettings`);
  });

  it('had no console errors', () => {
    expect(consoleErrors).toEqual([]);
  });
});
