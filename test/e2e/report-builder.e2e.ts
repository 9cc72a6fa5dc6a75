import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import type { FastifyInstance } from 'fastify';
import { screenshot, signedInBrowser, startServer } from './harness.ts';
import { expectAccessible } from './accessibility.ts';
import { adminApi } from './seed-through-api.ts';
import { addRole, addUser, grantModule } from '../server/account-fixtures.ts';
import { revokeNode } from '../server/access-fixtures.ts';
import { startSmtpCatcher, type CaughtMail, type SmtpCatcher } from '../server/smtp-catcher.ts';

const clerkPassword = 'Clerk12345';

/**
 * Issue 31's Shows, second half, in Chromium: a form with a field its clerks' role hides; the administrator builds a
 * report on it with the builder (columns with the hidden field among them, a filter, a grouping with a total, a chart)
 * granted to the clerks' role; a clerk opens it in the viewer and generates it: the hidden field's column is absent,
 * the others are there with their values. The clerk then schedules it by e-mail from a favourite and, sent now, it
 * arrives with the report attached, the hidden field absent there too.
 */
describe('the report builder, end to end (Chromium)', () => {
  let app: FastifyInstance;
  let baseUrl: string;
  let admin: { browser: Browser; page: Page; consoleErrors: string[] };
  let clerk: { browser: Browser; page: Page; consoleErrors: string[] } | undefined;
  let reportId: number;
  let formId: number;
  let smtp: SmtpCatcher;
  const rowsText = async (within: Pick<Page, 'getByRole'>) => (await within.getByRole('table').getByRole('row').allInnerTexts()).map((t) => t.replace(/\s+/g, ' ').trim());

  beforeAll(async () => {
    smtp = await startSmtpCatcher();
    ({ app, baseUrl } = await startServer({ smtpUrl: smtp.url }));
    const api = await adminApi(app);
    const built = await api.post<{ FormId: number }>('/api/forms/build', {
      Name: 'Incident', Fields: [
        { Label: 'Title', FieldType: 'text', Required: true }, { Label: 'Severity', FieldType: 'selectOne', Items: ['Low', 'High'] },
        { Label: 'Cost', FieldType: 'decimal' }, { Label: 'Secret', FieldType: 'text' },
      ],
    }, 201);
    // Clerks hold the form without its Secret field; they record incidents (and see their own only).
    formId = built.FormId;
    const clerks = await addRole(app, 'Clerk');
    await grantModule(app, clerks, `Form${built.FormId}`);
    await revokeNode(app, clerks, `Form${built.FormId}`, { type: 'field', name: 'Secret' });
    await addUser(app, { UserName: 'clara', Password: clerkPassword, RoleIds: [clerks] });
    const clara = await adminApi(app, 'clara', clerkPassword);
    const { AttributeValues } = await app.db('form_fields').where({ FormId: built.FormId, StoredName: 'Severity' }).first('AttributeValues');
    const items = new Map((await app.db('simple_lookup_items').where({ TableId: AttributeValues.lookupListId }).select('Name', 'SimpleLookupItemId'))
      .map((i: { Name: string; SimpleLookupItemId: number }) => [i.Name, i.SimpleLookupItemId]));
    for (const [Title, severity, Cost] of [['Leak', 'High', 120], ['Spill', 'High', 30], ['Dent', 'Low', 10]] as const) {
      await clara.post(`/api/forms/${built.FormId}/records`, { Title, Severity: items.get(severity), Cost }, 201);
    }
    admin = await signedInBrowser(baseUrl);
  });
  afterAll(async () => {
    await clerk?.browser.close();
    await admin?.browser.close();
    await app?.close();
    await smtp?.close();
  });

  it('the administrator builds the report on the form with the builder, granted to the clerks', async () => {
    const { page } = admin;
    // From the menu: the Forms group lists the Report Builder (a list screen of Form Management no item names).
    const nav = page.getByRole('navigation', { name: 'Main menu' });
    await nav.getByRole('button', { name: 'Forms', exact: true }).click();
    await nav.getByRole('link', { name: 'Report Builder', exact: true }).click();
    await page.waitForURL(`${baseUrl}/reportmodule/build`);
    await page.getByText('No report has been built on a form yet.').waitFor();
    await expectAccessible(page, 'the report builder with no report');
    await page.getByRole('link', { name: 'New report' }).click();
    await page.waitForURL(`${baseUrl}/reportmodule/build/edit`);
    await page.getByRole('textbox', { name: 'Name' }).fill('Incidents by Severity');
    await page.getByRole('combobox', { name: 'Category' }).fill('Incidents');
    await page.getByRole('textbox', { name: 'Description' }).fill('Every incident with its cost.');
    await page.getByRole('combobox', { name: 'Form' }).selectOption({ label: 'Incident' });
    const fields = page.getByRole('table', { name: 'Fields of the form' });
    await fields.getByRole('checkbox', { name: 'Title is a column' }).waitFor();
    // Prefilled titles, as the form has them.
    expect(await fields.getByRole('textbox', { name: 'Title of Records' }).inputValue()).toBe('Records');
    for (const name of ['Title', 'Severity', 'Cost', 'Secret', 'Records']) await fields.getByRole('checkbox', { name: `${name} is a column` }).check();
    // Sum and average are offered for numbers only.
    expect(await fields.getByRole('combobox', { name: 'Total of Title' }).locator('option').allInnerTexts()).toEqual(['None', 'Count']);
    await fields.getByRole('combobox', { name: 'Total of Cost' }).selectOption({ label: 'Sum' });
    await fields.getByRole('combobox', { name: 'Total of Records' }).selectOption({ label: 'Sum' });
    await fields.getByRole('checkbox', { name: 'Filter by Severity' }).check();
    await page.getByRole('combobox', { name: 'Group by' }).selectOption({ label: 'Severity' });
    await page.getByRole('combobox', { name: 'Chart', exact: true }).selectOption({ label: 'Bar' });
    await page.getByRole('combobox', { name: 'Chart labels' }).selectOption({ label: 'Severity' });
    await page.getByRole('checkbox', { name: 'Records (count)' }).check();
    await page.getByRole('combobox', { name: 'Roles who may run it' }).click();
    await page.getByRole('option', { name: 'Clerk', exact: true }).click();
    await page.keyboard.press('Escape');
    await expectAccessible(page, 'the report builder filled in');
    await screenshot(page, 'report-builder-01-filled');

    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await page.waitForURL(/\/reportmodule\/build\/edit\?reportId=\d+$/);
    reportId = Number(new URL(page.url()).searchParams.get('reportId'));
    await page.getByText('The report has been saved.').waitFor();
    // The saved report read back for update: what was chosen is there.
    await expect.poll(() => page.getByRole('checkbox', { name: 'Secret is a column' }).isChecked()).toBe(true);
    expect(await page.getByRole('combobox', { name: 'Total of Cost' }).inputValue()).toBe('sum');
    await expectAccessible(page, 'the report saved');
    await screenshot(page, 'report-builder-02-saved');
    const saved = await app.db('reports').where({ ReportId: reportId }).first('DispName', 'NodeId');
    expect(saved.DispName).toBe('Incidents by Severity');
    const granted = await app.db('role_permissions as p').join('roles as r', 'r.RoleId', 'p.RoleId').where({ 'p.NodeId': saved.NodeId, 'p.HasAccess': true }).select('r.Name');
    expect(granted.map((g: { Name: string }) => g.Name)).toEqual(['Clerk']);

    // "Run it" opens the report in the viewer; the list offers it to edit, run and delete.
    await page.getByRole('link', { name: 'Run it' }).click();
    await page.waitForURL(`${baseUrl}/reportmodule/view?reportId=${reportId}`);
    await page.getByRole('heading', { name: 'Incidents by Severity', level: 2 }).waitFor();
    await page.goto(`${baseUrl}/reportmodule/build`);
    const listed = page.getByRole('row', { name: /Incidents by Severity/ });
    await listed.getByRole('link', { name: 'Edit Incidents by Severity' }).waitFor();
    expect((await listed.getByRole('cell').allInnerTexts()).slice(0, 4)).toEqual(['Incidents by Severity', 'Incident', 'Incidents', 'Every incident with its cost.']);
    await expectAccessible(page, 'the built reports');
    expect(admin.consoleErrors).toEqual([]);
  });

  it('a clerk generates it: the hidden field is no column, the others are there with their values', async () => {
    clerk = await signedInBrowser(baseUrl, 'clara', clerkPassword);
    const { page } = clerk;
    await page.goto(`${baseUrl}/reportmodule/view?reportId=${reportId}`);
    await page.getByRole('heading', { name: 'Incidents by Severity', level: 2 }).waitFor();
    await page.getByRole('button', { name: 'Generate' }).click();
    // Secret is no column (nor its values anywhere); the rest with their values, grouped by severity with the totals.
    await expect.poll(() => rowsText(page)).toEqual([
      'Title Severity Cost Records', 'Dent Low 10 1', 'Leak High 120 1', 'Spill High 30 1', 'Subtotal: High 150 2', 'Subtotal: Low 10 1', 'Total 160 3',
    ]);
    expect(await page.getByRole('columnheader', { name: 'Secret' }).count()).toBe(0);
    await page.getByRole('figure', { name: 'Incidents by Severity' }).locator('svg').first().waitFor();
    await expectAccessible(page, "the clerk's report");
    await screenshot(page, 'report-builder-03-clerk-runs-it');
    expect(clerk.consoleErrors).toEqual([]);
  });

  it('the clerk schedules it by e-mail from a favourite; sent now, it arrives as CSV without the hidden field', async () => {
    const { page } = clerk!;
    await page.getByRole('button', { name: 'Add to favourites' }).click();
    const naming = page.getByRole('dialog', { name: 'Add to favourites' });
    await naming.getByRole('textbox', { name: 'Name' }).fill('All severities');
    await naming.getByRole('button', { name: 'Save' }).click();
    await page.getByRole('button', { name: 'Load favourite All severities' }).click();
    await page.getByRole('button', { name: 'Email me this report…' }).click();
    const dialog = page.getByRole('dialog', { name: 'Email me this report' });
    await dialog.getByText('None yet.').waitFor();
    // The browser's own time zone, prefilled.
    expect(await dialog.getByRole('textbox', { name: 'Time zone' }).inputValue()).toBe(await page.evaluate(() => Intl.DateTimeFormat().resolvedOptions().timeZone));
    await dialog.getByRole('combobox', { name: 'Frequency' }).selectOption({ label: 'Daily' });
    await dialog.getByRole('textbox', { name: 'Time', exact: true }).fill('07:30');
    await dialog.getByRole('combobox', { name: 'Format' }).selectOption({ label: 'CSV' });
    await dialog.getByRole('button', { name: 'Schedule' }).click();
    const row = dialog.getByRole('row', { name: /All severities/ });
    await expect.poll(() => row.innerText()).toContain('Not run yet');
    expect(await row.innerText()).toContain('Daily at 07:30');
    await expectAccessible(page, 'the schedule dialog');
    await screenshot(page, 'report-builder-04-scheduled');

    await row.getByRole('button', { name: 'Send now: All severities' }).click();
    const mail = await smtp.take('clara@example.org');
    expect(mail.subject).toBe('Report: Incidents by Severity');
    const csv = attachmentsOf(mail).find((a) => a.filename.endsWith('.csv'))!.content.toString('utf8');
    expect(csv).toContain('Leak');
    expect(csv).toContain('Title');
    expect(csv).not.toContain('Secret');
    await expect.poll(() => row.innerText()).toContain(': sent');
    expect(clerk!.consoleErrors).toEqual([]);
  });

  it('shown under each incident, filled from its severity: the clerk sees the incidents of that severity under one', async () => {
    const { page } = admin;
    await page.goto(`${baseUrl}/form/update/${formId}?tab=report`);
    await page.getByRole('combobox', { name: 'Report' }).click();
    await page.getByRole('option', { name: 'Incidents by Severity' }).click();
    await page.getByRole('combobox', { name: 'Severity: filled from' }).click();
    await page.getByRole('option', { name: "The record's Severity" }).click();
    await expectAccessible(page, "the form's Report tab");
    await screenshot(page, 'report-builder-05-record-report');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await page.getByText('Each record of Incident now shows this report.').waitFor();

    const { page: clerkPage } = clerk!;
    const leak = await app.db(`form_records_${formId}`).where({ Title: 'Leak' }).first('RecordId');
    await clerkPage.goto(`${baseUrl}/incident/update/${leak.RecordId}`);
    const card = clerkPage.getByRole('region', { name: 'Print Invoice' });
    await expect.poll(() => rowsText(card)).toEqual(['Title Severity Cost Records', 'Leak High 120 1', 'Spill High 30 1', 'Subtotal: High 150 2', 'Total 150 2']);
    await expectAccessible(clerkPage, 'an incident with its report');
    await screenshot(clerkPage, 'report-builder-06-record-with-report');
    // Leaving the record, and the form, gives their locks back (the delete below counts the locks).
    await clerkPage.goto(`${baseUrl}/incident`);
    await page.goto(`${baseUrl}/reportmodule/build`);
    await expect.poll(async () => (await app.db('record_locks').select('*')).length, { timeout: 15_000 }).toBe(0);
    expect(clerk!.consoleErrors).toEqual([]);
    expect(admin.consoleErrors).toEqual([]);
  });

  it('the administrator deletes it from the list (under its lock), with its grants and schedules', async () => {
    const { page } = admin;
    await page.goto(`${baseUrl}/reportmodule/build`);
    await page.getByRole('button', { name: 'Delete Incidents by Severity' }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete the report?' });
    await expectAccessible(page, 'the delete confirmation');
    await confirm.getByRole('button', { name: 'Delete', exact: true }).click();
    await page.getByText('No report has been built on a form yet.').waitFor();
    expect(await app.db('reports').where({ ReportId: reportId }).first('ReportId')).toBeUndefined();
    expect(await app.db('report_schedules').where({ ReportId: reportId }).first('ScheduleId')).toBeUndefined();
    // Its lock, taken to delete it, is given back.
    await expect.poll(async () => (await app.db('record_locks').select('*')).length).toBe(0);
    expect(admin.consoleErrors).toEqual([]);
  });
});

/** The attachments of a mail as received: each part whose disposition is attachment, its base64 body decoded. */
function attachmentsOf(mail: CaughtMail): Array<{ filename: string; content: Buffer }> {
  const boundaries = [...mail.raw.matchAll(/boundary="?([^";\r\n]+)"?/gi)].map((m) => m[1]);
  return boundaries.flatMap((b) => mail.raw.split(`--${b}`)).filter((p) => /content-disposition:\s*attachment/i.test(p)).map((part) => {
    const at = part.indexOf('\r\n\r\n');
    const head = part.slice(0, at).replace(/\r\n[ \t]+/g, ' ');
    return { filename: /filename="?([^";\r\n]+)"?/i.exec(head)![1], content: Buffer.from(part.slice(at + 4).replace(/\s+/g, ''), 'base64') };
  });
}
