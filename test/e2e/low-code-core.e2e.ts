import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import type { FastifyInstance } from 'fastify';
import { openPage, screenshot, signInThroughForm, startSignedIn } from './harness.ts';
import { addUser } from '../server/account-fixtures.ts';

/**
 * The low-code core's Shows, as a new administrator would do them in the browser: a lookup list and its items,
 * a form allowing UDFs with a required text, a select from that list, a date, a currency and a UDF; a staff user
 * whose role holds only that form's module creating, finding, editing a record and reading its History; the UDF
 * deactivated and reactivated with its value kept; and a type change the dry run refuses, leaving the field as it was.
 */
describe('low-code core, end to end (Chromium)', () => {
  let app: FastifyInstance;
  let baseUrl: string;
  let browser: Browser;
  let admin: Page;
  let adminErrors: string[];
  let staff: Page;
  let staffErrors: string[];
  let formId = 0;
  let recordUrl = '';

  const title = 'Forklift collision in bay 4';
  const newTitle = 'Forklift collision in bay 4 (two pallets)';
  const staffPassword = 'Staff12345';

  async function choose(page: Page, name: RegExp | string, option: string) {
    const box = page.getByRole('combobox', { name });
    await expect.poll(() => box.getAttribute('aria-disabled')).not.toBe('true');
    await box.click();
    await page.getByRole('option', { name: option, exact: true }).click();
    await expect.poll(() => page.getByRole('listbox').count()).toBe(0);
  }
  const notice = (page: Page, text: string) => page.getByText(text, { exact: true }).first();
  /**
   * A screenshot from the top of the page (a full-page shot of a scrolled page draws the fixed app bar and menu
   * where the view was), once the page's transitions have ended (a dialog fading in shows the page through it).
   */
  async function shot(page: Page, name: string) {
    await page.evaluate(() => window.scrollTo(0, 0));
    await expect.poll(() => page.evaluate(() => document.getAnimations()
      .filter((a) => a.playState === 'running' && a.effect?.getTiming().iterations !== Infinity).length)).toBe(0);
    await screenshot(page, name);
  }
  const fieldsTab = () => `${baseUrl}/form/update/${formId}?tab=fields`;

  /** Adds a field through the combined editor from the form's Fields tab, and waits until the tab lists it. */
  async function addField(button: string, name: string, type: string, more: () => Promise<void> = async () => {}) {
    await admin.getByRole('link', { name: button }).click();
    await admin.waitForURL(/\/formfield\/create\?formid=\d+&isudf=(true|false)$/);
    await admin.getByLabel(/^Name/).fill(name);
    await expect.poll(() => admin.getByLabel(/^Report Label Text/).inputValue()).toBe(name);
    await choose(admin, /^Form Field Type/, type);
    await expect.poll(() => admin.getByRole('heading', { name: `Attributes of ${type}` }).isVisible()).toBe(true);
    await expect.poll(() => admin.getByText('Loading the attributes…').count()).toBe(0);
    await more();
    await admin.getByRole('button', { name: 'Create' }).click();
    await admin.waitForURL(fieldsTab());
    await expect.poll(() => admin.getByRole('cell', { name, exact: true }).first().isVisible()).toBe(true);
  }

  /** Opens a field of the form in the editor from the Fields tab, and waits until the editor holds it. */
  async function editField(name: string) {
    await admin.goto(fieldsTab());
    await admin.getByRole('link', { name: `Edit ${name}` }).click();
    await admin.waitForURL(/\/formfield\/update\/\d+$/);
    await expect.poll(() => admin.getByLabel(/^Name/).inputValue()).toBe(name);
    await expect.poll(() => admin.getByText('Loading the attributes…').count()).toBe(0);
  }

  /** Turns Is Active of the UDF Witness on or off and saves it. */
  async function setWitnessActive(active: boolean) {
    await editField('Witness');
    const isActive = admin.getByRole('switch', { name: 'Is Active' }).or(admin.getByRole('checkbox', { name: 'Is Active' }));
    await expect.poll(() => isActive.isChecked()).toBe(!active);
    await isActive.click();
    await expect.poll(() => isActive.isChecked()).toBe(active);
    await admin.getByRole('button', { name: 'Save' }).click();
    await admin.waitForURL(fieldsTab());
  }

  /** The staff user's record, read again from the server (a reload), with its form shown. */
  async function reloadStaffRecord() {
    await staff.goto(recordUrl);
    await expect.poll(() => staff.getByLabel(/^Title/).inputValue()).toMatch(/^Forklift collision in bay 4/);
  }

  beforeAll(async () => {
    ({ app, baseUrl, browser, page: admin, consoleErrors: adminErrors } = await startSignedIn());
  });
  afterAll(async () => {
    await browser?.close();
    await app?.close();
  });

  it("creates the lookup list 'Severity' in the Lookup Table Manager and gives it Low, Medium and High on /simpleLookup", async () => {
    await admin.goto(`${baseUrl}/lookupTableManager/create`);
    await admin.getByLabel(/^System Name/).fill('Severity');
    await admin.getByLabel(/^Display Name/).fill('Severity');
    await admin.getByLabel(/^Description/).fill('How serious an incident is');
    await admin.getByRole('button', { name: 'Create' }).click();
    await admin.waitForURL(`${baseUrl}/lookupTableManager`);
    await expect.poll(() => admin.getByRole('cell', { name: 'Severity', exact: true }).isVisible()).toBe(true);

    await admin.goto(`${baseUrl}/simpleLookup`);
    await choose(admin, 'Form', 'All lists');
    await choose(admin, 'List', 'Severity');
    await expect.poll(() => admin.getByText('This list has no items yet', { exact: false }).isVisible()).toBe(true);
    const items = admin.getByRole('table', { name: 'Items' });
    const shownNames = async () => (await items.locator('tbody tr td:nth-child(2)').allInnerTexts()).map((t) => t.replace(/^\d+\.\s*/, '').trim());
    for (const name of ['Low', 'Medium', 'High']) {
      await admin.getByRole('button', { name: 'Add Item' }).click();
      const form = admin.getByRole('form', { name: /^Add an item to/ });
      await form.getByLabel(/^Name/).fill(name);
      await form.getByRole('button', { name: 'Create' }).click();
      await expect.poll(() => form.count()).toBe(0);
      await expect.poll(shownNames).toContain(name);
    }
    expect(await shownNames()).toEqual(['Low', 'Medium', 'High']);
    await shot(admin, 'low-code-core-01-severity-items');
  });

  it("creates the form 'Incident Report' allowing UDFs, with Title, Severity, Incident Date, Estimated Cost and the UDF Witness", async () => {
    await admin.goto(`${baseUrl}/form/create`);
    await admin.getByLabel(/^Name/).fill('Incident Report');
    await admin.getByLabel(/^Description/).fill('Accidents and near misses on the site');
    await admin.getByLabel('Can Have UDFs').check();
    await admin.getByRole('button', { name: 'Create' }).click();
    await admin.waitForURL(`${baseUrl}/form`);
    await admin.getByRole('cell', { name: 'Incident Report', exact: true }).click();
    await admin.waitForURL(/\/form\/update\/\d+$/);
    formId = Number(new URL(admin.url()).pathname.split('/').pop());

    await admin.getByRole('tab', { name: 'Fields' }).click();
    await admin.waitForURL(fieldsTab());
    await expect.poll(() => admin.getByText('No fields yet.').isVisible()).toBe(true);
    await addField('Add Field', 'Title', 'Text', async () => {
      await admin.getByLabel('Required').check();
    });
    await addField('Add Field', 'Severity', 'Select One', async () => {
      await choose(admin, /^Lookup List/, 'Severity');
    });
    await addField('Add Field', 'Incident Date', 'Date');
    await addField('Add Field', 'Estimated Cost', 'Currency');
    await addField('Add User-Defined Field', 'Witness', 'Text', async () => {
      expect(await admin.getByLabel('Is UDF').isChecked()).toBe(true);
      const today = await admin.evaluate(() => new Date().toLocaleDateString('sv-SE'));
      expect(await admin.getByLabel(/^Start Date/).inputValue()).toBe(today);
    });
    const names = (table: string) => admin.getByRole('table', { name: table }).locator('tbody tr')
      .evaluateAll((rows) => rows.map((r) => r.children[1]?.textContent ?? ''));
    expect(await names('Form Fields')).toEqual(['Title', 'Severity', 'Incident Date', 'Estimated Cost']);
    expect(await names('User-Defined Fields')).toEqual(['Witness']);
    await shot(admin, 'low-code-core-02-form-fields');
  });

  it("gives a role only the form's module in the module access editor, and the staff user signs in and opens the records from the menu", async () => {
    await admin.goto(`${baseUrl}/role/create/0`);
    await admin.getByLabel(/^Name/).fill('Incident Staff');
    await admin.getByLabel(/^Description/).fill('Report incidents on the site');
    await expect.poll(() => admin.getByText('Forms Built by Administrators').first().isVisible()).toBe(true);
    await admin.getByRole('checkbox', { name: 'Access to Incident Report', exact: true }).check();
    await shot(admin, 'low-code-core-03-role-module-access');
    await admin.getByRole('button', { name: 'Create', exact: true }).click();
    await admin.waitForURL(`${baseUrl}/role`);
    const { RoleId } = await app.db('roles').where({ Name: 'Incident Staff' }).first('RoleId');
    const modules = await app.db('role_permissions as rp').join('permission_nodes as n', 'n.NodeId', 'rp.NodeId')
      .where({ 'rp.RoleId': RoleId, 'n.Type': 'module' }).select('n.Name as Name');
    expect(modules.map((m: { Name: string }) => m.Name)).toEqual([`Form${formId}`]);

    // The account itself comes from the server tests' fixture (a user with a password and this role): making
    // users through the browser is the user forms' and the access e2e's business, not this scenario's.
    await addUser(app, { UserName: 'sam.staff', Password: staffPassword, RoleIds: [RoleId] });
    ({ page: staff, consoleErrors: staffErrors } = await openPage(browser));
    await staff.goto(`${baseUrl}/login`);
    await signInThroughForm(staff, baseUrl, 'sam.staff', staffPassword);
    await staff.waitForURL(`${baseUrl}/home`);
    const menu = staff.getByRole('navigation', { name: 'Main menu' });
    // A built form is listed under the menu's Forms group.
    await menu.getByRole('button', { name: 'Forms', exact: true }).click();
    await menu.getByRole('link', { name: 'Incident Report' }).click();
    await staff.waitForURL(`${baseUrl}/incident-report`);
    await expect.poll(() => staff.getByRole('link', { name: 'Add Incident Report' }).isVisible()).toBe(true);
    expect((await menu.getByRole('link').allInnerTexts()).map((t) => t.trim())).toEqual(['Home', 'Incident Report']);
  });

  it("refuses an empty record with the specification's messages, then creates a valid one", async () => {
    await staff.getByRole('link', { name: 'Add Incident Report' }).click();
    await staff.waitForURL(`${baseUrl}/incident-report/create`);
    await expect.poll(() => staff.getByLabel(/^Title/).isVisible()).toBe(true);
    // A create form opens pristine (Create disabled); one field typed, the required Title left empty.
    expect(await staff.getByRole('button', { name: 'Create' }).isDisabled()).toBe(true);
    await staff.getByLabel(/^Witness/).fill('Dana Scully');
    await staff.getByRole('button', { name: 'Create' }).click();
    await expect.poll(() => notice(staff, 'Title is required.').isVisible()).toBe(true);
    await expect.poll(() => notice(staff, 'Please correct the highlighted fields and try again.').isVisible()).toBe(true);
    expect(staff.url()).toBe(`${baseUrl}/incident-report/create`);
    await shot(staff, 'low-code-core-04-empty-record-refused');

    await staff.getByLabel(/^Title/).fill(title);
    await choose(staff, /^Severity/, 'Medium');
    await staff.getByRole('group', { name: /^Incident Date/ }).getByRole('spinbutton', { name: 'Month' }).click();
    await staff.keyboard.type('03142026');
    await staff.getByLabel(/^Estimated Cost/).fill('1250.50');
    await staff.getByLabel(/^Witness/).fill('Dana Scully');
    await expect.poll(() => staff.getByText('Title is required.').count()).toBe(0);
    await shot(staff, 'low-code-core-05-valid-record');
    await staff.getByRole('button', { name: 'Create' }).click();
    await staff.waitForURL(`${baseUrl}/incident-report`);
    await expect.poll(() => staff.getByRole('cell', { name: title, exact: true }).isVisible()).toBe(true);

    expect(await app.db(`form_records_${formId}`).select()).toHaveLength(1);
  });

  it('finds the record by a part of its Title, edits the Title and sees the change in its History', async () => {
    // A second record, so the search has something to leave out.
    await staff.getByRole('link', { name: 'Add Incident Report' }).click();
    await staff.waitForURL(`${baseUrl}/incident-report/create`);
    await staff.getByLabel(/^Title/).fill('Slippery floor near the canteen');
    await staff.getByRole('button', { name: 'Create' }).click();
    await staff.waitForURL(`${baseUrl}/incident-report`);
    await expect.poll(() => staff.getByRole('cell', { name: 'Slippery floor near the canteen', exact: true }).isVisible()).toBe(true);

    await staff.getByRole('textbox', { name: 'Search' }).or(staff.getByRole('searchbox', { name: 'Search' })).fill('collision');
    await expect.poll(() => staff.getByRole('cell', { name: 'Slippery floor near the canteen', exact: true }).count()).toBe(0);
    await expect.poll(() => staff.getByRole('cell', { name: title, exact: true }).isVisible()).toBe(true);
    await shot(staff, 'low-code-core-06-search');

    await staff.getByRole('cell', { name: title, exact: true }).click();
    await staff.waitForURL(/\/incident-report\/update\/\d+$/);
    recordUrl = staff.url();
    await expect.poll(() => staff.getByLabel(/^Title/).inputValue()).toBe(title);
    expect(await staff.getByLabel(/^Witness/).inputValue()).toBe('Dana Scully');
    // The stored amount as it was entered. Known bug when this was written: a built form's numeric column (Decimal,
    // Currency, Percentage) is read back as text ('1250.5000': server/db/knex.ts parses int8 and date, not numeric,
    // OID 1700, for pg or PGlite), so the input is empty and Save is refused with 'Estimated Cost must be of type
    // number,null.'. This check fails until that is fixed.
    await expect.poll(() => staff.getByLabel(/^Estimated Cost/).inputValue()).toBe('$1,250.50');
    await staff.getByLabel(/^Title/).fill(newTitle);
    await staff.getByRole('button', { name: 'Save', exact: true }).click();
    await expect.poll(() => notice(staff, 'Your changes have been saved.').isVisible()).toBe(true);
    // Back to the list as it was left (its search may be kept in the address).
    await staff.waitForURL((url) => url.pathname === '/incident-report');

    await staff.goto(recordUrl);
    await expect.poll(() => staff.getByLabel(/^Title/).inputValue()).toBe(newTitle);
    await staff.getByRole('button', { name: 'History' }).click();
    const dialog = staff.getByRole('dialog', { name: 'History' });
    const change = dialog.getByRole('row', { name: `Title ${title} ${newTitle}` });
    await expect.poll(() => change.isVisible()).toBe(true);
    expect(await dialog.getByText(/^Updated on \d\d\/\d\d\/\d{4} \d\d:\d\d by \S+/).isVisible()).toBe(true);
    await shot(staff, 'low-code-core-07-history');
    await dialog.getByRole('button', { name: 'Close' }).click();
    await expect.poll(() => dialog.count()).toBe(0);
  });

  it('hides the UDF Witness once the administrator deactivates it, keeps its value, and shows it again once reactivated', async () => {
    await setWitnessActive(false);
    await reloadStaffRecord();
    expect(await staff.getByLabel(/^Witness/).count()).toBe(0);
    await shot(staff, 'low-code-core-08-witness-inactive');

    await setWitnessActive(true);
    await reloadStaffRecord();
    await expect.poll(() => staff.getByLabel(/^Witness/).inputValue()).toBe('Dana Scully');
    await shot(staff, 'low-code-core-09-witness-active-again');
  });

  it("refuses to change Incident Date to Integer in the dry run, with the one record that does not convert, and keeps the type", async () => {
    await editField('Incident Date');
    await choose(admin, /^Form Field Type/, 'Integer');
    await expect.poll(() => admin.getByRole('heading', { name: 'Attributes of Integer' }).isVisible()).toBe(true);
    await admin.getByRole('button', { name: 'Save' }).click();
    const dialog = admin.getByRole('dialog');
    await expect.poll(() => dialog.isVisible()).toBe(true);
    const text = await dialog.innerText();
    expect(text).toContain('Change the type from Date to Integer?');
    expect(text).toContain('0 of 1 record with a value convert to Integer.');
    expect(text).toContain('1 record cannot be converted, so the change cannot be applied.');
    expect(await dialog.getByRole('table', { name: 'Values that do not convert' }).locator('tbody tr').count()).toBe(1);
    await shot(admin, 'low-code-core-10-type-change-refused');
    await dialog.getByRole('button', { name: 'Close' }).click();
    await expect.poll(() => dialog.count()).toBe(0);

    // The editor read again: still a Date.
    await admin.getByRole('button', { name: 'Cancel' }).click();
    const leave = admin.getByRole('dialog');
    await expect.poll(() => leave.isVisible()).toBe(true);
    await leave.getByRole('button', { name: 'Leave' }).click();
    await admin.waitForURL(fieldsTab());
    await editField('Incident Date');
    await admin.reload();
    await expect.poll(() => admin.getByLabel(/^Name/).inputValue()).toBe('Incident Date');
    await expect.poll(() => admin.getByRole('heading', { name: 'Attributes of Date' }).isVisible()).toBe(true);
    // The type select shows its label once the field types have loaded.
    await expect.poll(() => admin.getByRole('combobox', { name: /^Form Field Type/ }).innerText()).toContain('Date');
    expect((await app.db('form_fields').where({ FormId: formId, Name: 'Incident Date' }).first('FieldType')).FieldType).toBe('date');
  });

  it('logged no console errors in either browser', () => {
    expect(adminErrors).toEqual([]);
    expect(staffErrors).toEqual([]);
  });
});
