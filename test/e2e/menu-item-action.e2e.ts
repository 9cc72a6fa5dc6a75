import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import type { FastifyInstance } from 'fastify';
import { openMenuEntry, screenshot, showMainTier, signedInBrowser, startServer } from './harness.ts';
import { adminApi } from './seed-through-api.ts';

/**
 * Spec 2's Action of a menu item, chosen from the action lookup: the administrator sets the 'Visits' item to Create,
 * and the menu's Visits opens a blank Visit Log form instead of the list, on the next load of the menu.
 */
describe('a menu item opening its page’s create screen (Chromium)', () => {
  let app: FastifyInstance;
  let baseUrl: string;
  let browser: Browser;
  let page: Page;
  let errors: string[];
  const nav = () => page.getByRole('navigation', { name: 'Main menu' });

  beforeAll(async () => {
    ({ app, baseUrl } = await startServer());
    const api = await adminApi(app);
    await api.post('/api/forms/build', {
      Name: 'Visit Log', Fields: [{ Label: 'Visitor', FieldType: 'text', Required: true }],
      Page: { Name: 'Visits' }, MenuItem: true, Role: { Name: 'Front Desk', Create: true, Update: true, Delete: false },
    }, 201);
    ({ browser, page, consoleErrors: errors } = await signedInBrowser(baseUrl));
  });
  afterAll(async () => {
    await browser?.close();
    await app?.close();
  });

  it('opens the list until the item’s Action is Create, then a blank form', async () => {
    await nav().getByRole('link', { name: 'Visits', exact: true }).click();
    await page.waitForURL(`${baseUrl}/visits`);

    await openMenuEntry(page, 'Menu Items');
    await page.waitForURL(`${baseUrl}/menuItem`);
    await page.getByRole('cell', { name: 'Visits', exact: true }).click();
    await page.waitForURL(/\/menuItem\/update\/\d+$/);
    const action = page.getByRole('combobox', { name: /^Action/ });
    await expect.poll(() => action.getAttribute('aria-disabled')).not.toBe('true');
    await action.click();
    await expect.poll(() => page.getByRole('option', { name: 'List', exact: true }).isVisible()).toBe(true);
    await page.getByRole('option', { name: 'Create', exact: true }).click();
    await expect.poll(() => action.textContent()).toBe('Create');
    await screenshot(page, 'menu-item-action-01-create-chosen');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await page.waitForURL(`${baseUrl}/menuItem`);

    // The menu is read again from Home (spec: /home?refresh=true), as after any change to it.
    await nav().getByRole('link', { name: 'Home', exact: true }).click();
    await page.waitForURL(/\/home/);
    const visits = nav().getByRole('link', { name: 'Visits', exact: true });
    await showMainTier(page, visits);
    await expect.poll(() => visits.getAttribute('href')).toBe('/visits/create');
    await visits.click();
    await page.waitForURL(`${baseUrl}/visits/create`);
    await expect.poll(() => page.getByRole('button', { name: 'Create', exact: true }).isVisible()).toBe(true);
    await screenshot(page, 'menu-item-action-02-opens-create');
    expect(errors).toEqual([]);
  });
});
