import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import type { FastifyInstance } from 'fastify';
import { screenshot, startSignedIn } from './harness.ts';

/**
 * Building a form without code, as the administrator would (spec 2 "Forms", "Form fields"): a form
 * that allows UDFs, two fields and a UDF through the combined editor, a keyboard reorder, the
 * revisions, a record on the built form's own screen, and a type change the dry run refuses.
 */
describe('form builder (Chromium)', () => {
  let app: FastifyInstance;
  let baseUrl: string;
  let browser: Browser;
  let page: Page;
  let consoleErrors: string[];
  let formId = 0;
  /** Chromium logs every failed response itself: the one the delete test provokes on purpose. */
  const refusedDelete = /status of 409 \(Conflict\)/;

  const combobox = (name: RegExp) => page.getByRole('combobox', { name });
  async function choose(name: RegExp, option: string) {
    await combobox(name).click();
    await page.getByRole('option', { name: option, exact: true }).click();
    await expect.poll(() => page.getByRole('listbox').count()).toBe(0);
  }
  const fieldsList = (title: string) => page.getByRole('table', { name: title });
  /** The Name column of a field list (the first column holds the reorder handles). */
  const rowNames = (title: string) => fieldsList(title).locator('tbody tr').evaluateAll((rows) => rows.map((r) => r.children[1]?.textContent ?? ''));
  /** Leaving the editor with a change asks first: the test leaves. */
  async function answerLeave() {
    const dialog = page.getByRole('dialog');
    await expect.poll(() => dialog.isVisible()).toBe(true);
    await dialog.getByRole('button', { name: 'Leave' }).click();
    await expect.poll(() => dialog.count()).toBe(0);
  }
  const notice = (text: string) => page.getByText(text, { exact: true }).first();
  const storedOrder = async () => (await app.db('form_fields').where({ FormId: formId, IsUdf: false }).orderBy('SortOrder').select('Name'))
    .map((r: { Name: string }) => r.Name);

  /** Adds a field through the editor from the Fields tab, and waits until the tab lists it again. */
  async function addField(button: string, name: string, type: string, more: () => Promise<void> = async () => {}) {
    await page.getByRole('link', { name: button }).click();
    await page.waitForURL(/\/formfield\/create\?formid=\d+&isudf=(true|false)$/);
    await page.getByLabel(/^Name/).fill(name);
    await expect.poll(() => page.getByLabel(/^Report Label Text/).inputValue()).toBe(name);
    await choose(/^Form Field Type/, type);
    await expect.poll(() => page.getByRole('heading', { name: `Attributes of ${type}` }).isVisible()).toBe(true);
    await expect.poll(() => page.getByText('Loading the attributes…').count()).toBe(0);
    await more();
    await page.getByRole('button', { name: 'Create' }).click();
    await page.waitForURL(new RegExp(`/form/update/${formId}\\?tab=fields$`));
    await expect.poll(() => page.getByRole('cell', { name, exact: true }).first().isVisible()).toBe(true);
  }

  beforeAll(async () => {
    ({ app, baseUrl, browser, page, consoleErrors } = await startSignedIn());
  });
  afterAll(async () => {
    await browser?.close();
    await app?.close();
  });

  it('creates the form Vehicle Log, allowing UDFs, and opens it from the list', async () => {
    await page.goto(`${baseUrl}/form/create`);
    await page.getByLabel(/^Name/).fill('Vehicle Log');
    await page.getByLabel(/^Description/).fill('Trips of the pool cars');
    await page.getByLabel('Can Have UDFs').check();
    await page.getByRole('button', { name: 'Create' }).click();
    await page.waitForURL(`${baseUrl}/form`);
    await page.getByRole('cell', { name: 'Vehicle Log', exact: true }).click();
    await page.waitForURL(/\/form\/update\/\d+$/);
    formId = Number(new URL(page.url()).pathname.split('/').pop());
    await expect.poll(() => page.getByRole('tab', { name: 'Form' }).getAttribute('aria-selected')).toBe('true');
  });

  it('adds a required text field, an integer field and a UDF through the combined editor', async () => {
    await page.getByRole('tab', { name: 'Fields' }).click();
    await page.waitForURL(new RegExp(`/form/update/${formId}\\?tab=fields$`));
    await expect.poll(() => page.getByText('No fields yet.').isVisible()).toBe(true);
    await addField('Add Field', 'Plate', 'Text', async () => {
      await page.getByLabel('Required').check();
      await page.getByLabel(/^Maximum Length/).fill('20');
    });
    await addField('Add Field', 'Odometer', 'Integer');
    await addField('Add User-Defined Field', 'Colour', 'Text', async () => {
      expect(await page.getByLabel('Is UDF').isChecked()).toBe(true);
      const today = await page.evaluate(() => new Date().toLocaleDateString('sv-SE'));
      expect(await page.getByLabel(/^Start Date/).inputValue()).toBe(today);
    });
    expect(await rowNames('Form Fields')).toEqual(['Plate', 'Odometer']);
    expect(await rowNames('User-Defined Fields')).toEqual(['Colour']);
    await screenshot(page, 'form-builder-01-fields');
  });

  it('reorders the fields by keyboard, saved with the fields\' own call', async () => {
    const handle = page.getByRole('button', { name: 'Reorder Odometer' });
    await handle.focus();
    await page.keyboard.press('Space');
    await expect.poll(() => handle.getAttribute('aria-pressed')).toBe('true');
    await page.keyboard.press('ArrowUp');
    await expect.poll(() => rowNames('Form Fields')).toEqual(['Odometer', 'Plate']);
    await page.keyboard.press('Space');
    await expect.poll(() => notice('The new order has been saved.').isVisible()).toBe(true);
    await expect.poll(storedOrder).toEqual(['Odometer', 'Plate']);
    await expect.poll(() => page.getByRole('button', { name: 'Reorder Odometer' }).isEnabled()).toBe(true);
    expect(await rowNames('Form Fields')).toEqual(['Odometer', 'Plate']);
  });

  it('reorders the fields by dragging a row, too', async () => {
    const row = (name: string) => fieldsList('Form Fields').locator('tbody tr').filter({ hasText: name });
    await page.getByRole('button', { name: 'Reorder Plate' }).dragTo(row('Odometer'));
    await expect.poll(storedOrder).toEqual(['Plate', 'Odometer']);
    await expect.poll(() => page.getByRole('button', { name: 'Reorder Plate' }).isEnabled()).toBe(true);
    expect(await rowNames('Form Fields')).toEqual(['Plate', 'Odometer']);
  });

  it('lists the changes on the Revisions tab, newest first', async () => {
    await page.getByRole('tab', { name: 'Revisions' }).click();
    const rows = page.getByRole('table', { name: 'Revisions' }).getByRole('row');
    await expect.poll(() => rows.count()).toBeGreaterThanOrEqual(5); // header, the form, three fields, the reorder
    const revisions = (await rows.allInnerTexts()).slice(1).map((t) => Number(t.split('\t')[0]));
    expect(revisions).toEqual([...revisions].sort((a, b) => b - a));
    await screenshot(page, 'form-builder-02-revisions');
  });

  it("opens the records screen with 'Open records' and creates a record there", async () => {
    await page.getByRole('tab', { name: 'Form' }).click();
    await page.getByRole('link', { name: 'Open records' }).first().click();
    await page.waitForURL((url) => !url.pathname.startsWith('/form/update'));
    const listUrl = page.url();
    await screenshot(page, 'form-builder-03-records-list');
    await page.getByRole('link', { name: /^Add/ }).click();
    await page.getByLabel(/^Plate/).fill('KA-01-1234');
    await page.getByLabel(/^Odometer/).fill('12000');
    await page.getByRole('button', { name: 'Create' }).click();
    await page.waitForURL(listUrl);
    await expect.poll(() => page.getByRole('cell', { name: 'KA-01-1234', exact: true }).isVisible()).toBe(true);
    await screenshot(page, 'form-builder-04-record-created');
  });

  it("refuses to change Odometer to Date in the dry run, with the count of records that do not convert", async () => {
    // Back from the records screen to the form, inside the app (no reload), and on to its Fields tab.
    await page.goBack();
    await page.waitForURL(new RegExp(`/form/update/${formId}$`));
    await page.getByRole('tab', { name: 'Fields' }).click();
    await expect.poll(() => page.getByRole('button', { name: 'Reorder Odometer' }).isEnabled()).toBe(true);
    await page.getByRole('link', { name: 'Edit Odometer' }).click();
    await page.waitForURL(/\/formfield\/update\/\d+$/);
    await expect.poll(() => page.getByLabel(/^Name/).inputValue()).toBe('Odometer');
    await choose(/^Form Field Type/, 'Date');
    await expect.poll(() => page.getByRole('heading', { name: 'Attributes of Date' }).isVisible()).toBe(true);
    await page.getByRole('button', { name: 'Save' }).click();
    const dialog = page.getByRole('dialog');
    await expect.poll(() => dialog.isVisible()).toBe(true);
    const text = await dialog.innerText();
    expect(text).toContain('Change the type from Integer to Date?');
    expect(text).toContain('0 of 1 record with a value convert to Date.');
    expect(text).toContain('1 record cannot be converted, so the change cannot be applied.');
    expect(text).toContain('12000');
    await screenshot(page, 'form-builder-05-type-change');
    await dialog.getByRole('button', { name: 'Close' }).click();
    await expect.poll(() => dialog.count()).toBe(0);
    expect((await app.db('form_fields').where({ FormId: formId, Name: 'Odometer' }).first('FieldType')).FieldType).toBe('integer');
  });

  it("asks 'Delete current record?' before deleting a field, and shows the server's refusal while records hold values", async () => {
    await page.getByRole('button', { name: 'Cancel' }).click();
    await answerLeave();
    await page.waitForURL(new RegExp(`/form/update/${formId}\\?tab=fields$`));
    await page.getByRole('link', { name: 'Delete Odometer' }).click();
    await page.waitForURL(/\/formfield\/delete\/\d+$/);
    await expect.poll(() => page.getByText('Delete current record?').isVisible()).toBe(true);
    await page.getByRole('button', { name: 'Delete' }).click();
    await expect.poll(() => page.getByRole('alert').filter({ hasText: 'hold a value for Odometer' }).first().isVisible()).toBe(true);
    await page.getByRole('button', { name: 'Cancel' }).click();
    await page.waitForURL(new RegExp(`/form/update/${formId}\\?tab=fields$`));
    await expect.poll(() => rowNames('Form Fields')).toEqual(['Plate', 'Odometer']);
  });

  it('logged no console errors (but the browser\'s own line for the refused delete)', () => {
    expect(consoleErrors.filter((e) => !refusedDelete.test(e))).toEqual([]);
    expect(consoleErrors.filter((e) => refusedDelete.test(e))).toHaveLength(1);
  });
});
