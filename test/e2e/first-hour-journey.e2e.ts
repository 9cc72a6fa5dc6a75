import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Locator, Page } from 'playwright-core';
import type { FastifyInstance } from 'fastify';
import { adminPassword, launchChromium, openPage, screenshot, startServer } from './harness.ts';

type Who = 'admin' | 'clerk';

/**
 * Every action a person takes, counted: a click, a field typed into (once, however long the text), an option chosen
 * from a native list, a run of keys typed. Waiting for the screen is not an action; neither is opening the app's
 * address the first time.
 */
class Actions {
  readonly counts: Record<Who, number> = { admin: 0, clerk: 0 };
  readonly log: string[] = [];
  private note(who: Who, what: string) {
    this.counts[who] += 1;
    this.log.push(`${who} ${this.counts[who]}: ${what}`);
  }
  async click(who: Who, target: Locator, what: string) { this.note(who, `click ${what}`); await target.click(); }
  async fill(who: Who, target: Locator, value: string, what: string) { this.note(who, `type ${what}`); await target.fill(value); }
  async check(who: Who, target: Locator, what: string) { this.note(who, `tick ${what}`); await target.check(); }
  async uncheck(who: Who, target: Locator, what: string) { this.note(who, `untick ${what}`); await target.uncheck(); }
  async choose(who: Who, target: Locator, value: string, what: string) { this.note(who, `choose ${value} in ${what}`); await target.selectOption(value); }
  async keys(who: Who, page: Page, text: string, what: string) { this.note(who, `type ${what}`); await page.keyboard.type(text); }
  async press(who: Who, page: Page, key: string, what: string) { this.note(who, `${key}: ${what}`); await page.keyboard.press(key); }
}

const byLabel = (page: Page, label: string) => page.getByLabel(new RegExp(`^${label}`));
const menuLink = (page: Page, name: string) => page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name, exact: true });

/**
 * Issue 29's journey, the new way, from an empty installation with the UI alone (no API call, no reload): the
 * administrator signs in, builds 'Incident Report' with its six fields, its Severity list typed in place, its page
 * 'Incidents', menu item and the role 'Clerk' in one screen, and creates clerk1 with a password set now; clerk1 signs
 * in, creates three records, sorts, searches by a Severity name and edits one. At most 40 actions for the
 * administrator and 35 for the clerk.
 */
