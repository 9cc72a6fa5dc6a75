import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import type { FastifyInstance } from 'fastify';
import type { Result } from 'axe-core';
import { launchChromium, openPage, signInThroughForm, startServer } from './harness.ts';
import { describeViolations, seriousViolations } from './accessibility.ts';
import type { SeededForm } from './seed-through-api.ts';
import { busy, publicPages, seedEveryRoute, settled, type Visit } from './every-route.ts';

/**
 * Issue 18 "Accessibility": every screen the master administrator can open (the route table the UI mounts, with a
 * real record behind each :id), the sign-in page and the public account pages, checked with axe-core in Chromium once
 * settled: no serious or critical violation.
 */
describe('every screen is accessible (axe-core, Chromium)', () => {
  let app: FastifyInstance;
  let baseUrl: string;
  let browser: Browser;
  let page: Page;
  let visits: Visit[];
  let form: SeededForm;
  const checked: Array<{ label: string; path: string; violations: Result[]; unsettled?: string }> = [];

  /** Opens the path as a pasted URL does (the session survives a reload). */
  async function open(path: string): Promise<void> {
    await page.goto(`${baseUrl}${path}`);
  }

  async function check(label: string, path: string, navigate: () => Promise<void>): Promise<void> {
    await navigate();
    try {
      await settled(page);
    } catch (error) {
      const spinners = await page.locator(busy).filter({ visible: true }).evaluateAll((found) => found.map((e) => e.parentElement!.outerHTML.slice(0, 600)));
      checked.push({ label, path, violations: [], unsettled: `never settled: ${String(error).split('\n')[0]} ${spinners.join(' ')}` });
      return;
    }
    checked.push({ label, path, violations: await seriousViolations(page) });
  }

  beforeAll(async () => {
    ({ app, baseUrl } = await startServer({ applyShippedForms: true }));
    ({ visits, form } = await seedEveryRoute(app));
    browser = await launchChromium();
    ({ page } = await openPage(browser));
  }, 300_000); // seeding a record for every screen takes minutes on a loaded, shared CPU
  afterAll(async () => {
    await browser?.close();
    await app?.close();
  });

  it('the sign-in page and the public account pages', async () => {
    for (const { label, path } of publicPages) await check(label, path, () => open(path));
  });

  // Some 60 screens, each settled and checked: minutes on a throttled, shared CPU.
  let signedIn = false;
  /** Signs the page in as the master administrator, once: each test may run alone. */
  async function signIn(): Promise<void> {
    if (signedIn) return;
    await page.goto(`${baseUrl}/login`);
    await signInThroughForm(page, baseUrl);
    await page.waitForURL(`${baseUrl}/home`);
    signedIn = true;
  }

  it("every route of the master administrator's route table", { timeout: 1_500_000 }, async () => {
    await signIn();
    for (const { label, path } of visits) await check(label, path, () => open(path));
  });

  it("a record's dialogs and pop-ups: delete confirmation, history, a select's options, a date picker", async () => {
    await signIn();
    const path = `${form.listUrl}/update/${form.RecordId}`;
    await open(path);
    await settled(page);
    const popUp = async (label: string, opener: () => Promise<void>, shown: ReturnType<Page['getByRole']>, close: () => Promise<void>) => {
      await check(label, path, async () => {
        await opener();
        await expect.poll(() => shown.isVisible()).toBe(true);
      });
      await close();
      await expect.poll(() => shown.count()).toBe(0);
    };
    const dialog = page.getByRole('dialog');
    await popUp('Delete confirmation', () => page.getByRole('form').getByRole('button', { name: 'Delete', exact: true }).click(), dialog,
      () => dialog.getByRole('button', { name: 'Cancel' }).click());
    await popUp('History', () => page.getByRole('button', { name: 'History' }).click(), dialog, () => dialog.getByRole('button', { name: 'Close' }).click());
    await popUp("A select's options", () => page.getByRole('combobox', { name: /Priority/ }).click(), page.getByRole('listbox'), () => page.keyboard.press('Escape'));
    await popUp('Date picker', () => page.getByRole('button', { name: /Choose date/ }).click(), dialog, () => page.keyboard.press('Escape'));
  });

  it('has no serious or critical violation on any screen checked', () => {
    const failed = (c: (typeof checked)[number]) => c.violations.length > 0 || c.unsettled !== undefined;
    console.log(`Screens checked with axe-core (${checked.length}):\n${checked.map((c) => `  ${failed(c) ? 'FAIL' : 'ok  '} ${c.label}: ${c.path}`).join('\n')}`);
    expect(checked.filter(failed).map((c) => `${c.label} (${c.path}):\n${c.unsettled ?? describeViolations(c.violations)}`).join('\n\n')).toBe('');
  });
});
