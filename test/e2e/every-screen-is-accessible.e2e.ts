import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import type { FastifyInstance } from 'fastify';
import type { Result } from 'axe-core';
import type { RouteEntry } from '../../metadata/types/RouteEntry.ts';
import { fillPath } from '../../ui/routing/route-paths.ts';
import { allScreens } from '../../server/modules/forms/screens.ts';
import { launchChromium, openPage, signInThroughForm, startServer } from './harness.ts';
import { describeViolations, seriousViolations } from './accessibility.ts';
import { adminApi, seedBuiltForm, type Api, type SeededForm } from './seed-through-api.ts';

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
  let routes: RouteEntry[];
  let params: Map<string, Record<string, number>>;
  let form: SeededForm;
  let pageId: number;
  const checked: Array<{ label: string; path: string; violations: Result[]; unsettled?: string }> = [];

  /** The first record of a screen's list call: a real id for its :id routes. */
  async function firstRecordId(api: Api, url: string, idField: string): Promise<number | undefined> {
    const body = await api.get<unknown>(url).catch(() => null);
    const rows = Array.isArray(body) ? body : Object.values((body ?? {}) as object).find(Array.isArray);
    return (rows as Array<Record<string, number>> | undefined)?.[0]?.[idField];
  }

  /** Path parameters for each screen's routes, from the records the seed made and the first of every list. */
  async function routeParams(api: Api): Promise<Map<string, Record<string, number>>> {
    const byScreen = new Map<string, Record<string, number>>();
    for (const screen of await allScreens(app)) {
      const id = await firstRecordId(api, screen.api, screen.idField);
      if (id !== undefined) byScreen.set(screen.id, { id });
    }
    byScreen.set('simplelookups', { tableId: form.LookupTableId, id: form.LookupItemId });
    byScreen.set(`form-${form.FormId}`, { id: form.RecordId });
    byScreen.set('formfields', { id: form.FieldIds[0] });
    byScreen.set('pages', { id: pageId });
    byScreen.set(`page-${pageId}`, { id: form.RecordId });
    return byScreen;
  }

  const busy = '[role="progressbar"], .MuiSkeleton-root';

  /**
   * The screen has loaded: a heading, no spinner, skeleton or loading bar shown, no request in flight, and no
   * transition running (a button fading from disabled to enabled has, for a moment, colours of neither). Endless
   * animations are a hidden loading bar's, which is not shown.
   */
  async function settled(): Promise<void> {
    const slowly = { timeout: 60_000 }; // a screen's first visit loads its code, on a throttled, shared CPU
    await expect.poll(() => page.locator('h1, [role="heading"][aria-level="1"]').first().isVisible(), slowly).toBe(true);
    await expect.poll(() => page.locator(busy).filter({ visible: true }).count(), slowly).toBe(0);
    await page.waitForLoadState('networkidle');
    await expect.poll(() => page.evaluate(() => document.getAnimations().filter((a) => a.playState === 'running' && a.effect?.getTiming().iterations !== Infinity).length)).toBe(0);
  }

  /** Opens the path as a pasted URL does (the session survives a reload). */
  async function open(path: string): Promise<void> {
    await page.goto(`${baseUrl}${path}`);
  }

  async function check(label: string, path: string, navigate: () => Promise<void>): Promise<void> {
    await navigate();
    try {
      await settled();
    } catch (error) {
      const spinners = await page.locator(busy).filter({ visible: true }).evaluateAll((found) => found.map((e) => e.parentElement!.outerHTML.slice(0, 600)));
      checked.push({ label, path, violations: [], unsettled: `never settled: ${String(error).split('\n')[0]} ${spinners.join(' ')}` });
      return;
    }
    checked.push({ label, path, violations: await seriousViolations(page) });
  }

  beforeAll(async () => {
    ({ app, baseUrl } = await startServer());
    const api = await adminApi(app);
    form = await seedBuiltForm(api, 'Work Order');
    // A page for the form, with a page field: the page and page field screens then have records to open.
    ({ PageId: pageId } = await api.post<{ PageId: number }>('/api/pages', {
      Name: 'Work Orders', Description: 'Open work orders', PermissionsDisplayName: 'Work Orders Page', FormId: form.FormId, ParentPageId: null,
      Controller: null, ViewPath: 'work-orders/index', Route: '/work-orders', Action: null, Target: 'self', IsActive: true,
    }));
    await api.post('/api/pagefields', { PageId: pageId, FieldType: 'text', Name: 'Banner', IsActive: true, SortOrder: 1, AttributeValues: {} });
    // A mail in the outbox (no mail server here), so the Mail Outbox has one to open.
    await app.inject({ method: 'GET', url: '/api/User/RequestForgottenPasswordByUserName?userName=admin' });
    await app.mailer.settled();
    // An entry in the client error log, so the Client Error Log has one to open (with a stack trace to show).
    await app.inject({ method: 'POST', url: '/api/ErrorLog/LogMany', payload: [{ Type: 'Client Caught Exception', Message: 'x is undefined', StackTrace: 'TypeError: x is undefined\n    at onClick (app.js:1:2)' }] });
    // An aggregate circle of one atomic circle, so /aggregate/manage/:id opens a real one.
    const { AtomicCircleId } = await api.post<{ AtomicCircleId: number }>('/api/circles/atomic', { Name: 'North', Description: null, AggregateCircleId: null, OwnerAtomicCircleId: null, IsActive: true }, 201);
    await api.post('/api/circles/aggregates', { Name: 'East', Role: [], Permissions: [], AtomicCircleHierarchy: [{ Id: AtomicCircleId }], OwnerAtomicCircle: null }, 201);
    routes = await api.get<RouteEntry[]>('/api/App/GetRoutes');
    params = await routeParams(api);
    browser = await launchChromium();
    ({ page } = await openPage(browser));
  });
  afterAll(async () => {
    await browser?.close();
    await app?.close();
  });

  it('the sign-in page and the public account pages', async () => {
    const publicPages: Array<[string, string]> = [
      ['Sign in', '/login'],
      ['Password recovery', '/user/passwordrecovery'],
      ['User name recovery', '/user/usernamerecovery'],
      ['Self-registration', '/user/create'],
      ['Invalid verification code', '/user/invalidverificationcode/activation/generatenewkey'],
      ['Change password (unknown key)', '/user/changepassword/not-a-key'],
      ['Activate (unknown key)', '/user/activate/activation/not-a-key'],
      ['Sign-in link (unknown token)', '/login/not-a-token'],
    ];
    for (const [label, path] of publicPages) await check(label, path, () => open(path));
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
    for (const entry of routes) {
      // A create route's :id is the parent (0: none); every other :id is a real record.
      let filled = fillPath(entry.Url, params.get(entry.ScreenId ?? '') ?? {}).replace(/\/create\/$/, '/create/0');
      expect(filled, `a record for ${entry.Url}`).not.toMatch(/\/\/|\/$/);
      // A new form field belongs to a form named in the query, as the form's Fields tab links to it.
      if (entry.Name === 'formfields.create') filled += `?formid=${form.FormId}`;
      await check(`${entry.Title ?? entry.Name} (${entry.Name})`, filled, () => open(filled));
    }
  });

  it("a record's dialogs and pop-ups: delete confirmation, history, a select's options, a date picker", async () => {
    await signIn();
    const path = `${form.listUrl}/update/${form.RecordId}`;
    await open(path);
    await settled();
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
