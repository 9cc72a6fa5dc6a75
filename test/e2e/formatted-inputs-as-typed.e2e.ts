import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Locator, Page } from 'playwright-core';
import type { FastifyInstance } from 'fastify';
import { screenshot, startSignedIn } from './harness.ts';
import { adminApi, type Api } from './seed-through-api.ts';
import { addUser } from '../server/account-fixtures.ts';

/**
 * Issue 29, finding 6, in Chromium: "On focus it rewrites '$80.00' to '80' with the caret at the end, so typing 95
 * after tabbing in saved $8,095.00 instead of $95." The administrator opens a record for update, tabs into each
 * formatted field and types, as a person does; what is stored is what was typed.
 */
describe('formatted inputs keep what a person types (Chromium)', () => {
  let app: FastifyInstance;
  let baseUrl: string;
  let browser: Browser;
  let page: Page;
  let consoleErrors: string[];
  let api: Api;
  let formId: number;
  let recordId: number;

  const stored = () => api.get<Record<string, unknown>>(`/api/forms/${formId}/records/${recordId}`);
  const input = (label: string) => page.getByLabel(new RegExp(`^${label}`));
  /** The focused input's text and what of it is selected. */
  const focusedText = () => page.evaluate(() => {
    const el = document.activeElement as HTMLInputElement;
    return { label: el.labels?.[0]?.textContent ?? '', value: el.value, selected: el.value.slice(el.selectionStart ?? 0, el.selectionEnd ?? 0) };
  });

  /** Opens the record for update and waits until its values are shown. */
  async function openRecord(): Promise<void> {
    await page.goto(`${baseUrl}/vendor/update/${recordId}`);
    await expect.poll(() => input('Name').inputValue()).toBe('Acme');
  }

  /** Tab from the focused field into the next: it must show `shown`, wholly selected; then type `keys`. */
  async function tabInAndType(label: string, shown: string, keys: string): Promise<void> {
    await page.keyboard.press('Tab');
    await expect.poll(focusedText).toEqual({ label: expect.stringContaining(label), value: shown, selected: shown });
    await page.keyboard.type(keys);
    await expect.poll(() => input(label).inputValue()).toBe(keys);
  }

  async function save(): Promise<void> {
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await page.waitForURL(`${baseUrl}/vendor`);
  }

  beforeAll(async () => {
    ({ app, baseUrl, browser, page, consoleErrors } = await startSignedIn());
    // A second administrator calls the API: the master's own sign-in here would end the browser's session.
    await addUser(app, { UserName: 'apiadmin', Password: 'Admin12345', RoleIds: [1] });
    api = await adminApi(app, 'apiadmin', 'Admin12345');
    ({ FormId: formId } = await api.post<{ FormId: number }>('/api/forms', { Name: 'Vendor', Description: null, CanHaveEav: true, IsCircleable: false, IsActive: true }));
    const fields: Array<[string, string, object]> = [
      ['Name', 'text', { required: true }], ['Cost', 'currency', {}], ['Rate', 'percentage', {}],
      ['Phone', 'text', { pattern: 'usPhone' }], ['EIN', 'text', { pattern: 'ein' }], ['Units', 'integer', {}], ['Notes', 'text', {}], ['Due', 'date', {}],
    ];
    for (const [Name, FieldType, AttributeValues] of fields) {
      await api.post('/api/formfields', { FormId: formId, Name, ReportLabelText: Name, FieldType, IsUdf: false, IsActive: true, StartDate: null, EndDate: null, AttributeValues });
    }
    ({ RecordId: recordId } = await api.post<{ RecordId: number }>(`/api/forms/${formId}/records`, { Name: 'Acme', Cost: 80, Rate: 7, Phone: '5551234567', Ein: '123456789', Units: 12, Notes: 'Net 30', Due: '2026-05-01' }));
  });
  afterAll(async () => {
    await browser?.close();
    await app?.close();
  });

  it('tabbing into Cost ($80.00) and typing 95 saves 95; the same for percentage, phone, EIN and a number', async () => {
    await openRecord();
    await input('Name').focus();
    await tabInAndType('Cost', '$80.00', '95');
    await tabInAndType('Rate', '7.00 %', '12.5');
    await tabInAndType('Phone', '(555) 123-4567', '5559876543');
    await tabInAndType('EIN', '12-3456789', '98-7654321');
    await tabInAndType('Units', '12', '40');
    await page.keyboard.press('Tab');
    // Formatted once left, and the form holds the plain values.
    const shown = async () => Promise.all(['Cost', 'Rate', 'Phone', 'EIN', 'Units'].map((l) => input(l).inputValue()));
    await expect.poll(shown).toEqual(['$95.00', '12.50 %', '(555) 987-6543', '98-7654321', '40']);
    await screenshot(page, 'formatted-inputs-01-typed');
    await save();
    expect(await stored()).toMatchObject({ Cost: 95, Rate: 12.5, Phone: '5559876543', Ein: '987654321', Units: 40 });
  });

  it('a click keeps the text where it is clicked; deleting everything clears; pasted formatted text is read; a typo is kept and refused', async () => {
    await openRecord();
    // Click at the end of '$95.00' and edit it in place: the text on screen is the text edited.
    await input('Cost').click();
    await page.keyboard.press('End');
    await page.keyboard.press('Backspace');
    await page.keyboard.press('Backspace');
    await page.keyboard.type('50');
    await expect.poll(() => input('Cost').inputValue()).toBe('$95.50');
    // Everything deleted is empty, not 0.
    await clearAll(input('Units'));
    await clearAll(input('Notes'));
    await page.getByRole('group', { name: /^Due/ }).getByRole('spinbutton', { name: 'Month' }).click();
    await page.keyboard.press('ControlOrMeta+a');
    await page.keyboard.press('Backspace');
    // Pasted formatted text.
    await clearAll(input('Phone'));
    await page.keyboard.insertText('+1 (555) 123-4567');
    // A typo stays as typed, with a clear error, and cannot be saved.
    await clearAll(input('Rate'));
    await page.keyboard.type('12,5');
    await page.keyboard.press('Tab');
    await expect.poll(() => page.getByText('Must be a valid percentage.').isVisible()).toBe(true);
    expect(await input('Rate').inputValue()).toBe('12,5');
    expect(await input('Phone').inputValue()).toBe('1 (555) 123-4567');
    await screenshot(page, 'formatted-inputs-02-typo-kept-and-reported');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await expect.poll(() => input('Rate').getAttribute('aria-invalid')).toBe('true');
    expect(page.url()).toBe(`${baseUrl}/vendor/update/${recordId}`);
    expect(await stored()).toMatchObject({ Cost: 95, Rate: 12.5, Units: 40 });

    await clearAll(input('Rate'));
    await page.keyboard.type('15');
    await save();
    expect(await stored()).toMatchObject({ Cost: 95.5, Rate: 15, Phone: '15551234567', Ein: '987654321', Units: null, Notes: null, Due: null });
    expect(consoleErrors).toEqual([]);
  });

  /** Click into the field, select all and delete: the field is empty. */
  async function clearAll(field: Locator): Promise<void> {
    await field.click();
    await page.keyboard.press('ControlOrMeta+a');
    await page.keyboard.press('Delete');
    await expect.poll(() => field.inputValue()).toBe('');
  }
});
