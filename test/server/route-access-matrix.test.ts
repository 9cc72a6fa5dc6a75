import { beforeAll, describe, expect, it, vi } from 'vitest';
import type { FastifyContextConfig, FastifyInstance, FastifyRequest, HTTPMethods } from 'fastify';
import { oneDatabase, useTestApp, signIn, injectAs, type SignedIn } from './helper.ts';
import { addUser, addRole } from './account-fixtures.ts';
import { guardedRouteKinds, routeNodeName } from '../../server/modules/access/permission-nodes.ts';
import { messages } from '../../server/plugins/access.ts';
import type { Access, ModuleAccess } from '../../server/types.ts';

interface SeenRoute { method: HTTPMethods; url: string; config?: FastifyContextConfig }

/**
 * The live route table. Fastify 5 lists no routes with their options after start (printRoutes gives text,
 * findRoute no config), and a BuildOptions.routes plugin is registered after the product's routes, so its
 * onRoute hook would see none of them. The OpenAPI plugin is registered before every route at the root: this
 * wraps it to add an onRoute hook there, which sees each route with its config exactly as the access plugin does.
 */
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

/** A declared access, as the matrix reads it. */
const moduleOf = (access: Access | undefined) => (typeof access === 'object' && !('resolve' in access) ? access : null);
/** The walks below call well over a hundred routes, signing users in (a password check each): they take minutes on a busy machine. */
const matrixTimeout = 600_000;

/** Whether the access is resolved per request from its path (a built form's records). */
const isResolved = (access: Access | undefined) => typeof access === 'object' && 'resolve' in access;

