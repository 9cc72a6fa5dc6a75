import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import type { FastifyInstance } from 'fastify';
import { screenshot, startSignedIn } from './harness.ts';
import { adminApi, seedBuiltForm, type SeededForm } from './seed-through-api.ts';
import { addUser } from '../server/account-fixtures.ts';

/**
 * Issue 29 in the browser: an administrator imports a CSV of 1,000 rows into a built form from its list's Import action.
 * The columns come matched to the fields by label; the dry run lists the three bad rows by number, field and message;
 * the import skips them with its progress shown; the grid then lists the 997 imported records beside the one there was.
 */
describe('importing records from a CSV file (Chromium)', () => {
  let app: FastifyInstance;
  let baseUrl: string;
  let browser: Browser;
  let page: Page;
  let consoleErrors: string[];
  let form: SeededForm;
  const dir = mkdtempSync(path.join(tmpdir(), 'import-e2e-'));
  const file = path.join(dir, 'deliveries.csv');

  beforeAll(async () => {
    // Batches of 100 with a pause between: the progress bar is there to see.
    ({ app, baseUrl, browser, page, consoleErrors } = await startSignedIn({ importBatchRows: 100, importBatchPauseMs: 100 }));
    // Seeded by another administrator: a second sign-in of the browser's own user would end its session.
    await addUser(app, { UserName: 'formadmin', Password: 'Admin12345', RoleIds: [1] });
    form = await seedBuiltForm(await adminApi(app, 'formadmin', 'Admin12345'), 'Delivery Log');
    const lines = ['Subject,Priority,Due Date,Budget,Approved'];
    for (let i = 1; i <= 1000; i++) {
      // File rows 101, 502 and 903 (the header is row 1) are bad: no subject, an item not in the list, a date that is none.
      const subject = i === 100 ? '' : `Delivery ${i}`;
      const priority = i === 501 ? 'Whenever' : i % 2 ? 'Urgent' : 'routine';
      const due = i === 902 ? '31/31/2026' : `${String((i % 12) + 1).padStart(2, '0')}/15/2026`;
      lines.push(`${subject},${priority},${due},"$${i},000.50",${i % 3 ? 'Yes' : 'No'}`);
    }
    writeFileSync(file, `${lines.join('\r\n')}\r\n`);
  }, 120_000);

  afterAll(async () => {
    await browser?.close();
    await app?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('shows the three bad rows in the dry run, imports the rest with its progress, and the grid lists them', async () => {
    await page.goto(`${baseUrl}${form.listUrl}`);
    await page.getByRole('link', { name: 'Import' }).click();
    await page.waitForURL(`**${form.listUrl}/import`);
    await expect.poll(() => page.getByRole('heading', { name: 'Import Delivery Log' }).isVisible()).toBe(true);
    await page.getByLabel('File to import').setInputFiles(file);

    // Every column matched to its field by label.
    const columns = page.getByRole('table', { name: 'Columns and fields' });
    await expect.poll(() => columns.isVisible()).toBe(true);
    for (const [column, field] of [['Subject', 'Subject'], ['Priority', 'Priority'], ['Due Date', 'Due Date'], ['Budget', 'Budget'], ['Approved', 'Approved']]) {
      expect(await page.getByRole('combobox', { name: `Field for ${column}` }).innerText()).toBe(field);
    }
    await screenshot(page, 'import-records-1-columns');
    await page.getByRole('button', { name: 'Check Rows' }).click();

    const bad = page.getByRole('table', { name: 'Bad rows' });
    await expect.poll(() => bad.isVisible(), { timeout: 60_000 }).toBe(true);
    expect(await page.getByRole('status', { name: 'Dry run result' }).innerText()).toMatch(/1,000 rows checked\s+997 good rows\s+3 bad rows/);
    const rows = await bad.locator('tbody tr').allInnerTexts();
    expect(rows.map((r) => r.split('\t').map((c) => c.trim()))).toEqual([
      ['101', 'Subject', 'Subject is required.'],
      ['502', 'Priority', 'Choose Priority from its list.'],
      ['903', 'Due Date', expect.stringContaining('Due Date')],
    ]);
    expect(await page.getByRole('radio', { name: /^All or nothing/ }).isDisabled()).toBe(true);
    expect(await page.getByRole('radio', { name: /^Skip the bad rows/ }).isChecked()).toBe(true);
    await screenshot(page, 'import-records-2-dry-run');

    await page.getByRole('button', { name: 'Import', exact: true }).click();
    const progress = page.getByRole('status', { name: 'Import progress' });
    await expect.poll(() => progress.isVisible(), { timeout: 30_000 }).toBe(true);
    expect(await page.getByRole('button', { name: 'Cancel' }).isEnabled()).toBe(true);
    await screenshot(page, 'import-records-3-progress');
    const done = page.getByRole('status').filter({ hasText: 'Imported 997 records; skipped 3 bad rows.' });
    await expect.poll(() => done.isVisible(), { timeout: 120_000 }).toBe(true);
    expect(await page.getByRole('table', { name: 'Past imports' }).innerText()).toContain('deliveries.csv');
    await screenshot(page, 'import-records-4-done');

    await page.getByRole('link', { name: /^Go to / }).click();
    await page.waitForURL(`**${form.listUrl}`);
    await expect.poll(() => page.getByText(/of 998\b/).first().isVisible(), { timeout: 30_000 }).toBe(true);
    await page.getByLabel('Search', { exact: true }).fill('Delivery 999');
    await expect.poll(() => page.getByRole('cell', { name: 'Delivery 999', exact: true }).isVisible(), { timeout: 30_000 }).toBe(true);
    await screenshot(page, 'import-records-5-grid');
    const stored = await app.db(`form_records_${form.FormId}`).count({ N: '*' });
    expect(Number(stored[0].N)).toBe(998);
  });

  it('logged no console errors', () => {
    expect(consoleErrors).toEqual([]);
  });
});
