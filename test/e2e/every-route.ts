import { expect } from 'vitest';
import type { Page } from 'playwright-core';
import type { FastifyInstance } from 'fastify';
import type { RouteEntry } from '../../metadata/types/RouteEntry.ts';
import { fillPath } from '../../ui/routing/route-paths.ts';
import { allScreens } from '../../server/modules/forms/screens.ts';
import { adminApi, seedBuiltForm, type Api, type SeededForm } from './seed-through-api.ts';
import { seedPublicPageRecords } from './seed-public-pages.ts';
import { publicFormDefaults } from '../../engine/core/lowcode/public-forms.ts';

/**
 * The walks over every screen (accessibility, phone width): the records that give each :id route a real record, the
 * master administrator's route table filled with them, the public pages, and when a screen counts as loaded.
 */

/** A screen to visit: what to call it in a report, and the path to open. */
export interface Visit {
  label: string;
  path: string;
}

export interface SeededRoutes {
  /** Every route of the master administrator's route table, each :id filled with a real record. */
  visits: Visit[];
  /** The built form seeded, with one record (its dialogs and pop-ups are checked on its update route). */
  form: SeededForm;
}

/** The sign-in page and the public account pages (unknown keys and tokens show their own pages). */
export const publicPages: Visit[] = [
  { label: 'Sign in', path: '/login' },
  { label: 'Password recovery', path: '/user/passwordrecovery' },
  { label: 'User name recovery', path: '/user/usernamerecovery' },
  { label: 'Self-registration', path: '/user/create' },
  { label: 'Invalid verification code', path: '/user/invalidverificationcode/activation/generatenewkey' },
  { label: 'Change password (unknown key)', path: '/user/changepassword/not-a-key' },
  { label: 'Activate (unknown key)', path: '/user/activate/activation/not-a-key' },
  { label: 'Sign-in link (unknown token)', path: '/login/not-a-token' },
  // Issue 32's public pages (a bulletin that does not exist shows the one not-found page).
  { label: 'Bulletin (unknown id)', path: '/bulletin/view/999999' },
  { label: 'Contact us', path: '/customercare/contactus' },
  { label: 'Big-picture schedule', path: '/scheduleBigPicture' },
  { label: 'Public form (unknown key)', path: '/public/form/not-a-key' },
];

/** The first record of a screen's list call: a real id for its :id routes. */
async function firstRecordId(api: Api, url: string, idField: string): Promise<number | undefined> {
  const body = await api.get<unknown>(url).catch(() => null);
  const rows = Array.isArray(body) ? body : Object.values((body ?? {}) as object).find(Array.isArray);
  return (rows as Array<Record<string, number>> | undefined)?.[0]?.[idField];
}

