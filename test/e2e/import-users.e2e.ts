import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import type { FastifyInstance } from 'fastify';
import { screenshot, startSignedIn } from './harness.ts';
import { addRole } from '../server/account-fixtures.ts';

/**
 * Issue 29 for Users in the browser: the Users list's Import action, a CSV of four users of which one is bad (a role
 * that does not exist), the dry run naming it, the three others imported with their roles by name, then in the grid.
 */
describe('importing users from a CSV file (Chromium)', () => {
  let app: FastifyInstance;
  let baseUrl: string;
  let browser: Browser;
  let page: Page;
  let consoleErrors: string[];
  const dir = mkdtempSync(path.join(tmpdir(), 'import-users-e2e-'));
  const file = path.join(dir, 'new-staff.csv');

  beforeAll(async () => {
    ({ app, baseUrl, browser, page, consoleErrors } = await startSignedIn());
    await addRole(app, 'Warehouse');
    writeFileSync(file, [
      'User Name,First Name,Last Name,Email,Roles',
      'ivy.importee,Ivy,Importee,ivy@example.org,Warehouse',
      'jon.importee,Jon,Importee,jon@example.org,warehouse',
      'kim.importee,Kim,Importee,kim@example.org,Night Shift',
      'lea.importee,Lea,Importee,lea@example.org,',
    ].join('\r\n'));
  }, 120_000);

  afterAll(async () => {
    await browser?.close();
    await app?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('shows the bad row in the dry run, imports the others, and the Users grid lists them', async () => {
    await page.goto(`${baseUrl}/user`);
    await page.getByRole('link', { name: 'Import' }).click();
    await page.waitForURL('**/user/import');
    await expect.poll(() => page.getByRole('heading', { name: 'Import Users' }).isVisible()).toBe(true);
    await page.getByLabel('File to import').setInputFiles(file);

    const columns = page.getByRole('table', { name: 'Columns and fields' });
    await expect.poll(() => columns.isVisible()).toBe(true);
    for (const [column, field] of [['User Name', 'User Name'], ['First Name', 'First Name'], ['Last Name', 'Last Name'], ['Email', 'Email Address'], ['Roles', 'Role']]) {
      expect(await page.getByRole('combobox', { name: `Field for ${column}` }).innerText()).toBe(field);
    }
    await page.getByRole('button', { name: 'Check Rows' }).click();

    const bad = page.getByRole('table', { name: 'Bad rows' });
    await expect.poll(() => bad.isVisible(), { timeout: 60_000 }).toBe(true);
    const rows = await bad.locator('tbody tr').allInnerTexts();
    expect(rows.map((r) => r.split('\t').map((c) => c.trim()))).toEqual([['4', 'Role', 'The role Night Shift does not exist or is inactive.']]);
    await screenshot(page, 'import-users-1-dry-run');

    await page.getByRole('button', { name: 'Import', exact: true }).click();
    const done = page.getByRole('status').filter({ hasText: 'Imported 3 users; skipped 1 bad rows.' });
    await expect.poll(() => done.isVisible(), { timeout: 60_000 }).toBe(true);

    await page.getByRole('link', { name: /^Go to / }).click();
    await page.waitForURL(`${baseUrl}/user`);
    await page.getByLabel('Search', { exact: true }).fill('Importee');
    for (const email of ['ivy@example.org', 'jon@example.org', 'lea@example.org']) {
      await expect.poll(() => page.getByRole('cell', { name: email, exact: true }).isVisible(), { timeout: 30_000 }).toBe(true);
    }
    expect(await page.getByRole('cell', { name: 'kim@example.org', exact: true }).count()).toBe(0);
    await screenshot(page, 'import-users-2-grid');
    const imported = await app.db('users').where('LastName', 'Importee').orderBy('UserName').select('UserName', 'IsVerified', 'PasswordHash');
    expect(imported).toEqual(['ivy.importee', 'jon.importee', 'lea.importee'].map((UserName) => ({ UserName, IsVerified: false, PasswordHash: null })));
  });

  it('logged no console errors', () => {
    expect(consoleErrors).toEqual([]);
  });
});
