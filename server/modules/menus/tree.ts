import { matchPath } from './match-path.ts';
import type { RouteEntry } from '../../../metadata/types/RouteEntry.ts';
import { maxMenuTiers, menuItemTypes as menuItemTypeIds, type MenuNode } from '../../../engine/core/menu.ts';
import { isMenuEntryRoute } from './module-routes.ts';
import { entryAction } from './entry-actions.ts';
import { formsGroupSystemName, menuItemTypes } from '../../db/migrations/094_menu_items.data.ts';

export type { MenuNode };
export const menuItemType = menuItemTypeIds;

/** An active menu item as stored, with its module's name. */
export interface MenuRow {
  MenuItemId: number;
  Name: string;
  MenuItemTypeId: number;
  Url: string | null;
  Target: string | null;
  ModuleName: string | null;
  ParentMenuItemId: number | null;
  IsAlwaysVisible: boolean;
  IsActive: boolean;
  SystemName: string | null;
  /** The entry action the item opens (its own, else its page's): Create opens the module's create screen. */
  Action?: number | null;
}

const typeOf = (id: number) => ({ Id: id, Name: menuItemTypes.find((t) => t.id === id)?.name ?? 'Unknown' });

/**
 * The main menu of one user (spec 3 "Main menu"): the active items from the first tier down, at most five tiers,
 * in their stored order. A module link opens its module's list route (its create route when its Action, or its page's,
 * is Create) and is usable (HasAccess) when the user's own
 * route table has that route; a URL link to a page of this application when the user's route table has the page,
 * and to anywhere else always; a group when something under it is usable; a separator always. Every list screen
 * the user may open that no item names (a form built since, say) is listed under the Forms group, so nothing the
 * user could reach before is missing from the menu.
 */
export function buildMenu(rows: MenuRow[], userRoutes: RouteEntry[], moduleEntries: Map<string, RouteEntry>, createEntries = new Map<string, RouteEntry>()): MenuNode[] {
  const entryOf = (row: MenuRow) => {
    if (!row.ModuleName) return undefined;
    // A module without a create screen of its own (a single-record screen) opens its entry as before.
    return (row.Action === entryAction.create ? createEntries.get(row.ModuleName) : undefined) ?? moduleEntries.get(row.ModuleName);
  };
  const userRouteNames = new Set(userRoutes.map((r) => r.Name));
  const opens = (url: string) => userRoutes.some((r) => matchPath(r.Url, url.split('?')[0]));
  const covered = new Set<string>();
  for (const row of rows) {
    if (row.MenuItemTypeId === menuItemType.module && row.ModuleName) {
      const entry = entryOf(row);
      if (entry) covered.add(entry.Url);
    } else if (row.MenuItemTypeId === menuItemType.url && row.Url) covered.add(row.Url.split('?')[0]);
  }
  const active = rows.filter((r) => r.IsActive);
  const byParent = new Map<number | null, MenuRow[]>();
  for (const row of active) byParent.set(row.ParentMenuItemId, [...(byParent.get(row.ParentMenuItemId) ?? []), row]);

  let formsGroup: MenuNode | null = null;
  const build = (parent: number | null, tier: number): MenuNode[] => (tier > maxMenuTiers ? [] : (byParent.get(parent) ?? []).map((row) => {
    const node = nodeOf(row);
    node.Children = row.MenuItemTypeId === menuItemType.separator ? [] : build(row.MenuItemId, tier + 1);
    if (row.SystemName === formsGroupSystemName && tier < maxMenuTiers) formsGroup = node;
    return node;
  }));
  const nodeOf = (row: MenuRow): MenuNode => {
    let URL: string | null = null;
    let HasAccess = true;
    if (row.MenuItemTypeId === menuItemType.module) {
      const entry = entryOf(row);
      URL = entry?.Url ?? null;
      HasAccess = entry !== undefined && userRouteNames.has(entry.Name);
    } else if (row.MenuItemTypeId === menuItemType.url) {
      URL = row.Url;
      HasAccess = !row.Url || !row.Url.startsWith('/') || opens(row.Url);
    }
    return { MenuItemId: row.MenuItemId, LinkText: row.Name, URL, Target: row.Target, HasAccess, IsAlwaysVisible: row.IsAlwaysVisible, MenuItemType: typeOf(row.MenuItemTypeId), Children: [] };
  };
  const tree = build(null, 1);

  const uncovered: MenuNode[] = userRoutes.filter((r) => isMenuEntryRoute(r) && !covered.has(r.Url))
    .map((r) => ({
      MenuItemId: null, LinkText: r.NavLabel ?? r.Title ?? r.Name, URL: r.Url, Target: null, HasAccess: true, IsAlwaysVisible: false,
      MenuItemType: typeOf(menuItemType.module), Children: [],
    }))
    .sort((a, b) => a.LinkText.localeCompare(b.LinkText));
  const home = formsGroup as MenuNode | null;
  if (home) home.Children.push(...uncovered);
  else tree.push(...uncovered);
  markGroups(tree);
  return tree;
}

/** A group is usable when something under it is. */
function markGroups(nodes: MenuNode[]): void {
  for (const node of nodes) {
    markGroups(node.Children);
    if (node.MenuItemType.Id === menuItemType.group) node.HasAccess = node.Children.some((c) => (c.HasAccess || c.IsAlwaysVisible) && c.MenuItemType.Id !== menuItemType.separator);
  }
}
