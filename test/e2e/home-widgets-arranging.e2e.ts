import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import type { FastifyInstance } from 'fastify';
import { signedInBrowser, startServer } from './harness.ts';
import { expectAccessible } from './accessibility.ts';
import { adminApi } from './seed-through-api.ts';
import { addRole, addUser, grantModule } from '../server/account-fixtures.ts';

const adaPassword = 'Manager12345';
type Session = Awaited<ReturnType<typeof signedInBrowser>>;

/**
 * Issue 32's arranging in Chromium: a role's home arranged by dragging a widget's handle with the pointer and with the
 * keyboard (dnd-kit: space picks up, arrows move, space drops), each order stored on the server. And the record lock:
 * a second administrator opening the role's home or a widget the first holds sees it locked by the first, read-only,
 * and can change it once the first has saved and left.
 */
describe('arranging home widgets by drag, and their record locks (Chromium)', () => {
  let app: FastifyInstance;
  let baseUrl: string;
  let admin: Session;
  let ada: Session | undefined;
  let clerks: number;

  /** The Clerk role's home as the server stored it. */
  const saved = async () => (await app.db('widget_placements as p').join('widgets as w', 'w.WidgetId', 'p.WidgetId')
    .where('p.RoleId', clerks).orderBy('p.SortOrder').select('w.Title')).map((r: { Title: string }) => r.Title);
  const order = (page: Page) => page.getByRole('list', { name: "The role's widgets in order" });
  const shown = async (page: Page) => (await order(page).locator('[data-arrange-id] .MuiListItemText-primary').allInnerTexts());
  /** dnd-kit's live region: what a screen reader hears as the drag goes. */
  const liveRegion = (page: Page) => page.locator('[id^="DndLiveRegion"]');

  beforeAll(async () => {
    ({ app, baseUrl } = await startServer());
    // Clerk comes first among the roles, so the widget manager opens on its home.
    clerks = await addRole(app, 'Clerk');
    const managers = await addRole(app, 'Widget Managers');
    for (const module of ['WidgetManager', 'RegisterUser']) await grantModule(app, managers, module);
    await addUser(app, { UserName: 'ada', Password: adaPassword, RoleIds: [managers] });
    const api = await adminApi(app);
    for (const Title of ['Alpha', 'Bravo', 'Charlie']) {
      await api.post('/api/widgets', { Kind: 'links', Title, Options: { Links: [{ Title: 'Home', Url: '/home' }] }, Placements: [{ RoleId: clerks, Size: 'medium' }] }, 201);
    }
    admin = await signedInBrowser(baseUrl);
  });
  afterAll(async () => {
    await ada?.browser.close();
    await admin?.browser.close();
    await app?.close();
  });

  async function openClerksHome(page: Page) {
    await page.goto(`${baseUrl}/HomeConfigurationManager`);
    await expect.poll(() => shown(page)).toEqual(await saved());
  }

  it("drags a widget by its handle with the pointer to the top of the role's home, and the server keeps that order", async () => {
    const { page } = admin;
    await openClerksHome(page);
    expect(await shown(page)).toEqual(['Alpha', 'Bravo', 'Charlie']);
    const handle = order(page).getByRole('button', { name: 'Drag Charlie' });
    const from = (await handle.boundingBox())!;
    const to = (await order(page).getByRole('button', { name: 'Drag Alpha' }).boundingBox())!;
    await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
    await page.mouse.down();
    // Several moves, past the pointer sensor's start, to over the first row; dropped once dnd-kit has it there.
    await page.mouse.move(to.x + to.width / 2, to.y + to.height / 2, { steps: 10 });
    await expect.poll(() => liveRegion(page).innerText()).toBe('Charlie was moved to position 1 of 3.');
    await page.mouse.up();
    await expect.poll(() => liveRegion(page).innerText()).toBe('Charlie was dropped at position 1 of 3.');
    await expect.poll(saved).toEqual(['Charlie', 'Alpha', 'Bravo']);
    // Read again from the server: the order stays.
    await openClerksHome(page);
    expect(await shown(page)).toEqual(['Charlie', 'Alpha', 'Bravo']);
    expect(admin.consoleErrors).toEqual([]);
  });

  it('drags a widget with the keyboard: space picks it up, the down arrow moves it, space drops it', async () => {
    const { page } = admin;
    await openClerksHome(page);
    await order(page).getByRole('button', { name: 'Drag Charlie' }).focus();
    await page.keyboard.press('Space');
    await expect.poll(() => liveRegion(page).innerText()).toBe('Picked up Charlie, at position 1 of 3.');
    await page.keyboard.press('ArrowDown');
    await expect.poll(() => liveRegion(page).innerText()).toBe('Charlie was moved to position 2 of 3.');
    await page.keyboard.press('Space');
    await expect.poll(() => liveRegion(page).innerText()).toBe('Charlie was dropped at position 2 of 3.');
    await expect.poll(saved).toEqual(['Alpha', 'Charlie', 'Bravo']);
    await expect.poll(() => shown(page)).toEqual(['Alpha', 'Charlie', 'Bravo']);
    // The handle keeps the focus, so the next move needs no search.
    expect(await order(page).getByRole('button', { name: 'Drag Charlie' }).evaluate((el) => el === document.activeElement)).toBe(true);
    await expectAccessible(page, 'the widget manager arranging a role');
    expect(admin.consoleErrors).toEqual([]);
  });

  it("a second administrator sees the role's home and a widget the first holds locked by the first, read-only, until the first saves and leaves", async () => {
    // The administrator's widget manager is open on the Clerk role's home: it holds that home's lock.
    ada = await signedInBrowser(baseUrl, 'ada', adaPassword);
    const page = ada.page;
    await page.goto(`${baseUrl}/HomeConfigurationManager`);
    await acknowledgeLock(page, /This role's home is locked by .*\(admin\) until /);
    await page.getByRole('alert').filter({ hasText: "This role's home is locked by" }).waitFor();
    await expect.poll(() => shown(page)).toEqual(['Alpha', 'Charlie', 'Bravo']);
    expect(await order(page).getByRole('button', { name: 'Drag Charlie' }).isDisabled()).toBe(true);
    expect(await order(page).getByRole('button', { name: 'Move Charlie up' }).isDisabled()).toBe(true);

    // The administrator opens Alpha (giving the home back, taking Alpha's lock); Ada opens it too.
    await admin.page.getByRole('link', { name: 'Edit Alpha' }).click();
    await admin.page.getByRole('textbox', { name: 'Title', exact: true }).waitFor();
    await expect.poll(() => admin.page.getByRole('textbox', { name: 'Title', exact: true }).inputValue()).toBe('Alpha');
    await page.getByRole('link', { name: 'Edit Alpha' }).click();
    await acknowledgeLock(page, /This widget is locked by .*\(admin\) until /);
    await page.getByRole('alert').filter({ hasText: 'This widget is locked by' }).waitFor();
    expect(await page.getByRole('textbox', { name: 'Title', exact: true }).isDisabled()).toBe(true);
    expect(await page.getByRole('button', { name: 'Save' }).isDisabled()).toBe(true);
    await expectAccessible(page, 'a widget locked by another administrator');

    // The administrator saves and is back on the list: Alpha's lock is given back, and Ada, opening it again, may change it.
    await admin.page.getByRole('textbox', { name: 'Title', exact: true }).fill('Alpha prime');
    await admin.page.getByRole('button', { name: 'Save' }).click();
    await admin.page.waitForURL(`${baseUrl}/HomeConfigurationManager`);
    await page.reload();
    const title = page.getByRole('textbox', { name: 'Title', exact: true });
    await expect.poll(() => title.inputValue()).toBe('Alpha prime');
    expect(await title.isDisabled()).toBe(false);
    await title.fill('Alpha by Ada');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.waitForURL(`${baseUrl}/HomeConfigurationManager`);
    expect(await app.db('widgets').where({ Title: 'Alpha by Ada' }).first('WidgetId')).toBeTruthy();
    expect(admin.consoleErrors).toEqual([]);
    expect(ada.consoleErrors).toEqual([]);
  });

  /** The lock message comes once, in a dialog with OK (spec 2), naming who holds the record. */
  async function acknowledgeLock(page: Page, message: RegExp) {
    const dialog: Locator = page.getByRole('dialog', { name: 'Record locked' });
    await expect.poll(() => dialog.innerText()).toMatch(message);
    await dialog.getByRole('button', { name: 'OK' }).click();
    await dialog.waitFor({ state: 'hidden' });
  }
});
