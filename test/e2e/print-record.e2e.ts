import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import type { FastifyInstance } from 'fastify';
import { extractText, getDocumentProxy } from 'unpdf';
import { screenshot, startSignedIn } from './harness.ts';

describe('printing a record (Chromium)', () => {
  let app: FastifyInstance;
  let baseUrl: string;
  let browser: Browser;
  let page: Page;
  let consoleErrors: string[];

  beforeAll(async () => {
    ({ app, baseUrl, browser, page, consoleErrors } = await startSignedIn());
    await app.db('client_settings').where('ClientSettingsId', 1).update({ CompanyName: 'Contoso Print Works' });
    await app.db('users').insert([
      { UserName: 'grace', FirstName: 'Grace', LastName: 'Hopper', EmailAddress: 'grace@example.org' },
      { UserName: 'alan', FirstName: 'Alan', LastName: 'Turing', EmailAddress: 'alan@example.org' },
    ]);
  });
  afterAll(async () => {
    await browser?.close();
    await app?.close();
  });

  /** Opens a user's update screen from the list and waits for its form. */
  async function openUser(lastName: string) {
    await page.goto(`${baseUrl}/user`);
    await page.getByRole('cell', { name: lastName }).click();
    await page.waitForURL(/\/user\/update\/\d+$/);
    await expect.poll(() => page.getByRole('form').isVisible()).toBe(true);
  }

  it("prints the open record: the download is a PDF named after it, holding the record's values and the company", async () => {
    await openUser('Hopper');
    const print = page.getByRole('button', { name: 'Print' });
    await expect.poll(() => print.isVisible()).toBe(true);
    await screenshot(page, 'print-01-user-with-print-button');
    const downloading = page.waitForEvent('download');
    await print.click();
    const download = await downloading;
    expect(download.suggestedFilename()).toBe('Users grace.pdf');
    const bytes = await readFile((await download.path())!);
    expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
    const { text } = await extractText(await getDocumentProxy(new Uint8Array(bytes)), { mergePages: true });
    const flat = text.replace(/\s+/g, ' ');
    expect(flat).toContain('Contoso Print Works');
    expect(flat).toContain('Users: grace');
    expect(flat).toContain('First Name Grace');
    expect(flat).toContain('Last Name Hopper');
    expect(flat).toContain('Email Address grace@example.org');
    // Done: the button is ready for another print.
    await expect.poll(() => page.getByRole('button', { name: 'Print' }).isEnabled()).toBe(true);
    expect(consoleErrors).toEqual([]);
  });

  it('tells the user when the print fails: the record was deleted after it was opened', async () => {
    await openUser('Turing');
    await app.db('users').where({ UserName: 'alan' }).delete();
    await page.getByRole('button', { name: 'Print' }).click();
    await expect.poll(() => page.getByText(/The record could not be printed\. This user no longer exists\./).isVisible()).toBe(true);
    await screenshot(page, 'print-02-failure');
    await expect.poll(() => page.getByRole('button', { name: 'Print' }).isEnabled()).toBe(true);
  });
});
