import type { ScreenDocument } from '../../../engine/core/screen-document.ts';
import type { RouteEntry } from '../../../metadata/types/RouteEntry.ts';
import { routeTableFor } from '../app/route-table.ts';

const entryKinds = ['.list', '.single'];

/**
 * The routes a module link may open, by module name: its entry (the module's list route from the route table, or its
 * single-record screen when it has no list) and its create route (what a link whose Action is Create opens), each
 * without an id in it. Built from the whole route table, whoever asks; whether a user may open one is the user's own
 * route table's answer. Each module's routes are worked out once for both.
 */
export function moduleLinkRoutes(screens: ScreenDocument[], moduleNames: Iterable<string>): { entries: Map<string, RouteEntry>; creates: Map<string, RouteEntry> } {
  const base = new Set(routeTableFor(screens, new Set()).map((r) => r.Name));
  const entries = new Map<string, RouteEntry>();
  const creates = new Map<string, RouteEntry>();
  for (const name of new Set(moduleNames)) {
    const own = routeTableFor(screens, new Set([name])).filter((r) => !base.has(r.Name) && !r.Url.includes(':'));
    const entry = entryKinds.map((kind) => own.find((r) => r.Name.endsWith(kind))).find(Boolean);
    if (entry) entries.set(name, entry);
    const create = own.find((r) => r.Name.endsWith('.create'));
    if (create) creates.set(name, create);
  }
  return { entries, creates };
}

/** The route each module link opens by default (see moduleLinkRoutes). */
export const moduleEntryRoutes = (screens: ScreenDocument[], moduleNames: Iterable<string>): Map<string, RouteEntry> => moduleLinkRoutes(screens, moduleNames).entries;

/** What the profile menu opens (ui/shell/profile-menu.ts): not offered again by the main menu. */
const profileMenuPaths = new Set(['/youraccount']);

/** Whether a route of the user's table belongs in the menu: a list, or a single-record screen the profile menu does not open. */
export function isMenuEntryRoute(route: RouteEntry): boolean {
  if (route.Url.includes(':') || profileMenuPaths.has(route.Url)) return false;
  return route.Name.endsWith('.list') || route.Name.endsWith('.single');
}
