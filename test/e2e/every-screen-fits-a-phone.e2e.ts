import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import type { FastifyInstance } from 'fastify';
import { launchChromium, openPage, phone, screenshot, signInThroughForm, startServer } from './harness.ts';
import type { SeededForm } from './seed-through-api.ts';
import { publicPages, seedEveryRoute, settled, type Visit } from './every-route.ts';
import { measureFit, misfit, phoneWidth } from './phone-width.ts';

/**
 * "Every screen at home on a phone": at 390x844 no screen of the route table (a real record behind each :id), nor the
 * sign-in and public account pages, scrolls sideways, and the top bar's and each title's buttons are on the screen
 * (or folded into a menu). One browser, one sign-in.
 */
describe('every screen fits a phone (390x844, Chromium)', () => {
  let app: FastifyInstance;
  let baseUrl: string;
  let browser: Browser;
  let page: Page;
  let consoleErrors: string[];
  let visits: Visit[];
  let form: SeededForm;
  const failures: string[] = [];
  const refusedRequests: string[] = [];

  /** Opens the path as a pasted URL does, waits for the screen to load, and notes what does not fit. */
  async function visit({ label, path }: Visit): Promise<void> {
    await page.goto(`${baseUrl}${path}`);
    await settled(page).catch((error: unknown) => failures.push(`${label} (${path}): never settled: ${String(error).split('\n')[0]}`));
    const problems = misfit(await measureFit(page));
    if (problems) {
      failures.push(`${label} (${path}):\n    ${problems}`);
      await screenshot(page, `phone-misfit-${path.replace(/[^a-z0-9]+/gi, '-')}`);
    }
  }

  beforeAll(async () => {
    ({ app, baseUrl } = await startServer({ applyShippedForms: true }));
    ({ visits, form } = await seedEveryRoute(app));
    browser = await launchChromium();
    ({ page, consoleErrors } = await openPage(browser, phone));
    // The browser's console names a refused request only by its status: the walk names the request and the screen.
    page.on('response', (response) => {
      if (response.status() >= 400) refusedRequests.push(`${response.status()} ${response.request().method()} ${response.url().replace(baseUrl, '')} on ${page.url().replace(baseUrl, '')}`);
    });
  }, 300_000); // seeding a record for every screen takes minutes on a loaded, shared CPU
  afterAll(async () => {
    await browser?.close();
    await app?.close();
  });

  it('the sign-in page and the public account pages', async () => {
    for (const entry of publicPages) await visit(entry);
    // Unknown keys, tokens and bulletins are refused (400, 404) on purpose here: the browser logs those refusals, nothing else.
    const refused = consoleErrors.filter((e) => /^Failed to load resource: the server responded with a status of 40[04]/.test(e));
    expect(refused.length).toBeLessThanOrEqual(4);
    consoleErrors.splice(0, Infinity, ...consoleErrors.filter((e) => !refused.includes(e)));
  });

  it("every route of the master administrator's route table", { timeout: 1_500_000 }, async () => {
    await page.goto(`${baseUrl}/login`);
    await signInThroughForm(page, baseUrl);
    await page.waitForURL(`${baseUrl}/home`);
    for (const entry of visits) await visit(entry);
    expect(visits.length).toBeGreaterThan(40);
  });

  it('the screens the issue names, photographed at phone width', async () => {
    for (const [name, path] of [['phone-user-list', '/user'], ['phone-user-update', '/user/update/1'], ['phone-page-list', '/page']]) {
      await page.goto(`${baseUrl}${path}`);
      await settled(page);
      await screenshot(page, name);
    }
  });

  it("the title's actions go under the title on a phone, each on the screen and reached by Tab", async () => {
    await page.goto(`${baseUrl}/user`);
    await settled(page);
    const heading = (await page.getByRole('heading', { level: 1, name: 'Users' }).boundingBox())!;
    for (const name of ['Email Active Users', 'Import', 'Add User']) {
      const action = page.getByRole('main').getByRole('link', { name, exact: true }).or(page.getByRole('main').getByRole('button', { name, exact: true }));
      const box = (await action.boundingBox())!;
      expect(box.y, `${name} below the title`).toBeGreaterThan(heading.y + heading.height);
      expect(box.x + box.width, `${name} on the screen`).toBeLessThanOrEqual(phoneWidth);
    }
    await page.getByRole('main').getByRole('link', { name: 'Email Active Users' }).or(page.getByRole('main').getByRole('button', { name: 'Email Active Users' })).focus();
    await page.keyboard.press('Tab');
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toMatch(/Import/);
  });

  it('the main menu is a drawer opened by the menu button', async () => {
    await page.goto(`${baseUrl}/home`);
    await settled(page);
    const nav = page.getByRole('navigation', { name: 'Main menu' });
    await expect.poll(() => nav.isVisible()).toBe(false);
    await page.getByRole('button', { name: 'Open navigation' }).click();
    await expect.poll(() => nav.isVisible()).toBe(true);
    const box = await nav.boundingBox();
    expect(box!.x + box!.width).toBeLessThanOrEqual(phoneWidth);
    await page.keyboard.press('Escape');
    await expect.poll(() => nav.isVisible()).toBe(false);
  });

  it("a record's dialogs fit the phone: delete confirmation, history (full screen)", async () => {
    await page.goto(`${baseUrl}${form.listUrl}/update/${form.RecordId}`);
    await settled(page);
    const dialog = page.getByRole('dialog');
    const fitsWithDialog = async (label: string, open: () => Promise<void>, close: () => Promise<void>) => {
      await open();
      await expect.poll(() => dialog.isVisible()).toBe(true);
      const box = await dialog.boundingBox();
      const problems = [misfit(await measureFit(page)), box!.x < 0 || box!.x + box!.width > phoneWidth ? `the dialog spans ${box!.x}..${box!.x + box!.width} px` : '']
        .filter(Boolean).join('\n    ');
      if (problems) failures.push(`${label}:\n    ${problems}`);
      await close();
      await expect.poll(() => dialog.count()).toBe(0);
    };
    await fitsWithDialog('Delete confirmation', () => page.getByRole('form').getByRole('button', { name: 'Delete', exact: true }).click(),
      () => dialog.getByRole('button', { name: 'Cancel' }).click());
    await fitsWithDialog('History', async () => {
      await page.getByRole('button', { name: 'History' }).click();
      // A full-width dialog of some size takes the whole phone screen, rather than squeezing its table between margins.
      await expect.poll(async () => (await dialog.boundingBox())?.width).toBe(phoneWidth);
    }, () => dialog.getByRole('button', { name: 'Close' }).click());
  });

  it('no screen scrolls sideways nor has a header control past the edge, and none logged an error', () => {
    expect(failures.join('\n')).toBe('');
    expect(consoleErrors, refusedRequests.join('\n')).toEqual([]);
  });
});
