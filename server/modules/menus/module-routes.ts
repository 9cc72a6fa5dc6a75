import type { ScreenDocument } from '../../../engine/core/screen-document.ts';
import type { RouteEntry } from '../../../metadata/types/RouteEntry.ts';
import { routeTableFor } from '../app/route-table.ts';

const entryKinds = ['.list', '.single'];

/**
 * The route a module link opens: the module's list route from the route table (or its single-record screen when
 * it has no list), by module name. Built from the whole route table, whoever asks; whether a user may open it is
 * the user's own route table's answer.
 */
export function moduleEntryRoutes(screens: ScreenDocument[], moduleNames: Iterable<string>): Map<string, RouteEntry> {
  const base = new Set(routeTableFor(screens, new Set()).map((r) => r.Name));
  const entries = new Map<string, RouteEntry>();
  for (const name of new Set(moduleNames)) {
    const own = routeTableFor(screens, new Set([name])).filter((r) => !base.has(r.Name) && !r.Url.includes(':'));
    for (const kind of entryKinds) {
      const found = own.find((r) => r.Name.endsWith(kind));
      if (found) {
        entries.set(name, found);
        break;
      }
    }
  }
  return entries;
}

/** The create route of each module that has one without an id in it: what a module link whose Action is Create opens. */
export function moduleCreateRoutes(screens: ScreenDocument[], moduleNames: Iterable<string>): Map<string, RouteEntry> {
  const base = new Set(routeTableFor(screens, new Set()).map((r) => r.Name));
  const creates = new Map<string, RouteEntry>();
  for (const name of new Set(moduleNames)) {
    const found = routeTableFor(screens, new Set([name])).find((r) => !base.has(r.Name) && r.Name.endsWith('.create') && !r.Url.includes(':'));
    if (found) creates.set(name, found);
  }
  return creates;
}

/** What the profile menu opens (ui/shell/profile-menu.ts): not offered again by the main menu. */
const profileMenuPaths = new Set(['/youraccount']);

/** Whether a route of the user's table belongs in the menu: a list, or a single-record screen the profile menu does not open. */
export function isMenuEntryRoute(route: RouteEntry): boolean {
  if (route.Url.includes(':') || profileMenuPaths.has(route.Url)) return false;
  return route.Name.endsWith('.list') || route.Name.endsWith('.single');
}
