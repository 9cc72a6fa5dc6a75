import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import type { FastifyInstance } from 'fastify';
import { launchChromium, openPage, startServer } from './harness.ts';
import { addRole, addUser, grantModule } from '../server/account-fixtures.ts';
import { adminApi, seedBuiltForm, type Api, type SeededForm } from './seed-through-api.ts';
import { expectAccessible } from './accessibility.ts';

/**
 * Issue 18 "Accessibility": a generated form is usable by keyboard alone. A user holding a built form (text, select,
 * date, currency and yes/no fields) signs in, tabs through the form, fills every field and saves it with the keyboard
 * only (no click, no fill), and the record is stored as typed.
 */
describe('a generated form by keyboard alone (Chromium)', () => {
  let app: FastifyInstance;
  let baseUrl: string;
  let browser: Browser;
  let page: Page;
  let consoleErrors: string[];
  let api: Api;
  let form: SeededForm;
  const password = 'Keyboard123';

  /** What the focused element is called: the first element naming it, its label, its field's label, or its text. */
  const focusedName = () => page.evaluate(() => {
    const el = document.activeElement as HTMLInputElement | null;
    if (!el || el === document.body) return '';
    const namedBy = el.getAttribute('aria-labelledby')?.split(' ').map((id) => document.getElementById(id)?.textContent).find(Boolean);
    const fieldLabel = el.closest('.MuiFormControl-root')?.querySelector('label')?.textContent;
    return (namedBy ?? el.labels?.[0]?.textContent ?? fieldLabel ?? el.getAttribute('aria-label') ?? el.textContent ?? '').replace(/\s*\*\s*$/, '').trim();
  });

  /** Presses Tab until the focus is on `name`; the names passed on the way are the tab order. */
  async function tabTo(name: string, passed: string[]): Promise<void> {
    for (let presses = 0; presses < 40; presses++) {
      await page.keyboard.press('Tab');
      const now = await focusedName();
      passed.push(now);
      if (now === name) return;
    }
    throw new Error(`Tab never reached '${name}'; it went through: ${passed.join(' | ')}`);
  }

  async function signInByKeyboard(userName: string): Promise<void> {
    await page.goto(`${baseUrl}/login`);
    await expect.poll(() => page.getByLabel('User Name').isVisible()).toBe(true);
    await tabTo('User Name', []);
    await page.keyboard.type(userName);
    await tabTo('Password', []);
    await page.keyboard.type(password);
    await page.keyboard.press('Enter');
    await page.waitForURL(`${baseUrl}/home`);
  }

  beforeAll(async () => {
    ({ app, baseUrl } = await startServer());
    api = await adminApi(app);
    form = await seedBuiltForm(api, 'Work Order');
    const RoleId = await addRole(app, 'Work Order Clerks');
    await grantModule(app, RoleId, `Form${form.FormId}`);
    await addUser(app, { UserName: 'kim', Password: password, RoleIds: [RoleId] });
    browser = await launchChromium();
    ({ page, consoleErrors } = await openPage(browser));
  });
  afterAll(async () => {
    await browser?.close();
    await app?.close();
  });

  it('tabs through the form, fills and saves it without the mouse, and the record is stored as typed', async () => {
    await signInByKeyboard('kim');
    await page.goto(`${baseUrl}${form.listUrl}/create`);
    const subject = page.getByLabel(/^Subject/);
    await expect.poll(() => subject.isEditable()).toBe(true);
    const order: string[] = [];

    await tabTo('Subject', order);
    await page.keyboard.type('Replace the fuse');

    await tabTo('Priority', order);
    await page.keyboard.press('ArrowDown'); // opens the list on the chosen option
    await expect.poll(() => page.getByRole('listbox').isVisible()).toBe(true);
    const routine = page.getByRole('option', { name: 'Routine' });
    for (let presses = 0; presses < 5 && !(await routine.evaluate((o) => o === document.activeElement)); presses++) await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    await expect.poll(() => page.getByRole('listbox').count()).toBe(0);
    expect(await page.getByRole('combobox', { name: /Priority/ }).innerText()).toBe('Routine');

    await tabTo('Due Date', order);
    await page.keyboard.type('07152026'); // month, day and year sections, each moving on to the next
    await tabTo('Budget', order);
    await page.keyboard.type('99.5');
    await tabTo('Approved', order);
    await page.keyboard.press('Space');
    await expect.poll(() => page.getByRole('button', { name: 'Approved' }).getAttribute('aria-pressed')).toBe('true');

    await expectAccessible(page, 'the filled form');
    await tabTo('Create', order);
    await page.keyboard.press('Enter');
    await expect.poll(() => page.getByText('The record has been created.').isVisible()).toBe(true);
    await page.waitForURL(`${baseUrl}${form.listUrl}`);
    await expect.poll(() => page.getByRole('cell', { name: 'Replace the fuse' }).isVisible()).toBe(true);

    const { Items } = await api.get<{ Items: Array<Record<string, unknown>> }>(`/api/forms/${form.FormId}/records`);
    expect(Items.find((r) => r.Subject === 'Replace the fuse')).toMatchObject({ DueDate: '2026-07-15', Budget: 99.5, Approved: true });
    expect(Items.find((r) => r.Subject === 'Replace the fuse')?.Priority).not.toBe(form.LookupItemId); // Routine, not Urgent
    // Every field came in the order of the form, each reached by Tab.
    const fieldsInOrder = order.filter((name) => ['Subject', 'Priority', 'Due Date', 'Budget', 'Approved', 'Create'].includes(name));
    expect([...new Set(fieldsInOrder)]).toEqual(['Subject', 'Priority', 'Due Date', 'Budget', 'Approved', 'Create']);
    expect(consoleErrors).toEqual([]);
  });
});
