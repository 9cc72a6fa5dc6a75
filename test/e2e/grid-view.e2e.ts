import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import type { FastifyInstance } from 'fastify';
import { parse } from 'csv-parse/sync';
import { screenshot, startSignedIn } from './harness.ts';

const lastNames = ['Abbott', 'Baker', 'Carter', 'Dawson', 'Ellis', 'Foster', 'Garcia', 'Hughes', 'Irwin', 'Jensen', 'Keller', 'Lambert'];
const firstNames = ['Amara', 'Bruno', 'Chen', 'Dalia', 'Emeka', 'Farah', 'Goran', 'Hana', 'Ivo', 'Jun'];

/** 120 users, each (last, first) pair once; even ones have an 'alpha' address, odd ones 'beta'. */
const people = Array.from({ length: 120 }, (_, i) => ({
  UserName: `user${i}`,
  LastName: lastNames[i % lastNames.length],
  FirstName: firstNames[Math.floor(i / lastNames.length)],
  EmailAddress: `user${i}@${i % 2 ? 'beta' : 'alpha'}.example.org`,
}));

/** The view the test builds: 'alpha' users, Last Name descending then First Name ascending. */
const expectedOrder = people
  .filter((p) => p.EmailAddress.includes('alpha'))
  .sort((a, b) => (a.LastName === b.LastName ? (a.FirstName < b.FirstName ? -1 : 1) : a.LastName < b.LastName ? 1 : -1))
  .map((p) => [p.LastName, p.FirstName]);

async function tableRows(page: Page): Promise<string[][]> {
  return page.locator('tbody tr').evaluateAll((rows) => rows.map((r) => [...r.querySelectorAll('td')].map((td) => td.textContent ?? '')));
}
const dataHeaders = async (page: Page) => (await page.getByRole('columnheader').allTextContents()).filter((h) => !['Edit', 'Delete'].includes(h));

