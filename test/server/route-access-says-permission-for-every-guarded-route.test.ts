import { beforeAll, describe, expect, it } from 'vitest';
import { databases, injectAs, signIn, useTestApp, type SignedIn } from './helper.ts';
import { addRole, addUser, grantModule } from './account-fixtures.ts';
import { allScreens } from '../../server/modules/forms/screens.ts';
import { moduleOfRoute } from '../../server/modules/app/route-table.ts';

interface Route { Name: string; Url: string }

/**
 * Spec 1 "Routing behaviour": a route the user lacks says 'You don't have permission to this page.', which the browser
 * can say only when GET /api/App/RouteAccess knows the route exists. A property over every route of the route table
 * (the shell's own, /session/list, /recordlock/list, /user/changepasswordrequest, as well as every screen's), each asked
 * as a user without its module and as one holding it.
 */
describe.each(databases)('RouteAccess knows every guarded route, on %s', (kind) => {
  const t = useTestApp(kind);
  const password = 'Passw0rd1';
  let admin: SignedIn;
  let nobody: SignedIn;
  let every: Route[];
  const holders = new Map<string, SignedIn>();
  const access = async (who: SignedIn, path: string) =>
    (await injectAs(t.app, who, { method: 'GET', url: `/api/App/RouteAccess?path=${encodeURIComponent(path)}` })).json() as { Exists: boolean; HasAccess: boolean };
  const pathOf = (url: string) => url.replace(/:\w+\??/g, '7');

  beforeAll(async () => {
    admin = await signIn(t.app);
    every = (await injectAs(t.app, admin, { method: 'GET', url: '/api/App/GetRoutes' })).json() as Route[];
    await addUser(t.app, { UserName: 'nobody', Password: password });
    nobody = await signIn(t.app, 'nobody', password);
    const screens = await allScreens(t.app);
    for (const route of every) {
      const module = moduleOfRoute(screens, route.Name);
      if (!module || holders.has(module)) continue;
      const role = await addRole(t.app, `Holds ${module}`);
      await grantModule(t.app, role, module);
      const userName = `holder${holders.size}`;
      await addUser(t.app, { UserName: userName, Password: password, RoleIds: [role] });
      holders.set(module, await signIn(t.app, userName, password));
    }
  });

  it('walks the whole route table, the shell routes the issue named among them', () => {
    expect(every.map((r) => r.Url)).toEqual(expect.arrayContaining(['/session/list', '/recordlock/list', '/user/changepasswordrequest', '/menuItem', '/page']));
    expect(every.length).toBeGreaterThan(30);
  });

  it('says permission (exists, no access) to a user without the route\'s module, and access to one holding it', async () => {
    const screens = await allScreens(t.app);
    const wrong: string[] = [];
    for (const route of every) {
      const path = pathOf(route.Url);
      const module = moduleOfRoute(screens, route.Name);
      const without = await access(nobody, path);
      const expected = { Exists: true, HasAccess: !module };
      if (without.Exists !== expected.Exists || without.HasAccess !== expected.HasAccess) wrong.push(`${path} without ${module}: ${JSON.stringify(without)}`);
      if (!module) continue;
      const withIt = await access(holders.get(module)!, path);
      if (!withIt.Exists || !withIt.HasAccess) wrong.push(`${path} with ${module}: ${JSON.stringify(withIt)}`);
    }
    expect(wrong).toEqual([]);
  });

  it('knows the create routes whose id is optional (spec 2) without the id', async () => {
    for (const [path, module] of [['/menuItem/create', 'MenuItem'], ['/menuItem/create/', 'MenuItem'], ['/page/create', 'PageManagement']] as const) {
      expect(await access(nobody, path), path).toEqual({ Exists: true, HasAccess: false });
      expect(await access(holders.get(module)!, path), path).toEqual({ Exists: true, HasAccess: true });
    }
  });

  it('still says not found for a path no route has', async () => {
    expect(await access(nobody, '/session/elsewhere')).toEqual({ Exists: false, HasAccess: false });
    expect(await access(nobody, '/no-such-page')).toEqual({ Exists: false, HasAccess: false });
  });
});
