import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import type { FastifyInstance } from 'fastify';
import { openPage, screenshot, signInThroughForm, startSignedIn, openMenuEntry, showMainTier } from './harness.ts';
import { addRole, addUser, grantModule } from '../server/account-fixtures.ts';

/**
 * Issue 13's menu Shows in Chromium: an administrator builds a group 'Business' with 'Operations' under it and, on
 * the third tier, a link to the Users module and a URL link; a user who holds Users drills down, goes back and
 * opens it; the pin toggle; the URL link asks before opening a new tab; a user without Users sees that item disabled.
 */
describe('the main menu, end to end (Chromium)', () => {
  let app: FastifyInstance;
  let baseUrl: string;
  let browser: Browser;
  let admin: Page;
  let adminErrors: string[];
  const password = 'Passw0rd1';

  const menuOf = (page: Page) => page.getByRole('navigation', { name: 'Main menu' });
  const heading = (page: Page, name: string) => page.getByRole('heading', { level: 1, name });

  async function choose(page: Page, name: RegExp, option: string) {
    const box = page.getByRole('combobox', { name });
    await expect.poll(() => box.getAttribute('aria-disabled')).not.toBe('true');
    await box.click();
    await page.getByRole('option', { name: option, exact: true }).click();
    await expect.poll(() => page.getByRole('listbox').count()).toBe(0);
  }

  /** Creates a menu item through its form, from the menu item list. */
  async function addItem(fill: () => Promise<void>, name: string) {
    await admin.getByRole('link', { name: 'Add Menu Item' }).click();
    await admin.waitForURL(`${baseUrl}/menuItem/create/0`);
    await admin.getByLabel(/^Name/).fill(name);
    await fill();
    await admin.getByRole('button', { name: 'Create', exact: true }).click();
    await admin.waitForURL(`${baseUrl}/menuItem`);
    await expect.poll(() => admin.getByRole('cell', { name, exact: true }).isVisible()).toBe(true);
  }

  async function signInAs(userName: string): Promise<{ page: Page; errors: string[] }> {
    const { page, consoleErrors } = await openPage(browser);
    await page.goto(`${baseUrl}/login`);
    await signInThroughForm(page, baseUrl, userName, password);
    await page.waitForURL(`${baseUrl}/home`);
    await menuOf(page).getByRole('link', { name: 'Home', exact: true }).waitFor();
    return { page, errors: consoleErrors };
  }

  beforeAll(async () => {
    ({ app, baseUrl, browser, page: admin, consoleErrors: adminErrors } = await startSignedIn());
  });
  afterAll(async () => {
    await browser?.close();
    await app?.close();
  });

  it('builds a new top group, Operations under it and, three tiers deep, a module link and a URL link', async () => {
    await openMenuEntry(admin, 'Menu Items');
    await admin.waitForURL(`${baseUrl}/menuItem`);
    await expect.poll(() => heading(admin, 'Menu Items').isVisible()).toBe(true);

    await addItem(async () => {
      await choose(admin, /^Type/, 'Group');
      await admin.getByLabel(/^Sort Order/).fill('500');
    }, 'Business');
    await addItem(async () => {
      await choose(admin, /^Type/, 'Group');
      await choose(admin, /^Parent Menu Item/, 'Business');
    }, 'Operations');
    await addItem(async () => {
      await choose(admin, /^Type/, 'Module Link');
      await choose(admin, /^Module/, 'Users');
      await choose(admin, /^Parent Menu Item/, 'Business › Operations');
      await admin.getByLabel(/^Sort Order/).fill('1');
    }, 'Daily Users');
    await addItem(async () => {
      await choose(admin, /^Type/, 'URL Link');
      await admin.getByLabel(/^Url/).fill(`${baseUrl}/home`);
      await admin.getByLabel(/^Target/).click();
      await admin.getByRole('option', { name: '_blank', exact: true }).click();
      await choose(admin, /^Parent Menu Item/, 'Business › Operations');
      await admin.getByLabel(/^Sort Order/).fill('2');
    }, 'Handbook');
    await screenshot(admin, 'menu-01-menu-items');

    // The type and module are fixed once the item exists.
    await admin.getByRole('cell', { name: 'Daily Users', exact: true }).click();
    await admin.waitForURL(/\/menuItem\/update\/\d+$/);
    await expect.poll(() => admin.getByRole('combobox', { name: /^Module/ }).getAttribute('aria-disabled')).toBe('true');
    expect(await admin.getByRole('combobox', { name: /^Type/ }).getAttribute('aria-disabled')).toBe('true');
    await admin.getByRole('button', { name: 'Cancel' }).click();
    await admin.waitForURL(`${baseUrl}/menuItem`);

    // Operations may go under Business, never under itself nor under an item beneath it (spec 2; a loop).
    // Its row: under Business (the items beneath it name it as their parent).
    await admin.getByRole('row').filter({ has: admin.getByRole('cell', { name: 'Business', exact: true }) })
      .filter({ has: admin.getByRole('cell', { name: 'Operations', exact: true }) }).getByRole('cell', { name: 'Operations', exact: true }).click();
    await admin.waitForURL(/\/menuItem\/update\/\d+$/);
    const parent = admin.getByRole('combobox', { name: /^Parent Menu Item/ });
    await expect.poll(() => parent.textContent()).toBe('Business');
    await parent.click();
    await expect.poll(() => admin.getByRole('option', { name: 'Business', exact: true }).isVisible()).toBe(true);
    expect(await admin.getByRole('option', { name: 'Business › Operations', exact: true }).count()).toBe(0);
    expect(await admin.getByRole('option', { name: /Business › Operations › / }).count()).toBe(0);
    await screenshot(admin, 'menu-01b-parent-never-itself');
    await admin.keyboard.press('Escape');
    await admin.getByRole('button', { name: 'Cancel' }).click();
    await admin.waitForURL(`${baseUrl}/menuItem`);

    // The create route opens without an id (spec 2: optional /{id}); a module link's list says what each module opens.
    await admin.goto(`${baseUrl}/menuItem/create`);
    await expect.poll(() => heading(admin, 'Create Menu Item').isVisible()).toBe(true);
    await choose(admin, /^Type/, 'Module Link');
    await admin.getByRole('combobox', { name: /^Module/ }).click();
    const users = admin.getByRole('option', { name: 'Users', exact: true });
    await expect.poll(() => users.getAttribute('aria-description')).toBe('Screen of the application at /user');
    await expect.poll(() => admin.getByText('Screens of the application', { exact: true }).isVisible()).toBe(true);
    await screenshot(admin, 'menu-01c-module-kinds');
    await admin.keyboard.press('Escape');
    await expect.poll(() => admin.getByRole('listbox').count()).toBe(0);
    await admin.getByRole('button', { name: 'Cancel' }).click();
    const leave = admin.getByRole('dialog');
    await leave.getByRole('button', { name: 'Leave' }).click();
    await admin.waitForURL(`${baseUrl}/menuItem`);

    // Home loads the menu again, with the new group.
    await menuOf(admin).getByRole('link', { name: 'Home', exact: true }).click();
    await admin.waitForURL(`${baseUrl}/home?refresh=true`);
    // The new group is on the main tier: back there whenever the menu still shows the Administration group.
    await showMainTier(admin, menuOf(admin).getByRole('button', { name: 'Business', exact: true }));
    expect(adminErrors).toEqual([]);
  });

  it('a user holding Users drills down three tiers, goes back and to the main menu, and opens the module', async () => {
    const RoleId = await addRole(app, 'Operators');
    await grantModule(app, RoleId, 'RegisterUser');
    await addUser(app, { UserName: 'olga', Password: password, RoleIds: [RoleId] });
    const { page, errors } = await signInAs('olga');
    const menu = menuOf(page);

    // Items of modules Olga lacks are shown, disabled (the administration screens in their group, usable for Users).
    await menu.getByRole('button', { name: 'Administration', exact: true }).click();
    await expect.poll(() => menu.getByRole('button', { name: 'Roles', exact: true }).getAttribute('aria-disabled')).toBe('true');
    await menu.getByRole('button', { name: 'Main Menu', exact: true }).click();
    await menu.getByRole('button', { name: 'Business', exact: true }).click();
    await expect.poll(() => menu.getByRole('button', { name: 'Main Menu' }).isVisible()).toBe(true);
    await menu.getByRole('button', { name: 'Operations', exact: true }).click();
    await expect.poll(() => menu.getByRole('link', { name: 'Daily Users' }).isVisible()).toBe(true);
    expect(await menu.getByRole('button', { name: /^Back/ }).innerText()).toContain('Business');
    await screenshot(page, 'menu-02-third-tier');

    await menu.getByRole('button', { name: /^Back/ }).click();
    await expect.poll(() => menu.getByRole('button', { name: 'Operations', exact: true }).isVisible()).toBe(true);
    await menu.getByRole('button', { name: 'Main Menu' }).click();
    await expect.poll(() => menu.getByRole('button', { name: 'Business', exact: true }).isVisible()).toBe(true);
    expect(await menu.getByRole('button', { name: 'Main Menu' }).count()).toBe(0);

    // By keyboard: Right drills into the focused group, Left goes back.
    await menu.getByRole('button', { name: 'Business', exact: true }).focus();
    await page.keyboard.press('ArrowRight');
    await expect.poll(() => menu.getByRole('button', { name: 'Operations', exact: true }).isVisible()).toBe(true);
    await menu.getByRole('button', { name: 'Operations', exact: true }).focus();
    await page.keyboard.press('ArrowRight');
    await expect.poll(() => menu.getByRole('link', { name: 'Daily Users' }).isVisible()).toBe(true);
    await menu.getByRole('link', { name: 'Daily Users' }).click();
    await page.waitForURL(`${baseUrl}/user`);
    await expect.poll(() => heading(page, 'Users').isVisible()).toBe(true);
    // The menu stays where it was after a reload (restored from session storage).
    await page.reload();
    await expect.poll(() => menu.getByRole('link', { name: 'Home', exact: true }).isVisible()).toBe(true);
    await expect.poll(() => menu.getByRole('button', { name: 'Business', exact: true }).isVisible()).toBe(true);
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('the pin toggle: unpinned, the menu opens from the top bar and closes once an entry is chosen', async () => {
    const pin = menuOf(admin).getByRole('button', { name: 'Keep the menu open' });
    expect(await pin.getAttribute('aria-pressed')).toBe('true');
    await pin.click();
    await expect.poll(() => menuOf(admin).count()).toBe(0);
    await admin.getByRole('button', { name: 'Open navigation' }).click();
    await expect.poll(() => menuOf(admin).isVisible()).toBe(true);
    expect(await menuOf(admin).getByRole('button', { name: 'Keep the menu open' }).getAttribute('aria-pressed')).toBe('false');
    await screenshot(admin, 'menu-03-unpinned-open');
    await openMenuEntry(admin, 'Users');
    await admin.waitForURL(`${baseUrl}/user`);
    await expect.poll(() => menuOf(admin).count()).toBe(0);
    // Pinned again, it stays beside the page (a choice this browser remembers).
    await admin.getByRole('button', { name: 'Open navigation' }).click();
    await menuOf(admin).getByRole('button', { name: 'Keep the menu open' }).click();
    await expect.poll(() => admin.getByRole('button', { name: 'Open navigation' }).count()).toBe(0);
    await admin.reload();
    await expect.poll(() => menuOf(admin).getByRole('link', { name: 'Home', exact: true }).isVisible()).toBe(true);
  });

  it("a URL link asks 'This link will open in a new tab. Do you want to continue?' and opens it only when confirmed", async () => {
    const menu = menuOf(admin);
    await menu.getByRole('button', { name: 'Business', exact: true }).click();
    await menu.getByRole('button', { name: 'Operations', exact: true }).click();
    await menu.getByRole('link', { name: 'Handbook' }).click();
    const question = admin.getByRole('dialog').getByText('This link will open in a new tab. Do you want to continue?');
    await expect.poll(() => question.isVisible()).toBe(true);
    await screenshot(admin, 'menu-04-new-tab-confirm');
    await admin.getByRole('button', { name: 'Cancel' }).click();
    await expect.poll(() => admin.getByRole('dialog').count()).toBe(0);
    expect(admin.context().pages()).toHaveLength(1);

    await menu.getByRole('link', { name: 'Handbook' }).click();
    const opened = admin.context().waitForEvent('page');
    await admin.getByRole('button', { name: 'Continue' }).click();
    const tab = await opened;
    await tab.waitForURL(/\/(home|login)/);
    expect(tab.url()).toContain(baseUrl);
    await tab.close();
    expect(adminErrors).toEqual([]);
  });

  it('a user without the Users module sees the module link disabled', async () => {
    const RoleId = await addRole(app, 'Readers');
    await grantModule(app, RoleId, 'MyAccount');
    await addUser(app, { UserName: 'nina', Password: password, RoleIds: [RoleId] });
    const { page, errors } = await signInAs('nina');
    const menu = menuOf(page);
    await menu.getByRole('button', { name: 'Business', exact: true }).click();
    await menu.getByRole('button', { name: 'Operations', exact: true }).click();
    const daily = menu.getByRole('button', { name: 'Daily Users', exact: true });
    await expect.poll(() => daily.getAttribute('aria-disabled')).toBe('true');
    expect(await menu.getByRole('link', { name: 'Daily Users' }).count()).toBe(0);
    expect(await menu.getByRole('link', { name: 'Handbook' }).isVisible()).toBe(true);
    await screenshot(page, 'menu-05-disabled-item');
    expect(errors).toEqual([]);
    await page.context().close();
  });
});