describe.each(oneDatabase)('every API route against the access it declares, on %s', (kind) => {
  const t = useTestApp(kind);
  const password = 'Passw0rd1';
  /** A built form with one required text field: the form whose id fills :formId in the routes of built forms' records. */
  let formId: number;
  /** A page showing that form: its id fills :pageId in the routes of pages' records. */
  let pageId: number;

  beforeAll(async () => {
    const admin = await signIn(t.app);
    const as = (url: string, payload: object) => injectAs(t.app, admin, { method: 'POST', url, payload });
    const field = (FormId: number) => ({ FormId, Name: 'Title', ReportLabelText: 'Title', FieldType: 'text', IsUdf: false, IsActive: true, StartDate: null, EndDate: null, AttributeValues: { required: true } });
    // A first form takes id 1 (and its field field id 1), which the calls below fill every other :param with: the
    // holders' writes and deletes to id 1 then land on it, never on the form whose records the matrix calls.
    for (const Name of ['Matrix Spare', 'Matrix Form']) {
      const form = await as('/api/forms', { Name, Description: null, CanHaveEav: true, IsCircleable: false, IsActive: true });
      expect(form.statusCode, form.body).toBe(201);
      formId = form.json().FormId;
      const res = await as('/api/formfields', field(formId));
      expect(res.statusCode, res.body).toBe(201);
    }
    expect(formId).not.toBe(1);
    // The same for pages: a spare one takes id 1.
    for (const Name of ['Matrix Spare Page', 'Matrix Page']) {
      const page = await as('/api/pages', { Name, PermissionsDisplayName: Name, FormId: formId, Route: `/${Name.toLowerCase().replace(/ /g, '-')}`, Target: 'self', IsActive: true });
      expect(page.statusCode, page.body).toBe(201);
      pageId = page.json().PageId;
    }
    expect(pageId).not.toBe(1);
  });

  /** The access the route needs: the declared module, or the resolved one for the built form's id in the params. */
  function accessOf(route: SeenRoute): ModuleAccess | null {
    const access = route.config?.access;
    if (typeof access === 'object' && 'resolve' in access) {
      return access.resolve({ params: { formId: String(formId), pageId: String(pageId) }, query: queryOf(route) } as unknown as FastifyRequest);
    }
    return moduleOf(access);
  }

  const apiRoutes = (): SeenRoute[] => [...seen.values()]
    .filter((r) => r.url.startsWith('/api/') && r.method !== 'HEAD')
    .map((r) => r as SeenRoute)
    .sort((a, b) => a.url.localeCompare(b.url) || a.method.localeCompare(b.method));
  const named = (r: SeenRoute) => `${r.method} ${r.url}`;

  /**
   * Path params filled with 1 (the master user's id: a write to it is refused as the master's, never done), and :formId
   * with the built form's id; an empty JSON body for writes.
   */
  /** A route whose module the query names (an upload names the screen's module it is for): Users' here. */
  const namesModuleInQuery = (route: SeenRoute) => {
    const access = route.config?.access;
    return typeof access === 'object' && 'resolve' in access && /\?module/.test(String((access as { describe?: string }).describe));
  };
  const queryOf = (route: SeenRoute) => (namesModuleInQuery(route) ? { module: 'RegisterUser' } : {});

  function call(app: FastifyInstance, route: SeenRoute, who: SignedIn | null) {
    const path = route.url.replace(/:formId\b/g, String(formId)).replace(/:pageId\b/g, String(pageId)).replace(/:\w+/g, '1');
    const url = namesModuleInQuery(route) ? `${path}?module=RegisterUser` : path;
    const options = { method: route.method, url, ...(['POST', 'PUT', 'PATCH'].includes(route.method) ? { payload: {} } : {}) };
    return who ? injectAs(app, who, options) : app.inject(options);
  }
  const errorOf = (body: string): { ErrorMessage?: string; ErrorCode?: unknown } => {
    try {
      const parsed = JSON.parse(body);
      return Array.isArray(parsed) ? parsed[0] ?? {} : parsed ?? {};
    } catch {
      return {};
    }
  };
  const isAccessRefusal = (status: number, body: string) =>
    status === 401 || (status === 403 && [messages.noAccess, messages.mustChangePassword].includes(errorOf(body).ErrorMessage ?? ''));

  /** Sessions by user name, kept while they still pass a session-only call: a sign-in (a password check) per call is slow. */
  const sessions = new Map<string, SignedIn>();
  async function liveSession(name: string): Promise<SignedIn> {
    const kept = sessions.get(name);
    if (kept && (await injectAs(t.app, kept, { method: 'GET', url: '/api/Authorize/ModuleAccess?moduleName=Home' })).statusCode === 200) return kept;
    const fresh = await signIn(t.app, name, password);
    sessions.set(name, fresh);
    return fresh;
  }

  /** A user whose one role holds exactly these nodes. */
  async function userHolding(name: string, nodeIds: number[]): Promise<string> {
    const roleId = await addRole(t.app, `Matrix ${name}`);
    if (nodeIds.length) await t.app.db('role_permissions').insert(nodeIds.map((NodeId) => ({ RoleId: roleId, NodeId, HasAccess: true })));
    await addUser(t.app, { UserName: name, Password: password, RoleIds: [roleId] });
    return name;
  }
  async function moduleNodes(moduleName: string): Promise<{ module: number; children: Array<{ NodeId: number; Type: string; Name: string }> }> {
    const module = await t.app.db('permission_nodes').where({ Type: 'module', Name: moduleName }).first('NodeId');
    expect(module, `module ${moduleName} has a node`).toBeTruthy();
    const children = await t.app.db('permission_nodes').where({ ParentNodeId: module.NodeId, IsRetired: false }).select('NodeId', 'Type', 'Name');
    return { module: module.NodeId, children };
  }

  it('collects the whole route table', () => {
    const routes = apiRoutes();
    expect(routes.length).toBeGreaterThan(40);
    expect(routes.map(named)).toContain('POST /api/users');
    // Deny by default: start-up refuses a route without access (routes-declare-access.test.ts), so every one has it.
    expect(routes.filter((r) => !r.config?.access).map(named)).toEqual([]);
  });

  it('every route but the public ones answers 401 without a session', async () => {
    const wrong: string[] = [];
    for (const route of apiRoutes().filter((r) => r.config?.access !== 'public')) {
      const res = await call(t.app, route, null);
      if (res.statusCode !== 401) wrong.push(`${named(route)}: ${res.statusCode} ${res.body.slice(0, 120)}`);
    }
    expect(wrong).toEqual([]);
  });

  it("every route with a module answers 403 to a signed-in user with no role, and the module's holder gets past access", async () => {
    await addUser(t.app, { UserName: 'roleless', Password: password });
    const roleless = await signIn(t.app, 'roleless', password);
    const wrong: string[] = [];
    const holders = new Map<string, string>();
    for (const route of apiRoutes()) {
      const access = accessOf(route);
      if (!access) continue;
      const refused = await call(t.app, route, roleless);
      if (refused.statusCode !== 403 || errorOf(refused.body).ErrorMessage !== messages.noAccess) wrong.push(`${named(route)} without the module: ${refused.statusCode} ${refused.body.slice(0, 120)}`);

      if (!holders.has(access.module)) {
        const nodes = await moduleNodes(access.module);
        holders.set(access.module, await userHolding(`holder-${access.module}`, [nodes.module, ...nodes.children.map((c) => c.NodeId)]));
      }
      // A live session for each call: a route may end the caller's session (or lock it), and then the holder signs in again.
      const holder = await liveSession(holders.get(access.module)!);
      const res = await call(t.app, route, holder);
      // 2xx, or a 4xx about the input (a missing query, an empty body, the master user's record being read-only).
      if (isAccessRefusal(res.statusCode, res.body) || res.statusCode >= 500) wrong.push(`${named(route)} with ${access.module}: ${res.statusCode} ${res.body.slice(0, 120)}`);
    }
    expect(wrong).toEqual([]);
    expect(holders.size).toBeGreaterThan(3);
    expect(holders.has(`Form${formId}`)).toBe(true);
    expect(holders.has(`Page${pageId}`)).toBe(true);
  }, matrixTimeout);

  it('every route with a route node answers 403 to a holder of its module without that node, and not to one with it', async () => {
    const wrong: string[] = [];
    const guarded = apiRoutes().filter((r) => accessOf(r)?.route);
    expect(guarded.filter((r) => isResolved(r.config?.access)).map(named)).toEqual(expect.arrayContaining([
      'POST /api/forms/:formId/records', 'POST /api/forms/:formId/records/:id', 'DELETE /api/forms/:formId/records/:id',
    ]));
    for (const route of guarded) {
      const access = accessOf(route)!;
      const nodes = await moduleNodes(access.module);
      const node = nodes.children.find((c) => c.Type === 'route' && c.Name === access.route);
      if (!node) {
        wrong.push(`${named(route)} declares route ${access.route}, which is no live route node of ${access.module}`);
        continue;
      }
      const suffix = `${route.method}-${route.url}`.replace(/\W+/g, '-');
      const lacking = await userHolding(`lacking-${suffix}`, [nodes.module, ...nodes.children.filter((c) => c !== node).map((c) => c.NodeId)]);
      const refused = await call(t.app, route, await signIn(t.app, lacking, password));
      if (refused.statusCode !== 403 || errorOf(refused.body).ErrorMessage !== messages.noAccess) wrong.push(`${named(route)} without ${access.route}: ${refused.statusCode} ${refused.body.slice(0, 120)}`);
      const holding = await userHolding(`holding-${suffix}`, [nodes.module, node.NodeId]);
      const res = await call(t.app, route, await signIn(t.app, holding, password));
      if (isAccessRefusal(res.statusCode, res.body) || res.statusCode >= 500) wrong.push(`${named(route)} with ${access.route}: ${res.statusCode} ${res.body.slice(0, 120)}`);
    }
    expect(wrong).toEqual([]);
  }, matrixTimeout);

  it("each screen's create, update, delete and deactivate routes declare their route node", () => {
    const byKey = new Map(apiRoutes().map((r) => [named(r), r]));
    const expected: Array<[key: string, module: string, route: string]> = [];
    for (const screen of t.app.registry.screens.values()) {
      if (!screen.module) continue;
      for (const kind of guardedRouteKinds) {
        if (!screen.routes[kind]) continue;
        const name = routeNodeName(screen.id, kind);
        const keys = kind === 'create' ? [`POST ${screen.api}`]
          : kind === 'update' ? [`POST ${screen.api}/:id`]
            : [`DELETE ${screen.api}/:id`, `POST ${screen.api}/:id/deactivate`];
        for (const key of keys) if (byKey.has(key)) expected.push([key, screen.module, name]);
      }
    }
    expect(expected.map(([key]) => key)).toContain('POST /api/users');
    const missing = expected
      .filter(([key, module, route]) => {
        const access = moduleOf(byKey.get(key)!.config?.access);
        return access?.module !== module || access.route !== route;
      })
      .map(([key, module, route]) => `${key} declares ${JSON.stringify(byKey.get(key)!.config?.access)}, not { module: '${module}', route: '${route}' }`);
    expect(missing).toEqual([]);
  });

  it("the routes of a built form's records resolve to its module (or, through a page, the page's) and, for writes, its screen's route nodes", () => {
    const byKey = new Map(apiRoutes().map((r) => [named(r), r]));
    // Of the routes resolving their access per request, those of built forms' records (record locks' held call resolves by its domain).
    const resolved = apiRoutes().filter((r) => isResolved(r.config?.access) && /^\/api\/(forms\/:formId|pages\/:pageId)\/records/.test(r.url)).map(named);
    expect(resolved.length).toBeGreaterThan(0);
    const module = `Form${formId}`;
    const expected: Record<string, ModuleAccess> = {
      'GET /api/forms/:formId/records': { module },
      'GET /api/forms/:formId/records/export.csv': { module },
      'GET /api/forms/:formId/records/:id': { module },
      'GET /api/forms/:formId/records/:id/history': { module },
      'GET /api/forms/:formId/records/:id/circle': { module },
      'POST /api/forms/:formId/records/:id/circle': { module, route: routeNodeName(`form-${formId}`, 'update') },
      'POST /api/forms/:formId/records/:id/print': { module },
      'POST /api/forms/:formId/records': { module, route: routeNodeName(`form-${formId}`, 'create') },
      'POST /api/forms/:formId/records/:id': { module, route: routeNodeName(`form-${formId}`, 'update') },
      'POST /api/forms/:formId/records/:id/deactivate': { module, route: routeNodeName(`form-${formId}`, 'delete') },
      'DELETE /api/forms/:formId/records/:id': { module, route: routeNodeName(`form-${formId}`, 'delete') },
    };
    const page = `Page${pageId}`;
    for (const [key, access] of Object.entries({ ...expected })) {
      const route = access.route?.replace(`form-${formId}.`, `page-${pageId}.`);
      expected[key.replace('/api/forms/:formId/', '/api/pages/:pageId/')] = { module: page, ...(route ? { route } : {}) };
    }
    expect(resolved.sort()).toEqual(Object.keys(expected).sort());
    for (const [key, access] of Object.entries(expected)) expect(accessOf(byKey.get(key)!), key).toEqual(access);
  });
});