describe('listing grid view in the URL, saved views and CSV export (Chromium)', () => {
  let app: FastifyInstance;
  let baseUrl: string;
  let browser: Browser;
  let page: Page;
  let consoleErrors: string[];
  let viewUrl: string;

  beforeAll(async () => {
    ({ app, baseUrl, browser, page, consoleErrors } = await startSignedIn());
    await app.db('users').insert(people);
  });
  afterAll(async () => {
    await browser?.close();
    await app?.close();
  });

  it('pages with Next, sorts by two columns, searches, hides a column; a reload shows the same view', async () => {
    await page.goto(`${baseUrl}/user`);
    await expect.poll(() => page.getByText('50 of 121').isVisible()).toBe(true);
    await page.getByRole('button', { name: 'Next page' }).click();
    await page.waitForURL(/page=2&after=/);
    await expect.poll(() => page.getByText('Page 2 of 3').isVisible()).toBe(true);

    // A plain click sorts by that column alone, as in every grid people know.
    await page.getByRole('button', { name: 'First Name' }).click();
    await page.waitForURL(/sorts=FirstName,asc(&|$)/);
    await expect.poll(() => dataHeaders(page)).toEqual(['Last Name', 'First Name, sorted ascending', 'Email Address']);
    // Last Name ascending alone is the list's default order, which the address leaves out.
    await page.getByRole('button', { name: /^Last Name/ }).click();
    await page.waitForURL((url) => !url.search.includes('sorts='));
    await expect.poll(() => dataHeaders(page)).toEqual(['Last Name, sorted ascending', 'First Name', 'Email Address']);
    await page.getByRole('button', { name: 'Next page' }).click();
    await page.waitForURL(/page=2&after=/);
    // Two sorts: Shift-click adds First Name after Last Name (multi-sort); then Last Name turns descending in place.
    await page.getByRole('button', { name: 'First Name' }).click({ modifiers: ['Shift'] });
    await page.waitForURL(/sorts=LastName,asc,FirstName,asc/);
    await page.getByRole('button', { name: /^Last Name/ }).click({ modifiers: ['Shift'] });
    await page.waitForURL(/sorts=LastName,desc,FirstName,asc/);

    await page.getByRole('combobox', { name: 'Rows per page' }).click();
    await page.getByRole('option', { name: '20' }).click();
    await page.waitForURL(/pageSize=20/);
    await page.getByRole('searchbox', { name: 'Search' }).fill('alpha');
    await page.getByRole('searchbox', { name: 'Search' }).press('Enter');
    await page.waitForURL(/q=alpha/);
    await expect.poll(() => page.getByText('20 of 60').isVisible()).toBe(true);

    await page.getByRole('button', { name: 'Columns' }).click();
    await page.getByRole('menuitemcheckbox', { name: /Email Address/ }).click();
    await page.keyboard.press('Escape');
    await page.waitForURL(/cols=LastName,FirstName/);

    await page.getByRole('button', { name: 'Next page' }).click();
    await page.waitForURL(/page=2&after=/);
    await expect.poll(() => page.getByText('Page 2 of 3').isVisible()).toBe(true);
    await expect.poll(async () => (await tableRows(page))[0]?.slice(0, 2)).toEqual(expectedOrder[20]);
    const rows = await tableRows(page);
    expect(rows.map((r) => r.slice(0, 2))).toEqual(expectedOrder.slice(20, 40));
    const headers = await dataHeaders(page);
    expect(headers).toEqual(['Last Name1, sorted descending', 'First Name2, sorted ascending']);
    await screenshot(page, '20-grid-view-page-2');

    viewUrl = page.url();
    expect(new URL(viewUrl).search).toMatch(/^\?page=2&after=[^&]+&pageSize=20&q=alpha&sorts=LastName,desc,FirstName,asc&cols=LastName,FirstName$/);
    await page.reload();
    await expect.poll(() => page.getByText('Page 2 of 3').isVisible()).toBe(true);
    await expect.poll(() => tableRows(page)).toEqual(rows);
    expect(await dataHeaders(page)).toEqual(headers);
    expect(page.url()).toBe(viewUrl);
    expect(await page.getByRole('searchbox', { name: 'Search' }).inputValue()).toBe('alpha');
  });

  it('saves the view as the default for the page, and a visit without a query opens on it', async () => {
    await page.getByRole('button', { name: 'Save view' }).click();
    await expect.poll(() => page.getByText('Your default view for this page has been saved.').isVisible()).toBe(true);
    await screenshot(page, '21-grid-view-saved');

    await page.goto(`${baseUrl}/home`);
    await page.goto(`${baseUrl}/user`);
    await page.waitForURL(`${baseUrl}/user?pageSize=20&q=alpha&sorts=LastName,desc,FirstName,asc&cols=LastName,FirstName`);
    await expect.poll(() => page.getByText('Page 1 of 3').isVisible()).toBe(true);
    await expect.poll(async () => (await tableRows(page)).map((r) => r.slice(0, 2))).toEqual(expectedOrder.slice(0, 20));
    expect(await dataHeaders(page)).toEqual(['Last Name1, sorted descending', 'First Name2, sorted ascending']);
    await screenshot(page, '22-grid-default-view-opened');
  });

  it('exports the current view (all its rows, its order, its visible columns) to CSV', async () => {
    const downloading = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export' }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toMatch(/^users-\d{4}-\d{2}-\d{2}\.csv$/);
    const text = await readFile((await download.path())!, 'utf8');
    const [header, ...rows] = parse(text.replace(/^\uFEFF/, '')) as string[][];
    expect(header).toEqual(['Last Name', 'First Name']);
    expect(rows).toHaveLength(60);
    expect(rows).toEqual(expectedOrder);
    await expect.poll(() => page.getByRole('button', { name: 'Export' }).isEnabled()).toBe(true);
    await screenshot(page, '23-grid-exported');
  });

  it('shows the seeded row actions, hides Delete on the master user, and opens an action with the row id', async () => {
    await page.goto(`${baseUrl}/user?q=Administrator`);
    const adminRow = page.getByRole('row').filter({ hasText: 'Administrator' });
    await expect.poll(() => adminRow.getByRole('button', { name: 'Edit' }).isVisible()).toBe(true);
    expect(await adminRow.getByRole('button', { name: 'Delete' }).count()).toBe(0);
    await page.goto(`${baseUrl}/user?q=user7@`);
    const row = page.getByRole('row').filter({ hasText: 'user7@beta.example.org' });
    await expect.poll(() => row.getByRole('button', { name: 'Delete' }).isVisible()).toBe(true);
    await screenshot(page, '24-grid-row-actions');
    const id = (await app.db('users').where({ UserName: 'user7' }).first('UserId')).UserId as number;
    await row.getByRole('button', { name: 'Delete' }).click();
    await page.waitForURL(`${baseUrl}/user/delete/${id}`);
    expect(consoleErrors).toEqual([]);
  });
});