describe("an administrator's first hour, counted (Chromium)", () => {
  let app: FastifyInstance;
  let baseUrl: string;
  let browser: Browser;
  let admin: Page;
  let adminErrors: string[];
  let clerk: Page;
  let clerkErrors: string[];
  const act = new Actions();

  beforeAll(async () => {
    ({ app, baseUrl } = await startServer());
    browser = await launchChromium();
    ({ page: admin, consoleErrors: adminErrors } = await openPage(browser));
  });
  afterAll(async () => {
    await browser?.close();
    await app?.close();
  });

  async function signIn(who: Who, page: Page, userName: string, password: string) {
    await page.goto(`${baseUrl}/login`);
    await act.fill(who, page.getByLabel('User Name'), userName, 'User Name');
    await act.fill(who, page.getByLabel('Password'), password, 'Password');
    await act.click(who, page.getByRole('button', { name: 'LOG IN' }), 'LOG IN');
    await page.waitForURL(`${baseUrl}/home`);
  }

  it('the administrator builds and publishes Incident Report in one screen', async () => {
    await signIn('admin', admin, 'admin', adminPassword);
    await act.click('admin', admin.getByRole('link', { name: /^Build a Form/ }), 'Build a Form on Home');
    await admin.waitForURL(`${baseUrl}/form/build`);
    const form = admin.getByRole('form', { name: 'Build a form' });
    await act.fill('admin', byLabel(admin, 'Name'), 'Incident Report', 'the form name');
    const cell = (column: string, n: number) => form.getByLabel(`${column} of field ${n}`, { exact: true });
    const rows: Array<[string, string, (n: number) => Promise<void>]> = [
      ['Title', 'text', (n) => act.check('admin', form.getByLabel(`Field ${n} is required`), 'Required')],
      ['Incident Date', 'date', async () => {}],
      ['Severity', 'selectOne', (n) => act.fill('admin', cell('Choices', n), 'Low\nMedium\nHigh', 'the choices')],
      ['Cost', 'currency', async () => {}],
      ['Description', 'textArea', async () => {}],
      ['Reviewer Notes', 'text', async (n) => {
        await act.check('admin', form.getByLabel(`Field ${n} is a UDF`), 'UDF');
        // Active from today (filled in when UDF is ticked), until the end of next year.
        await expect.poll(() => cell('Active from', n).inputValue()).toMatch(/^\d{4}-\d\d-\d\d$/);
        await act.fill('admin', cell('Active until', n), `${new Date().getFullYear() + 1}-12-31`, 'Active until');
      }],
    ];
    for (const [i, [label, type, more]] of rows.entries()) {
      const n = i + 1;
      await act.fill('admin', cell('Label', n), label, `the label of field ${n}`);
      if (type !== 'text') await act.choose('admin', cell('Type', n), type, `the type of field ${n}`);
      await more(n);
    }
    // The table always ends with an empty row ready for the next field.
    await expect.poll(() => cell('Label', 7).inputValue()).toBe('');
    expect(await byLabel(admin, 'Page Name').inputValue()).toBe('Incident Report');
    await act.fill('admin', byLabel(admin, 'Page Name'), 'Incidents', 'the page name');
    await act.fill('admin', admin.getByRole('combobox', { name: /^Role/ }), 'Clerk', 'the role');
    expect(await admin.getByRole('checkbox', { name: 'Delete' }).isChecked()).toBe(false);
    await admin.evaluate(() => window.scrollTo(0, 0));
    await screenshot(admin, 'first-hour-01-build-a-form');
    await act.click('admin', form.getByRole('button', { name: 'Create' }), 'Create');
    await admin.waitForURL(`${baseUrl}/incidents`);
    await expect.poll(() => admin.getByText('Incident Report is built: its page Incidents is ready.').isVisible()).toBe(true);
    await expect.poll(() => menuLink(admin, 'Incidents').isVisible()).toBe(true);
    await expect.poll(() => admin.getByText('No Incident Report records found.').isVisible()).toBe(true);
    await screenshot(admin, 'first-hour-02-published-page');
  });

  it('the administrator creates clerk1 with the role Clerk and a password set now', async () => {
    await act.click('admin', admin.getByRole('navigation', { name: 'Main menu' }).getByRole('button', { name: 'Administration', exact: true }), 'Administration in the menu');
    await act.click('admin', menuLink(admin, 'Users'), 'Users in the menu');
    await admin.waitForURL(`${baseUrl}/user`);
    await act.click('admin', admin.getByRole('link', { name: 'Add User' }), 'Add User');
    await admin.waitForURL(`${baseUrl}/user/create`);
    await act.fill('admin', byLabel(admin, 'First Name'), 'Clara', 'First Name');
    await act.fill('admin', byLabel(admin, 'Last Name'), 'Clerk', 'Last Name');
    await act.fill('admin', byLabel(admin, 'Email Address'), 'clerk1@example.org', 'Email Address');
    await act.fill('admin', byLabel(admin, 'Confirm Email Address'), 'clerk1@example.org', 'Confirm Email Address');
    await act.fill('admin', byLabel(admin, 'User Name'), 'clerk1', 'User Name');
    await act.click('admin', admin.getByRole('combobox', { name: /^Role/ }), 'Role');
    await act.click('admin', admin.getByRole('option', { name: 'Clerk', exact: true }), 'the role Clerk');
    await act.press('admin', admin, 'Escape', 'the list of roles closed');
    await expect.poll(() => admin.getByRole('listbox').count()).toBe(0);
    await act.fill('admin', byLabel(admin, 'Password'), 'Clerk-Works-2026', 'Password');
    await act.fill('admin', byLabel(admin, 'Confirm Password'), 'Clerk-Works-2026', 'Confirm Password');
    await act.uncheck('admin', admin.getByRole('checkbox', { name: 'Must change the password at first sign-in' }), 'Must change the password');
    await screenshot(admin, 'first-hour-03-create-clerk1');
    await act.click('admin', admin.getByRole('button', { name: 'Create', exact: true }), 'Create');
    await expect.poll(() => admin.getByText('The record has been created.').isVisible()).toBe(true);
    await admin.waitForURL(`${baseUrl}/user`);
    expect(act.counts.admin, act.log.join('\n')).toBeLessThanOrEqual(40);
    expect(adminErrors).toEqual([]);
  });

  it('clerk1 signs in and creates three incidents', async () => {
    ({ page: clerk, consoleErrors: clerkErrors } = await openPage(browser));
    await signIn('clerk', clerk, 'clerk1', 'Clerk-Works-2026');
    await act.click('clerk', menuLink(clerk, 'Incidents'), 'Incidents in the menu');
    await clerk.waitForURL(`${baseUrl}/incidents`);
    const incidents: Array<[string, string, string, string]> = [
      ['Forklift collision in bay 4', '03142026', 'High', '1250.50'],
      ['Slippery floor near the canteen', '03022026', 'Low', '80'],
      ['Blocked fire exit', '03092026', 'High', '95'],
    ];
    for (const [title, date, severity, cost] of incidents) {
      await act.click('clerk', clerk.getByRole('link', { name: /^Add / }), 'Add');
      await clerk.waitForURL(`${baseUrl}/incidents/create`);
      await act.fill('clerk', byLabel(clerk, 'Title'), title, 'Title');
      await act.click('clerk', clerk.getByRole('group', { name: /^Incident Date/ }).getByRole('spinbutton', { name: 'Month' }), 'Incident Date');
      await act.keys('clerk', clerk, date, 'the date');
      await act.click('clerk', clerk.getByRole('combobox', { name: /^Severity/ }), 'Severity');
      await act.click('clerk', clerk.getByRole('option', { name: severity, exact: true }), severity);
      await act.fill('clerk', byLabel(clerk, 'Cost'), cost, 'Cost');
      await act.click('clerk', clerk.getByRole('button', { name: 'Create', exact: true }), 'Create');
      await clerk.waitForURL(`${baseUrl}/incidents`);
      await expect.poll(() => clerk.getByRole('cell', { name: title, exact: true }).isVisible()).toBe(true);
    }
    await screenshot(clerk, 'first-hour-04-three-incidents');
  });

  it('clerk1 sorts by Incident Date, finds the High ones, and edits one', async () => {
    const titles = async () => (await clerk.getByRole('row').allInnerTexts()).slice(1).map((row) => row.split('\t')[0].trim());
    await act.click('clerk', clerk.getByRole('button', { name: 'Incident Date' }), 'the Incident Date header');
    await expect.poll(titles).toEqual(['Slippery floor near the canteen', 'Blocked fire exit', 'Forklift collision in bay 4']);
    await act.fill('clerk', clerk.getByRole('textbox', { name: 'Search' }).or(clerk.getByRole('searchbox', { name: 'Search' })), 'High', 'Search');
    await expect.poll(titles).toEqual(['Blocked fire exit', 'Forklift collision in bay 4']);
    await screenshot(clerk, 'first-hour-05-sorted-and-searched');
    await act.click('clerk', clerk.getByRole('cell', { name: 'Blocked fire exit', exact: true }), 'the record');
    await clerk.waitForURL(/\/incidents\/update\/\d+$/);
    await expect.poll(() => byLabel(clerk, 'Cost').inputValue()).toBe('$95.00');
    await act.fill('clerk', byLabel(clerk, 'Cost'), '120', 'Cost');
    await act.click('clerk', clerk.getByRole('button', { name: 'Save', exact: true }), 'Save');
    await expect.poll(() => clerk.getByText('Your changes have been saved.').isVisible()).toBe(true);
    const formId = (await app.db('forms').where({ Name: 'Incident Report' }).first('FormId')).FormId;
    const stored = await app.db(`form_records_${formId}`).orderBy('record_id').select();
    expect(stored.map((r: Record<string, unknown>) => [r.Title, Number(r.Cost)])).toEqual([
      ['Forklift collision in bay 4', 1250.5], ['Slippery floor near the canteen', 80], ['Blocked fire exit', 120],
    ]);
    expect(act.counts.clerk, act.log.join('\n')).toBeLessThanOrEqual(35);
    expect(clerkErrors).toEqual([]);
    console.info(`first hour: administrator ${act.counts.admin} actions, clerk ${act.counts.clerk} actions`);
  });
});
