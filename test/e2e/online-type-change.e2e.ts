import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import type { FastifyInstance } from 'fastify';
import { screenshot, startSignedIn } from './harness.ts';
import { addUser } from '../server/account-fixtures.ts';
import { adminApi } from './seed-through-api.ts';

/**
 * Issue 27's online type change in the field editor: an administrator changes a text field of a form with many records
 * to Integer; after the dry run the editor shows the conversion's progress (the form stays in use meanwhile), and
 * closes once the change has applied, the field then an Integer with every value converted.
 */
describe('an online type change in the field editor (Chromium)', () => {
  let app: FastifyInstance;
  let baseUrl: string;
  let browser: Browser;
  let admin: Page;
  let adminErrors: string[];
  let formId: number;
  let fieldId: number;
  const rows = 20_000;

  beforeAll(async () => {
    // Every rewriting change is made online here, in small batches, so the progress is there to see.
    ({ app, baseUrl, browser, page: admin, consoleErrors: adminErrors } = await startSignedIn({ onlineTypeChangeRows: 0, typeChangeBatchRows: 100 }));
    await addUser(app, { UserName: 'formadmin', Password: 'Admin12345', RoleIds: [1] });
    const api = await adminApi(app, 'formadmin', 'Admin12345');
    ({ FormId: formId } = await api.post<{ FormId: number }>('/api/forms', { Name: 'Stock Count', Description: null, CanHaveEav: false, IsCircleable: false, IsActive: true }));
    for (const Name of ['Item', 'Quantity']) {
      const field = await api.post<{ FormFieldId: number }>('/api/formfields', { FormId: formId, Name, ReportLabelText: Name, FieldType: 'text', IsUdf: false, IsActive: true, StartDate: null, EndDate: null, AttributeValues: {} });
      if (Name === 'Quantity') fieldId = field.FormFieldId;
    }
    await app.db.raw(`insert into ?? (item, quantity) select 'Item ' || g, (g % 500)::text from generate_series(1, ?) g`, [`form_records_${formId}`, rows]);
  }, 120_000);

  afterAll(async () => {
    await browser?.close();
    await app?.close();
  });

  it('shows the conversion under way, then the field as an Integer with its values', async () => {
    await admin.goto(`${baseUrl}/formfield/update/${fieldId}`);
    await expect.poll(() => admin.getByLabel(/^Name/).inputValue()).toBe('Quantity');
    const type = admin.getByRole('combobox', { name: /^Form Field Type/ });
    await expect.poll(() => type.getAttribute('aria-disabled')).not.toBe('true');
    await type.click();
    await admin.getByRole('option', { name: 'Integer', exact: true }).click();
    await expect.poll(() => admin.getByRole('heading', { name: 'Attributes of Integer' }).isVisible()).toBe(true);
    await admin.getByRole('button', { name: 'Save' }).click();
    const dialog = admin.getByRole('dialog');
    await expect.poll(() => dialog.isVisible()).toBe(true);
    expect(await dialog.innerText()).toContain(`${rows} of ${rows} records with a value convert to Integer.`);
    await dialog.getByRole('button', { name: 'Change type and save' }).click();

    // The save answered at once: the editor shows the conversion and keeps its inputs still until it has applied.
    const progress = admin.getByRole('status').filter({ hasText: 'Changing Quantity from Text to Integer' });
    await expect.poll(() => progress.isVisible()).toBe(true);
    expect(await progress.innerText()).toContain("The form's records can be read and changed meanwhile");
    expect(await admin.getByLabel(/^Name/).isDisabled()).toBe(true);
    await screenshot(admin, 'online-type-change-1-converting');

    // Applied: the editor closes to the form's fields, where Quantity is an Integer.
    await admin.waitForURL(/\/form\/update\/\d+\?tab=fields$/, { timeout: 120_000 });
    const row = admin.getByRole('row').filter({ has: admin.getByRole('cell', { name: 'Quantity', exact: true }) });
    await expect.poll(() => row.innerText()).toContain('Integer');
    await screenshot(admin, 'online-type-change-2-applied');
    const stored = (await app.db.raw('select sum(quantity)::int as "Sum", pg_typeof(min(quantity))::text as "Type" from ??', [`form_records_${formId}`])).rows[0];
    expect(stored).toEqual({ Sum: Array.from({ length: rows }, (_, i) => (i + 1) % 500).reduce((a, b) => a + b, 0), Type: 'integer' });
  });

  it('logged no console errors', () => {
    expect(adminErrors).toEqual([]);
  });
});
