import { beforeAll, describe, expect, it, vi } from 'vitest';
import type { FastifyContextConfig, FastifyRequest, HTTPMethods } from 'fastify';
import { databases, useTestApp, signIn, injectAs, type SignedIn } from './helper.ts';
import { addRole, addUser } from './account-fixtures.ts';
import type { Access, ModuleAccess } from '../../server/types.ts';

interface SeenRoute { method: HTTPMethods; url: string; config?: FastifyContextConfig }

/** The live route table with each route's config, seen as route-access-matrix.test.ts sees it (an onRoute hook at the root). */
const seen = vi.hoisted(() => new Map<string, { method: string; url: string; config?: unknown }>());
vi.mock('../../server/plugins/openapi.ts', async (importOriginal) => {
  const { default: openapi } = await importOriginal<typeof import('../../server/plugins/openapi.ts')>();
  const { default: fp } = await import('fastify-plugin');
  return {
    default: fp(async (app) => {
      app.addHook('onRoute', (route) => {
        for (const method of [route.method].flat()) seen.set(`${method} ${route.url}`, { method, url: route.url, config: route.config });
      });
      await app.register(openapi);
    }),
  };
});

/** The administrator's records (and their children) that the own-records-only identity must not reach. */
interface Records { form: number; field: number; record: number; page: number; pageField: number; table: number; item: number; menuItem: number; user: number; importJob: number; userImportJob: number; formAction: number; builtReport: number; favorite: number; schedule: number; exportJob: number }
type RecordName = keyof Records;

/**
 * Which record each path parameter names, by route: every route with a parameter, under a module offering 'View All
 * Records', must be named here (the suite fails on one that is not), so a route added tomorrow is walked too.
 * `vary` lists the parameters swapped for a nonexistent id; the others (a built form's id in its records' routes)
 * only choose which form's access applies.
 */
