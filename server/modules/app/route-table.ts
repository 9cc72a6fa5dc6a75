import type { RouteEntry } from '../../../metadata/types/RouteEntry.ts';
import { recordNoun, type ScreenDocument } from '../../../engine/core/screen-document.ts';
import { guardedRouteKinds, routeNodeName, type GuardedRouteKind } from '../access/permission-nodes.ts';

const isGuardedRouteKind = (kind: string): kind is GuardedRouteKind => (guardedRouteKinds as readonly string[]).includes(kind);

/** Routes of the shell itself: open to every signed-in user, or to holders of the module named. */
const shellRoutes: Array<RouteEntry & { module?: string }> = [
  { Name: 'home', Url: '/home', Title: 'Home', Description: 'Your start page.' },
  // Spec 3 gives the route no module check, but everything on it needs SessionManagement: offered to its holders only.
  { Name: 'session.list', Url: '/session/list', Title: 'Manage Concurrent User Sessions', NavLabel: 'Concurrent Sessions', Description: 'Roles with a concurrent-user limit and who is signed in under them.', module: 'SessionManagement' },
  { Name: 'recordlock.list', Url: '/recordlock/list', Title: 'Record Locks', NavLabel: 'Record Locks', Description: 'Records being edited now, and by whom; release a lock a closed browser left behind.', module: 'RecordLocks' },
  { Name: 'form.build', Url: '/form/build', Title: 'Build a Form', Description: 'A new form with its fields, page, menu item and access, in one step.', module: 'FormManagement' },
  { Name: 'user.changepasswordrequest', Url: '/user/changepasswordrequest', Title: 'Request Password Change', Description: 'Have a link to change your password sent to your e-mail address.', module: 'RequestPasswordReset' },
];

/** The module a named route needs (null: every signed-in user may open it), for the shell's routes and every screen's. */
export function moduleOfRoute(screens: Iterable<ScreenDocument>, name: string): string | null | undefined {
  const shell = shellRoutes.find((r) => r.Name === name);
  if (shell) return shell.module ?? null;
  const screenId = name.slice(0, name.lastIndexOf('.'));
  for (const screen of screens) if (screen.id === screenId) return screen.module;
  return undefined;
}

// A single route is the screen itself (e.g. 'Your Account'), so it takes the screen's title as it is.
const routeTitles = { list: '', create: 'Create ', read: 'View ', update: 'Update ', delete: 'Delete ', single: '' } as const;

/** Every named route of the product, whoever holds what: the shell's and every screen's (what RouteAccess knows exists). */
export function everyRoute(screens: Iterable<ScreenDocument>): RouteEntry[] {
  return routeTableFor(screens, 'every');
}

/** The named routes a user may mount: the shell's, and each screen route whose module the user holds. */
export function routeTableFor(screens: Iterable<ScreenDocument>, modules: Set<string> | 'every', heldRoutes?: Set<string>): RouteEntry[] {
  const holds = (module: string) => modules === 'every' || modules.has(module);
  const routes: RouteEntry[] = shellRoutes.filter((r) => !r.module || holds(r.module)).map(({ module: _m, ...route }) => route);
  for (const screen of screens) {
    if (screen.module !== null && !holds(screen.module)) continue;
    for (const [kind, url] of Object.entries(screen.routes) as Array<[keyof typeof routeTitles, string]>) {
      // Create, update and delete need their route node too (module-button access); the list and reads need the module.
      if (heldRoutes && screen.module && isGuardedRouteKind(kind) && !heldRoutes.has(routeNodeName(screen.id, kind))) continue;
      routes.push({
        Name: `${screen.id}.${kind}`,
        Url: url,
        Title: screen.routeTitles?.[kind] ?? (routeTitles[kind] ? `${routeTitles[kind]}${recordNoun(screen)}` : screen.title),
        Description: screen.description ?? '',
        ...(kind === 'list' && screen.navLabel ? { NavLabel: screen.navLabel } : {}),
        ScreenId: screen.id,
      });
    }
    const importRoute = importRouteOf(screen, heldRoutes);
    if (importRoute) routes.push(importRoute);
  }
  return routes;
}

/**
 * The import screen (issue 29) of a built form or of the users, beside its list: for whoever may create its records
 * (the create route node, which the import routes on the server require too).
 */
function importRouteOf(screen: ScreenDocument, heldRoutes?: Set<string>): RouteEntry | null {
  if (!(/^form-\d+$/.test(screen.id) || screen.id === 'users') || !screen.routes.create || !screen.routes.list) return null;
  if (heldRoutes && screen.module && !heldRoutes.has(routeNodeName(screen.id, 'create'))) return null;
  return {
    Name: `${screen.id}.import`, Url: `${screen.routes.list}/import`, Title: `Import ${screen.title}`,
    Description: screen.id === 'users'
      ? 'Bring users in from a CSV or Excel (XLSX) file: match its columns to fields, check every row, then import. Each new user is sent the activation e-mail.'
      : 'Bring records in from a CSV or Excel (XLSX) file: match its columns to fields, check every row, then import.',
    ScreenId: screen.id,
  };
}
