import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import type { FastifyInstance } from 'fastify';
import { screenshot, startSignedIn } from './harness.ts';

describe('lookup table manager and simple lookups (Chromium)', () => {
  let app: FastifyInstance;
  let baseUrl: string;
  let browser: Browser;
  let page: Page;
  let consoleErrors: string[];

  const items = () => page.getByRole('table', { name: 'Items' });
  /** The item names as the table shows them, top to bottom. */
  const shownNames = async () => (await items().locator('tbody tr td:nth-child(2)').allInnerTexts()).map((t) => t.replace(/^\d+\.\s*/, '').trim());
  /** The item names in the stored order. */
  const storedNames = async () => {
    const { SimpleLookupTableId } = await app.db('simple_lookup_tables').where({ SystemName: 'Priority' }).first('SimpleLookupTableId');
    return (await app.db('simple_lookup_items').where({ TableId: SimpleLookupTableId }).orderBy(['SortOrder', 'SimpleLookupItemId']).select('Name')).map((r: { Name: string }) => r.Name);
  };
  async function choose(selector: string, option: string) {
    await expect.poll(() => page.getByRole('combobox', { name: selector }).getAttribute('aria-disabled')).not.toBe('true');
    await page.getByRole('combobox', { name: selector }).click();
    await page.getByRole('option', { name: option, exact: true }).click();
    await expect.poll(() => page.getByRole('listbox').count()).toBe(0);
  }
  async function addItem(name: string) {
    await page.getByRole('button', { name: 'Add Item' }).click();
    const form = page.getByRole('form', { name: /^Add an item to/ });
    await form.getByLabel(/^Name/).fill(name);
    await form.getByRole('button', { name: 'Create' }).click();
    await expect.poll(() => form.count()).toBe(0);
    await expect.poll(shownNames).toContain(name);
  }

  beforeAll(async () => {
    ({ app, baseUrl, browser, page, consoleErrors } = await startSignedIn());
  });
  afterAll(async () => {
    await browser?.close();
    await app?.close();
  });

  it("creates the list 'Priority' in the Lookup Table Manager", async () => {
    await page.goto(`${baseUrl}/lookupTableManager`);
    await page.getByRole('link', { name: 'Add Lookup Table' }).click();
    await page.waitForURL(`${baseUrl}/lookupTableManager/create`);
    await page.getByLabel(/^System Name/).fill('Priority');
    await page.getByLabel(/^Display Name/).fill('Priority');
    await page.getByLabel(/^Description/).fill('How soon something must be done');
    await page.getByRole('button', { name: 'Create' }).click();
    await page.waitForURL(`${baseUrl}/lookupTableManager`);
    await expect.poll(() => page.getByRole('cell', { name: 'Priority', exact: true }).isVisible()).toBe(true);
    await screenshot(page, 'simple-lookups-01-lookup-tables');
  });

  it('adds three items, reorders one by keyboard, edits one and deletes one on /simpleLookup', async () => {
    await page.goto(`${baseUrl}/simpleLookup`);
    await choose('Form', 'All lists');
    await choose('List', 'Priority');
    await expect.poll(() => page.getByText('This list has no items yet', { exact: false }).isVisible()).toBe(true);
    for (const name of ['Low', 'Medium', 'High']) await addItem(name);
    expect(await shownNames()).toEqual(['Low', 'Medium', 'High']);
    await screenshot(page, 'simple-lookups-02-items');

    // Keyboard: Space picks High up, two ArrowUps move it first, Space drops it; each step is announced.
    const handle = page.getByRole('button', { name: 'Reorder High' });
    await handle.focus();
    await page.keyboard.press('Space');
    await expect.poll(() => page.getByRole('status').filter({ hasText: 'High picked up at position 3 of 3' }).count()).toBe(1);
    // The selectors wait while an item is being reordered.
    expect(await page.getByRole('combobox', { name: 'List' }).getAttribute('aria-disabled')).toBe('true');
    await page.keyboard.press('ArrowUp');
    await expect.poll(() => page.getByRole('status').filter({ hasText: 'High moved to position 2 of 3' }).count()).toBe(1);
    await page.keyboard.press('ArrowUp');
    await expect.poll(shownNames).toEqual(['High', 'Low', 'Medium']);
    await page.keyboard.press('Space');
    await expect.poll(storedNames).toEqual(['High', 'Low', 'Medium']);
    await expect.poll(() => page.getByText('The new order has been saved.').first().isVisible()).toBe(true);
    await expect.poll(() => page.getByRole('combobox', { name: 'List' }).getAttribute('aria-disabled')).not.toBe('true');

    // Escape puts a picked-up item back.
    await page.getByRole('button', { name: 'Reorder Low' }).focus();
    await page.keyboard.press('Space');
    await page.keyboard.press('ArrowDown');
    await expect.poll(shownNames).toEqual(['High', 'Medium', 'Low']);
    await page.keyboard.press('Escape');
    await expect.poll(shownNames).toEqual(['High', 'Low', 'Medium']);

    await page.getByRole('button', { name: 'Edit Medium' }).click();
    const edit = page.getByRole('form', { name: 'Edit Medium' });
    await expect.poll(() => page.getByRole('combobox', { name: 'Form' }).getAttribute('aria-disabled')).toBe('true');
    await edit.getByLabel(/^Name/).fill('Normal');
    await edit.getByLabel(/^Description/).fill('Within the week');
    await screenshot(page, 'simple-lookups-03-edit');
    await edit.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => edit.count()).toBe(0);
    await expect.poll(shownNames).toEqual(['High', 'Low', 'Normal']);
    expect(await items().getByRole('row', { name: /Normal/ }).innerText()).toContain('Within the week');

    await page.getByRole('button', { name: 'Delete Low' }).click();
    const dialog = page.getByRole('dialog');
    expect(await dialog.innerText()).toContain('Delete current record?');
    await dialog.getByRole('button', { name: 'Delete' }).click();
    await expect.poll(() => dialog.count()).toBe(0);
    await expect.poll(shownNames).toEqual(['High', 'Normal']);
    expect(await storedNames()).toEqual(['High', 'Normal']);
  });

  it('shows the list and its order again after a reload (the list is remembered for the session)', async () => {
    await page.reload();
    await expect.poll(shownNames).toEqual(['High', 'Normal']);
    expect(await page.getByRole('combobox', { name: 'List' }).innerText()).toContain('Priority');
    await screenshot(page, 'simple-lookups-04-after-reload');
    expect(consoleErrors).toEqual([]);
  });

  it('reorders by dragging a row onto another', async () => {
    await items().getByRole('row', { name: /Normal/ }).dragTo(items().getByRole('row', { name: /High/ }));
    await expect.poll(storedNames).toEqual(['Normal', 'High']);
    await expect.poll(shownNames).toEqual(['Normal', 'High']);
    await expect.poll(() => page.getByRole('combobox', { name: 'List' }).getAttribute('aria-disabled')).not.toBe('true');
  });

  it("opens an item on its own read route, read-only with Cancel going back, and says 'No id was provided.' for id 0", async () => {
    const { SimpleLookupTableId } = await app.db('simple_lookup_tables').where({ SystemName: 'Priority' }).first('SimpleLookupTableId');
    const { SimpleLookupItemId } = await app.db('simple_lookup_items').where({ Name: 'Normal' }).first('SimpleLookupItemId');
    await page.goto(`${baseUrl}/simpleLookup/read/${SimpleLookupTableId}/${SimpleLookupItemId}`);
    await expect.poll(() => page.getByLabel(/^Name/).inputValue()).toBe('Normal');
    expect(await page.getByLabel(/^Name/).isDisabled() || (await page.getByLabel(/^Name/).getAttribute('readonly')) !== null).toBe(true);
    expect(await page.getByRole('button', { name: 'Save' }).count()).toBe(0);
    await page.getByRole('button', { name: 'Cancel' }).click();
    await page.waitForURL(`${baseUrl}/simpleLookup`);
    await page.goto(`${baseUrl}/simpleLookup/update/${SimpleLookupTableId}/0`);
    await expect.poll(() => page.getByText('No id was provided.').isVisible()).toBe(true);
    expect(consoleErrors).toEqual([]);
  });
});