const fillers: Array<{ url: RegExp; params: Record<string, RecordName>; vary?: string[] }> = [
  { url: /^\/api\/forms\/:formId\/records\//, params: { formId: 'form', id: 'record' }, vary: ['id'] },
  // A form's imports: another's import answers as one that does not exist (its undo would delete records one may not read).
  { url: /^\/api\/forms\/:formId\/imports/, params: { formId: 'form', importId: 'importJob' }, vary: ['importId'] },
  // The users' imports alike: another's undo would delete users one may not read.
  { url: /^\/api\/users\/imports\//, params: { importId: 'userImportJob' }, vary: ['importId'] },
  { url: /^\/api\/pages\/:pageId\/records\//, params: { pageId: 'page', id: 'record' }, vary: ['id'] },
  // A form's actions: another's form answers as none, whichever of its actions is named.
  { url: /^\/api\/forms\/:id\/actions\/:actionId$/, params: { id: 'form', actionId: 'formAction' }, vary: ['id'] },
  { url: /^\/api\/forms\/:id(\/|$)/, params: { id: 'form' } },
  { url: /^\/api\/formfields\/:id(\/|$)/, params: { id: 'field' } },
  { url: /^\/api\/pages\/:id(\/|$)/, params: { id: 'page' } },
  { url: /^\/api\/pagefields\/:id(\/|$)/, params: { id: 'pageField' } },
  { url: /^\/api\/lookup-tables\/:id(\/|$)/, params: { id: 'table' } },
  { url: /^\/api\/simple-lookups\/:tableId\/items\/:id$/, params: { tableId: 'table', id: 'item' } },
  { url: /^\/api\/simple-lookups\/:tableId\//, params: { tableId: 'table' } },
  { url: /^\/api\/simple-lookups\/forms\/:formId\/lists$/, params: { formId: 'form' } },
  { url: /^\/api\/menu-items\/:id(\/|$)/, params: { id: 'menuItem' } },
  { url: /^\/api\/users\/:id(\/|$)/, params: { id: 'user' } },
  // A report built on another's form: as one that does not exist.
  { url: /^\/api\/reports\/builder\/:id$/, params: { id: 'builtReport' } },
  // Another user's favourite report parameters: as none.
  { url: /^\/api\/reports\/favorites\/:id$/, params: { id: 'favorite' } },
  // Another user's report schedule (and sending it now): as none.
  { url: /^\/api\/reports\/schedules\/:id(\/|$)/, params: { id: 'schedule' } },
  // Another user's background export (its progress, its file, cancelling it): as none.
  { url: /^\/api\/reports\/exports\/:id(\/|$)/, params: { id: 'exportJob' } },
];

/** Parameters that name no record (a field type's key). */
const notRecords = new Set([':type']);
/**
 * A built form's (or page's) records as a whole: :formId and :pageId choose whose module is the access (Form<id>,
 * checked by the access plugin), and the list is narrowed by the row rule (own-records-and-hidden-fields.test.ts).
 */
const recordCollections = /^\/api\/(forms\/:formId|pages\/:pageId)\/records(\/export\.csv)?$/;
const absentId = 999_999;
const password = 'Passw0rd1';

/**
 * ASVS 8.2.2 (IDOR), DESIGN "A record one may not read answers exactly as a record that does not exist, and so do its
 * children": for every route with an id under a module offering 'View All Records', a user holding every such module
 * and route without it gets, for the administrator's record and its children (a form's fields and revisions, a
 * list's items, a page's fields, History), exactly the status and body a nonexistent id gets: on reads, updates,
 * reorders, previews and deletes alike.
 */
describe.each(databases)('records one may not read look absent, on %s', (kind) => {
  const t = useTestApp(kind);
  const records = {} as Records;
  let admin: SignedIn;
  let nov: SignedIn;

  const fieldBody = (FormId: number) => ({ FormId, Name: 'Title', ReportLabelText: 'Title', FieldType: 'text', IsUdf: false, IsActive: true, StartDate: null, EndDate: null, AttributeValues: { required: true } });
  const created = async (url: string, payload: object, idField: string) => {
    const res = await injectAs(t.app, admin, { method: 'POST', url, payload });
    expect(res.statusCode, `${url}: ${res.body}`).toBe(201);
    return res.json()[idField] as number;
  };

  beforeAll(async () => {
    admin = await signIn(t.app);
    records.form = await created('/api/forms', { Name: 'Admin Form', Description: null, CanHaveEav: true, IsCircleable: false, IsActive: true }, 'FormId');
    records.field = await created('/api/formfields', fieldBody(records.form), 'FormFieldId');
    records.formAction = (await t.app.db('page_actions').where({ FormId: records.form, ActionName: 'Print' }).first('ActionId')).ActionId;
    records.record = await created(`/api/forms/${records.form}/records`, { Title: 'Secret' }, 'RecordId');
    records.builtReport = await created('/api/reports/builder', { ReportDispName: 'Admin Report', Category: 'Admin', FormId: records.form, Columns: [{ Field: 'Title' }], Filters: [] }, 'ReportId');
    records.favorite = await created('/api/reports/favorites', { reportId: records.builtReport, name: 'Mine', params: [] }, 'UserFavoriteReportId');
    records.schedule = await created('/api/reports/schedules', { ReportId: records.builtReport, FavoriteId: records.favorite, Frequency: 'daily', Time: '08:00', TimeZone: 'UTC', Format: 'csv' }, 'ScheduleId');
    const exported = await injectAs(t.app, admin, { method: 'POST', url: '/api/reports/exports', payload: { ReportId: records.builtReport, Format: 'csv' } });
    records.exportJob = exported.json().ExportId;
    await vi.waitFor(async () => expect((await t.app.db('report_exports').where({ ExportId: records.exportJob }).first('Status')).Status).toBe('done'), { timeout: 30_000 });
    records.page = await created('/api/pages', { Name: 'Admin Page', PermissionsDisplayName: 'Admin Page', FormId: records.form, Route: '/admin-page', Target: 'self', IsActive: true }, 'PageId');
    records.pageField = await created('/api/pagefields', { PageId: records.page, FieldType: 'text', Name: 'Banner', IsActive: true, SortOrder: 1, AttributeValues: {} }, 'PageFieldId');
    records.table = await created('/api/lookup-tables', { SystemName: 'Admin_List', DisplayName: 'Admin List', Description: null, FormId: records.form, IsActive: true, IsEditable: true }, 'SimpleLookupTableId');
    records.item = await created(`/api/simple-lookups/${records.table}/items`, { Name: 'Secret item', Description: null, IsActive: true }, 'Id');
    records.menuItem = await created('/api/menu-items', { Name: 'Admin Group', MenuItemTypeId: 3, Url: null, Target: null, ModuleId: null, ParentMenuItemId: null, SortOrder: 1, IsAlwaysVisible: false, IsActive: true }, 'MenuItemId');
    records.user = await addUser(t.app, { UserName: 'someone', Password: password });
    await t.app.db('users').where({ UserId: records.user }).update({ CreatedById: 1 });
    [{ ImportJobId: records.importJob }] = await t.app.db('import_jobs').insert({
      Target: `form-${records.form}`, FormId: records.form, FileName: 'admin-import', UserFileName: 'secret.csv', FileKind: 'csv', Sha256: '0'.repeat(64),
      State: 'Done', RequestedById: 1, RequestedBy: 'admin',
    }).returning('ImportJobId');
    [{ ImportJobId: records.userImportJob }] = await t.app.db('import_jobs').insert({
      Target: 'users', FormId: null, FileName: 'admin-user-import', UserFileName: 'people.csv', FileKind: 'csv', Sha256: '1'.repeat(64),
      State: 'Done', RequestedById: 1, RequestedBy: 'admin',
    }).returning('ImportJobId');

    // nov: every module offering View All Records (built forms' and pages' too) with all its nodes, but not View All Records.
    const roleId = await addRole(t.app, 'Own records only');
    const nodes: Array<{ NodeId: number }> = await t.app.db('permission_nodes as n')
      .join('permission_nodes as m', (j) => j.on('m.NodeId', 'n.NodeId').orOn('m.NodeId', 'n.ParentNodeId'))
      .join('modules as mo', 'mo.ModuleId', 'm.ModuleId')
      .where({ 'm.Type': 'module', 'mo.AllowViewAllRecords': true, 'n.IsRetired': false }).distinct('n.NodeId');
    await t.app.db('role_permissions').insert(nodes.map(({ NodeId }) => ({ RoleId: roleId, NodeId, HasAccess: true, ViewAllRecords: false })));
    await addUser(t.app, { UserName: 'nov', Password: password, RoleIds: [roleId] });
    nov = await signIn(t.app, 'nov', password);
  });

  /** The module a route's access needs (a built form's records resolve theirs from the path). */
  function moduleOf(route: SeenRoute): string | null {
    const access = route.config?.access as Access | undefined;
    if (typeof access !== 'object') return null;
    if ('resolve' in access) return (access.resolve({ params: { formId: String(records.form), pageId: String(records.page) } } as unknown as FastifyRequest) as ModuleAccess | null)?.module ?? null;
    return access.module;
  }

  /** A body each write would accept were the record its caller's, so a refusal comes from the row rule, not the input. */
  function bodyFor(route: SeenRoute): object | undefined {
    if (!['POST', 'PUT', 'PATCH'].includes(route.method)) return undefined;
    const bodies: Record<string, object> = {
      '/api/formfields/:id': { ...fieldBody(records.form), ReportLabelText: 'Changed by nov' },
      '/api/formfields/:id/type-change-preview': { FieldType: 'textArea' },
      '/api/forms/:id/fields/reorder': { FormFieldIds: [records.field] },
      '/api/forms/:id/udfs/reorder': { FormFieldIds: [] },
      '/api/simple-lookups/:tableId/items': { Name: 'Added by nov', Description: null, IsActive: true },
      '/api/simple-lookups/:tableId/items/:id': { Name: 'Renamed by nov', Description: null, IsActive: true, SortOrder: 1 },
      '/api/simple-lookups/:tableId/items/reorder': { ItemIds: [records.item] },
      '/api/forms/:formId/records/:id': { Title: 'Changed by nov' },
      '/api/pages/:pageId/records/:id': { Title: 'Changed by nov' },
    };
    return bodies[route.url] ?? (route.url.endsWith('/print') ? { fileType: 'print' } : {});
  }

  it("answers another's record, and its children, exactly as one that does not exist, on every route with an id", async () => {
    const vaModules = new Set<string>((await t.app.db('modules').where({ AllowViewAllRecords: true }).select('Name')).map((m: { Name: string }) => m.Name));
    // Reads first, then writes, then deletes: a write let through must not hide what a later call would show.
    const order = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'];
    const routes = [...seen.values()].map((r) => r as SeenRoute)
      .filter((r) => r.url.startsWith('/api/') && r.method !== 'HEAD' && /:\w+/.test(r.url))
      .filter((r) => (r.url.match(/:\w+/g) ?? []).some((p) => !notRecords.has(p)))
      .filter((r) => !recordCollections.test(r.url))
      .filter((r) => vaModules.has(moduleOf(r) ?? ''))
      .sort((a, b) => order.indexOf(a.method) - order.indexOf(b.method) || a.url.localeCompare(b.url));
    expect(routes.length).toBeGreaterThan(30);

    const unnamed: string[] = [];
    const differing: string[] = [];
    const walked: string[] = [];
    // The administrator holds the lock of each record read for update: whether nov's own read for update is told so
    // must not depend on the record existing.
    const forUpdate = (route: SeenRoute) => route.method === 'GET' && /\/:id$/.test(route.url);
    const lockHeadersOf = (headers: Record<string, unknown>) => Object.fromEntries(Object.entries(headers).filter(([name]) => name.startsWith('recordlock') && name !== 'recordlockid'));
    for (const route of routes) {
      const filler = fillers.find((f) => f.url.test(route.url));
      if (!filler) {
        unnamed.push(`${route.method} ${route.url}`);
        continue;
      }
      const urlWith = (absent: boolean) => route.url.replace(/:(\w+)/g, (_, name: string) => {
        const record = filler.params[name];
        if (!record) throw new Error(`${route.method} ${route.url}: no record for :${name}`);
        return String(absent && (!filler.vary || filler.vary.includes(name)) ? absentId : records[record]);
      });
      const payload = bodyFor(route);
      const call = (absent: boolean) => injectAs(t.app, nov, { method: route.method, url: urlWith(absent), ...(payload ? { payload } : {}) });
      const [hidden, absent] = [await call(false), await call(true)];
      // The record is there for one who may read it: the answer nov gets is the row rule's, not a broken call's.
      if (route.method === 'GET') {
        const seenByAdmin = await injectAs(t.app, admin, { method: 'GET', url: urlWith(false) });
        if (seenByAdmin.statusCode !== 200) differing.push(`${route.method} ${urlWith(false)}: the administrator gets ${seenByAdmin.statusCode} ${seenByAdmin.body.slice(0, 100)}`);
      }
      walked.push(`${route.method} ${route.url} ${hidden.statusCode}`);
      if (forUpdate(route)) {
        const held = await injectAs(t.app, admin, { method: 'GET', url: `${urlWith(false)}?lock=true` });
        expect(held.headers.recordlockid, `${route.url}: the administrator takes the lock`).toBeTruthy();
        const locked = async (absent: boolean) => injectAs(t.app, nov, { method: 'GET', url: `${urlWith(absent)}?lock=true` });
        const [hiddenLocked, absentLocked] = [await locked(false), await locked(true)];
        const answer = (res: typeof hidden) => ({ status: res.statusCode, body: res.body, headers: lockHeadersOf(res.headers) });
        if (JSON.stringify(answer(hiddenLocked)) !== JSON.stringify(answer(absentLocked))) {
          differing.push(`GET ${urlWith(false)}?lock=true: ${JSON.stringify(answer(hiddenLocked)).slice(0, 300)} | absent: ${JSON.stringify(answer(absentLocked)).slice(0, 300)}`);
        }
      }
      if (hidden.statusCode !== absent.statusCode || hidden.body !== absent.body) {
        differing.push(`${route.method} ${urlWith(false)}: ${hidden.statusCode} ${hidden.body.slice(0, 100)} | absent: ${absent.statusCode} ${absent.body.slice(0, 100)}`);
      }
    }
    expect(unnamed, 'routes with an id whose record the suite does not know: add them to fillers').toEqual([]);
    expect(differing).toEqual([]);
    // Each screen whose module offers View All Records had its records' routes walked.
    const screensWalked = [...t.app.registry.screens.values()].filter((screen) => screen.module && vaModules.has(screen.module) && screen.form && !screen.routes.single)
      .map((screen) => [screen.id, walked.some((w) => w.split(' ')[1].startsWith(`${screen.api}/:`))]);
    expect(screensWalked.length).toBeGreaterThan(5);
    expect(screensWalked.filter(([, was]) => !was)).toEqual([]);
    // Children are among what was walked: a form's fields, UDFs and revisions, a list's items, a page's fields, History.
    expect(walked).toEqual(expect.arrayContaining([
      'GET /api/forms/:id/fields 404', 'GET /api/forms/:id/revisions 404', 'GET /api/formfields/:id 404', 'POST /api/formfields/:id 404',
      'GET /api/simple-lookups/:tableId/items/:id 404', 'GET /api/lookup-tables/:id/history 404', 'GET /api/menu-items/:id 404',
      'GET /api/pages/:id/fields 404', 'GET /api/pagefields/:id 404', 'DELETE /api/formfields/:id 404',
    ]));
    // Nothing nov sent reached the administrator's records.
    expect(await t.app.db('form_fields').where({ FormFieldId: records.field }).first('ReportLabelText')).toEqual({ ReportLabelText: 'Title' });
    expect(await t.app.db('simple_lookup_items').where({ TableId: records.table }).select('Name')).toEqual([{ Name: 'Secret item' }]);
  }, 600_000);

  it("refuses a child created under another's record as under one that does not exist", async () => {
    const pairs: Array<[url: string, body: (parent: number) => object]> = [
      ['/api/formfields', (FormId) => ({ ...fieldBody(FormId), Name: 'Planted' })],
      ['/api/pagefields', (PageId) => ({ PageId, FieldType: 'text', Name: 'Planted', IsActive: true, SortOrder: 2, AttributeValues: {} })],
    ];
    for (const [url, body] of pairs) {
      const parent = url === '/api/formfields' ? records.form : records.page;
      const hidden = await injectAs(t.app, nov, { method: 'POST', url, payload: body(parent) });
      const absent = await injectAs(t.app, nov, { method: 'POST', url, payload: body(absentId) });
      expect({ status: hidden.statusCode, body: hidden.body }, url).toEqual({ status: absent.statusCode, body: absent.body });
      expect(hidden.statusCode, url).toBeGreaterThanOrEqual(400);
    }
    // The administrator still reaches all of it (the rule narrows the own-records-only identity only).
    expect((await injectAs(t.app, admin, { method: 'GET', url: `/api/forms/${records.form}/fields` })).json()).toHaveLength(1);
  });

  it('lists show an own-records-only identity none of the records it may not read', async () => {
    const listed = async (url: string) => {
      const res = await injectAs(t.app, nov, { method: 'GET', url });
      expect(res.statusCode, `${url}: ${res.body}`).toBe(200);
      return res.json().TotalCount as number;
    };
    for (const url of ['/api/forms', '/api/pages', '/api/pagefields', '/api/lookup-tables', '/api/menu-items']) expect(await listed(`${url}?includeInactive=true`), url).toBe(0);
    const lists = await injectAs(t.app, nov, { method: 'GET', url: '/api/simple-lookups/forms/0/lists' });
    expect(lists.json()).toEqual([]);
  });
});
