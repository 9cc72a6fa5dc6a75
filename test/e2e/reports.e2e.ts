import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import type { FastifyInstance } from 'fastify';
import ExcelJS from 'exceljs';
import { extractText, getDocumentProxy } from 'unpdf';
import { screenshot, signedInBrowser, startServer } from './harness.ts';
import { expectAccessible } from './accessibility.ts';
import { adminApi, seedBuiltForm } from './seed-through-api.ts';

/**
 * Issue 31's reports screen in Chromium against the real server and its shipped definitions: choose a report by
 * keyboard, fill its filters (a date range typed, a select many), see the required rule hold the report back, then the
 * table, totals and chart; save a favourite and load it; export CSV and XLSX and read the files; a dependent select
 * narrowed by its parent; no console error, and axe on each state.
 */
describe('the reports screen, end to end (Chromium)', () => {
  let app: FastifyInstance;
  let baseUrl: string;
  let browser: Browser;
  let page: Page;
  let errors: string[];
  const today = new Date();
  const pad = (n: number) => String(n).padStart(2, '0');
  const todayTyped = `${pad(today.getMonth() + 1)}${pad(today.getDate())}${today.getFullYear()}`;
  const table = () => page.getByRole('table');
  const rowsText = async () => (await table().getByRole('row').allInnerTexts()).map((t) => t.replace(/\s+/g, ' ').trim());
  const combobox = (name: RegExp) => page.getByRole('combobox', { name });

  /** Types a date into a picker, section by section, as a person does (MM dd yyyy). */
  async function typeDate(group: string, digits: string) {
    await page.getByRole('group', { name: new RegExp(`^${group}`) }).getByRole('spinbutton', { name: 'Month' }).click();
    await page.keyboard.press('ControlOrMeta+a');
    await page.keyboard.press('Backspace');
    if (digits) await page.keyboard.type(digits);
  }

  /** A select many of the filters: what is chosen now removed, then the options named chosen. */
  async function chooseMany(label: RegExp, names: string[]) {
    const box = combobox(label);
    await box.click();
    for (const chip of await page.getByRole('button').filter({ has: page.locator('.MuiChip-deleteIcon') }).all()) {
      if (await chip.isVisible()) await chip.locator('.MuiChip-deleteIcon').click();
    }
    for (const name of names) await page.getByRole('option', { name, exact: true }).click();
    await page.keyboard.press('Escape');
  }

  async function download(button: string): Promise<{ name: string; path: string }> {
    const [file] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: button }).click()]);
    return { name: file.suggestedFilename(), path: (await file.path())! };
  }

  beforeAll(async () => {
    ({ app, baseUrl } = await startServer());
    const api = await adminApi(app);
    // A built form with a record: its create is in the audit trail the activity reports read.
    await seedBuiltForm(api, 'Work Order');
    ({ browser, page, consoleErrors: errors } = await signedInBrowser(baseUrl));
  });
  afterAll(async () => {
    await browser?.close();
    await app?.close();
  });

  it('opens from the menu: the reports by category, found by searching and opened by keyboard', async () => {
    await page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Reports', exact: true }).click();
    await page.waitForURL(`${baseUrl}/reportmodule/view`);
    const chooser = page.getByRole('navigation', { name: 'Reports' });
    await expect.poll(() => chooser.getByRole('heading').allInnerTexts()).toEqual(['Users and Access', 'Activity']);
    await expectAccessible(page, 'the report chooser');
    await screenshot(page, 'reports-00-chooser');
    await page.getByRole('searchbox', { name: 'Search reports' }).fill('records');
    await expect.poll(() => chooser.getByRole('button').count()).toBe(1);
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    await expect.poll(() => page.getByRole('heading', { name: 'Records per Form per Month', level: 2 }).isVisible()).toBe(true);
    await page.getByRole('group', { name: 'Period' }).waitFor();
  });

  it('holds the report back while a filter is empty, then shows the table, its totals and the chart', async () => {
    await typeDate('To', '');
    await page.getByRole('button', { name: 'Generate' }).click();
    await expect.poll(() => page.getByText('This field is required.').isVisible()).toBe(true);
    expect(await table().count()).toBe(0);
    await expectAccessible(page, 'the filters with a required one empty');
    await screenshot(page, 'reports-01-required');

    await typeDate('From', '01012020');
    await typeDate('To', todayTyped);
    await chooseMany(/^Forms/, ['Work Order']);
    await page.getByRole('button', { name: 'Generate' }).click();
    const month = `${today.getFullYear()}-${pad(today.getMonth() + 1)}`;
    await expect.poll(rowsText).toEqual(['Form Month Records', `Work Order ${month} 1`, 'Subtotal: Work Order 1', 'Total 1']);
    expect(await page.getByText('This field is required.').count()).toBe(0);
    await page.getByRole('figure', { name: 'Records per month' }).locator('svg').first().waitFor();
    await expectAccessible(page, 'the report shown');
    await screenshot(page, 'reports-02-viewer');
  });

  it('saves the filters as a favourite and loads them back', async () => {
    await page.getByRole('button', { name: 'Add to favourites' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add to favourites' });
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => dialog.getByText('Name is required.').isVisible()).toBe(true);
    await expectAccessible(page, 'the favourite name asked for');
    await dialog.getByRole('textbox', { name: 'Name' }).fill('Work orders since 2020');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => dialog.count()).toBe(0);
    const load = page.getByRole('button', { name: 'Load favourite Work orders since 2020' });
    await load.waitFor();
    // The chooser marks the report as having a favourite.
    await expect.poll(() => page.getByRole('navigation', { name: 'Reports' }).getByRole('img', { name: 'Has favourites' }).count()).toBe(1);

    // Filters changed, then the favourite loaded: its values are back and the report runs with them.
    await chooseMany(/^Forms/, ['All']);
    await typeDate('From', '');
    await load.click();
    await expect.poll(() => combobox(/^Forms/).locator('xpath=..').innerText()).toContain('Work Order');
    await expect.poll(rowsText).toContain('Total 1');
    expect(await page.getByText('This field is required.').count()).toBe(0);
    await expectAccessible(page, 'a favourite loaded');
    await screenshot(page, 'reports-03-favourite');
  });

  it('exports the whole result as CSV, XLSX and PDF, in the columns and titles of the table', async () => {
    const csv = await download('Export CSV');
    const date = new Date().toISOString().slice(0, 10);
    expect(csv.name).toBe(`records-per-form-per-month-${date}.csv`);
    const month = `${today.getFullYear()}-${pad(today.getMonth() + 1)}`;
    expect((await readFile(csv.path, 'utf8')).replace(/^\uFEFF/, '').trim().split(/\r?\n/)).toEqual(['Form,Month,Records', `Work Order,${month},1`]);
    await expect.poll(() => page.getByText(`Exported to ${csv.name}.`).isVisible()).toBe(true);

    const xlsx = await download('Export XLSX');
    expect(xlsx.name).toBe(`records-per-form-per-month-${date}.xlsx`);
    const book = new ExcelJS.Workbook();
    await book.xlsx.readFile(xlsx.path);
    const sheet = book.worksheets[0];
    expect(sheet.getRow(1).values).toEqual([undefined, 'Form', 'Month', 'Records']);
    expect(sheet.getRow(2).values).toEqual([undefined, 'Work Order', month, 1]);

    const pdf = await download('Export PDF');
    expect(pdf.name).toBe(`records-per-form-per-month-${date}.pdf`);
    const { text } = await extractText(await getDocumentProxy(new Uint8Array(await readFile(pdf.path))), { mergePages: true });
    for (const shown of ['Records per Form per Month', 'Form', 'Month', 'Records', 'Work Order', month]) expect(text).toContain(shown);
    await expectAccessible(page, 'after the exports');
  });

  it('runs an export in the background when asked, shows it under Background exports, tells when it is ready, and downloads it', async () => {
    await page.getByLabel('In the background').check();
    await page.getByRole('button', { name: 'Export CSV' }).click();
    await page.getByText(/^The CSV export of 1 row runs in the background/).waitFor();
    const job = page.getByRole('listitem', { name: /^Records per Form per Month, CSV/ });
    await expect.poll(() => job.getAttribute('aria-label'), { timeout: 30_000 }).toBe('Records per Form per Month, CSV, Ready');
    await page.getByText('The CSV export of Records per Form per Month is ready: download it under Background exports.').waitFor();
    await screenshot(page, 'reports-05-background-export');
    const [file] = await Promise.all([page.waitForEvent('download'), job.getByRole('button', { name: 'Download CSV' }).click()]);
    const month = `${today.getFullYear()}-${pad(today.getMonth() + 1)}`;
    expect((await readFile((await file.path())!, 'utf8')).replace(/^\uFEFF/, '').trim().split(/\r?\n/)).toEqual(['Form,Month,Records', `Work Order,${month},1`]);
    await expectAccessible(page, 'a background export ready');
    await job.getByRole('button', { name: 'Remove' }).click();
    await expect.poll(() => job.count()).toBe(0);
    await page.getByLabel('In the background').uncheck();
  });

  it('pages and sorts on the server: 31 days of sign-ins, ten a page, the newest first when sorted by day', async () => {
    await page.getByRole('searchbox', { name: 'Search reports' }).fill('');
    await page.getByRole('button', { name: /^Sign-ins over Time/ }).click();
    await page.getByRole('group', { name: 'Period' }).waitFor();
    await page.getByRole('button', { name: 'Generate' }).click();
    await expect.poll(() => page.getByText('1–10 of 31').isVisible()).toBe(true);
    await page.getByRole('figure', { name: 'Sign-ins per day' }).locator('svg').first().waitFor();
    await page.getByRole('button', { name: 'Go to next page' }).click();
    await expect.poll(() => page.getByText('11–20 of 31').isVisible()).toBe(true);
    await page.getByRole('combobox', { name: /^Rows per page/ }).click();
    await page.getByRole('option', { name: '50', exact: true }).click();
    await expect.poll(async () => (await rowsText()).length).toBe(1 + 31 + 1);
    const shown = `${pad(today.getMonth() + 1)}/${pad(today.getDate())}/${today.getFullYear()}`;
    await table().getByRole('button', { name: 'Day' }).click();
    await table().getByRole('button', { name: /^Day/ }).click();
    await expect.poll(async () => (await rowsText())[1]).toMatch(new RegExp(`^${shown} \\d+$`));
    await expectAccessible(page, 'a long report paged and sorted');
  });

  it("narrows a dependent select by its parent's value, and Cancel goes back to the chooser", async () => {
    await page.getByRole('searchbox', { name: 'Search reports' }).fill('');
    await page.getByRole('button', { name: /^Changes per User/ }).click();
    await combobox(/^User/).waitFor();
    await combobox(/^User/).click();
    await page.getByRole('option', { name: 'admin', exact: true }).click();
    // The forms admin changed: Work Order (and All).
    await combobox(/^Forms/).click();
    await expect.poll(() => page.getByRole('option').allInnerTexts()).toEqual(['All', 'Work Order']);
    await page.keyboard.press('Escape');
    await chooseMany(/^Forms/, ['Work Order']);
    await page.getByRole('button', { name: 'Generate' }).click();
    await expect.poll(async () => (await rowsText()).at(-1)).toMatch(/^Total \d+$/);
    expect((await rowsText()).slice(1, -2).every((r) => r.startsWith('admin Work Order'))).toBe(true);
    await expectAccessible(page, 'the dependent select applied');
    await screenshot(page, 'reports-04-dependent');

    await page.getByRole('button', { name: 'Cancel' }).click();
    await expect.poll(() => page.getByRole('form', { name: 'Report filters' }).count()).toBe(0);
    await expect.poll(() => page.getByRole('navigation', { name: 'Reports' }).isVisible()).toBe(true);
    expect(errors).toEqual([]);
  });
});