/** Path parameters for each screen's routes, from the records the seed made and the first of every list. */
async function routeParams(app: FastifyInstance, api: Api, form: SeededForm, pageId: number): Promise<Map<string, Record<string, number>>> {
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

/** The route table with a real record behind each :id (a create route's :id is the parent: 0, none). */
function visitsOf(routes: RouteEntry[], params: Map<string, Record<string, number>>, form: SeededForm): Visit[] {
  return routes.map((entry) => {
    let path = fillPath(entry.Url, params.get(entry.ScreenId ?? '') ?? {}).replace(/\/create\/$/, '/create/0');
    expect(path, `a record for ${entry.Url}`).not.toMatch(/\/\/|\/$/);
    // A new form field belongs to a form named in the query, as the form's Fields tab links to it.
    if (entry.Name === 'formfields.create') path += `?formid=${form.FormId}`;
    return { label: `${entry.Title ?? entry.Name} (${entry.Name})`, path };
  });
}

/**
 * Seeds a record for every screen that has none on a fresh database (a built form with a record and a lookup, a page
 * with a page field, a mail in the outbox, an aggregate circle) and fills the route table with them.
 */
export async function seedEveryRoute(app: FastifyInstance): Promise<SeededRoutes> {
  const api = await adminApi(app);
  const form = await seedBuiltForm(api, 'Work Order');
  // The shipped forms of the public pages (the walks start with them applied): a record each.
  await seedPublicPageRecords(app, api);
  const { PageId: pageId } = await api.post<{ PageId: number }>('/api/pages', {
    Name: 'Work Orders', Description: 'Open work orders', PermissionsDisplayName: 'Work Orders Page', FormId: form.FormId, ParentPageId: null,
    Controller: null, ViewPath: 'work-orders/index', Route: '/work-orders', Action: null, Target: 'self', IsActive: true,
  });
  await api.post('/api/pagefields', { PageId: pageId, FieldType: 'text', Name: 'Banner', IsActive: true, SortOrder: 1, AttributeValues: {} });
  // A mail in the outbox (no mail server here), so the Mail Outbox has one to open.
  await app.inject({ method: 'GET', url: '/api/User/RequestForgottenPasswordByUserName?userName=admin' });
  await app.mailer.settled();
  // An entry in the client error log, so the Client Error Log has one to open (with a stack trace to show).
  await app.inject({ method: 'POST', url: '/api/ErrorLog/LogMany', payload: [{ Type: 'Client Caught Exception', Message: 'x is undefined', StackTrace: 'TypeError: x is undefined\n    at onClick (app.js:1:2)' }] });
  // An aggregate circle of one atomic circle, so /aggregate/manage/:id opens a real one.
  const { AtomicCircleId } = await api.post<{ AtomicCircleId: number }>('/api/circles/atomic', { Name: 'North', Description: null, AggregateCircleId: null, OwnerAtomicCircleId: null, IsActive: true }, 201);
  await api.post('/api/circles/aggregates', { Name: 'East', Role: [], Permissions: [], AtomicCircleHierarchy: [{ Id: AtomicCircleId }], OwnerAtomicCircle: null }, 201);
  // The built form published to the public: the page a visitor fills (its Public tab is checked in public-form.e2e.ts).
  const published = await api.post<{ PublicKey: string }>(`/api/forms/${form.FormId}/public`, { ...publicFormDefaults, IsPublic: true, FieldIds: form.FieldIds }, 200);
  const publicForm = { label: 'Public form (published)', path: `/public/form/${published.PublicKey}` };
  // Home widgets on the administrators' role (1): /home shows them, the widget manager lists and arranges them.
  for (const widget of [
    { Kind: 'number', Title: 'Work orders', Source: form.FormId, Options: { Measure: 'count' }, Placements: [{ RoleId: 1, Size: 'small' }] },
    { Kind: 'chart', Title: 'Work orders by month', Source: form.FormId, Options: { GroupBy: 'CreatedDate', Chart: 'bar' }, Placements: [{ RoleId: 1, Size: 'medium' }] },
    { Kind: 'recent', Title: 'Recently changed', Options: {}, Placements: [{ RoleId: 1, Size: 'medium' }] },
    { Kind: 'links', Title: 'Quick links', Options: { Links: [{ Title: 'Reports', Url: '/reportmodule/view' }] }, Placements: [{ RoleId: 1, Size: 'large' }] },
  ]) await api.post('/api/widgets', widget, 201);
  const routes = await api.get<RouteEntry[]>('/api/App/GetRoutes');
  return { visits: [...visitsOf(routes, await routeParams(app, api, form, pageId), form), publicForm], form };
}

/** A spinner, skeleton or loading bar: the screen is still loading while one shows. */
export const busy = '[role="progressbar"], .MuiSkeleton-root';

/**
 * The screen has loaded: a heading, no spinner, skeleton or loading bar shown, no request in flight, and no
 * transition running (a button fading from disabled to enabled has, for a moment, colours of neither). Endless
 * animations are a hidden loading bar's, which is not shown.
 */
export async function settled(page: Page): Promise<void> {
  const slowly = { timeout: 60_000 }; // a screen's first visit loads its code, on a throttled, shared CPU
  await expect.poll(() => page.locator('h1, [role="heading"][aria-level="1"]').first().isVisible(), slowly).toBe(true);
  await expect.poll(() => page.locator(busy).filter({ visible: true }).count(), slowly).toBe(0);
  await page.waitForLoadState('networkidle');
  await expect.poll(() => page.evaluate(() => document.getAnimations().filter((a) => a.playState === 'running' && a.effect?.getTiming().iterations !== Infinity).length)).toBe(0);
}
