/**
 * The main menu's rules (spec 3 "Main menu", spec 2 "Menu item"), as plain functions: which tier is shown, drilling
 * down and back, what an item does when chosen, which items are disabled, and how the menu is kept in session storage.
 */

import { isAppPath as isSameOriginPath, isWebAddress, maxMenuTiers, menuItemTypes, type MenuNode } from '../../../engine/core/menu.ts';

export { maxMenuTiers, menuItemTypes, type MenuNode };

/** Where the Home entry goes (spec 3). */
export const homeUrl = '/home?refresh=true';

export const menuTexts = {
  newTab: 'This link will open in a new tab. Do you want to continue?',
  home: 'Home',
  mainMenu: 'Main Menu',
  back: 'Back',
};

/** The drill-down path: the index of the chosen item on each tier below the first. */
export type MenuPath = readonly number[];

/** The items of the tier the path leads to; a path that no longer fits the tree leads as far as it still does. */
export function tierAt(tree: readonly MenuNode[], path: MenuPath): readonly MenuNode[] {
  let nodes = tree;
  for (const index of path) {
    const next = nodes[index];
    if (!next || !next.Children.length) break;
    nodes = next.Children;
  }
  return nodes;
}

/** The nodes the path passes through (the groups drilled into), first tier first. */
export function trail(tree: readonly MenuNode[], path: MenuPath): MenuNode[] {
  const nodes: MenuNode[] = [];
  let tier = tree;
  for (const index of path) {
    const node = tier[index];
    if (!node || !node.Children.length) break;
    nodes.push(node);
    tier = node.Children;
  }
  return nodes;
}

/** The path cut to what still exists in the tree (after a reload of the menu). */
export function fitPath(tree: readonly MenuNode[], path: MenuPath): number[] {
  return path.slice(0, trail(tree, path).length);
}

/** Drilling into the item at `index` of the shown tier: never past the fifth tier. */
export function drillDown(tree: readonly MenuNode[], path: MenuPath, index: number): number[] {
  const shown = tierAt(tree, path);
  const fitted = fitPath(tree, path);
  if (!shown[index]?.Children.length || fitted.length + 2 > maxMenuTiers) return fitted;
  return [...fitted, index];
}

/** One tier up. */
export function back(path: MenuPath): number[] {
  return path.slice(0, -1);
}

/** Items without access are disabled, unless always visible; a separator is never an entry. */
export function isDisabled(node: MenuNode): boolean {
  if (node.MenuItemType.Id === menuItemTypes.separator) return false;
  if (!node.HasAccess && !node.IsAlwaysVisible) return true;
  return !node.Children.length && !node.URL;
}

export type MenuAction =
  | { kind: 'drill' }
  | { kind: 'navigate'; url: string }
  | { kind: 'external'; url: string; newTab: boolean }
  | { kind: 'divider' }
  | { kind: 'none' };

/**
 * What choosing an item does: an item with children drills down; a URL link (type 1) opens its address, in a new
 * tab after the confirmation unless its target is _self; any other item with a URL and no children navigates.
 */
export function actionFor(node: MenuNode): MenuAction {
  if (node.MenuItemType.Id === menuItemTypes.separator) return { kind: 'divider' };
  if (isDisabled(node)) return { kind: 'none' };
  if (node.Children.length) return { kind: 'drill' };
  if (!node.URL) return { kind: 'none' };
  if (node.MenuItemType.Id === menuItemTypes.url) {
    const newTab = node.Target !== '_self';
    if (newTab || !isAppPath(node.URL)) return { kind: 'external', url: node.URL, newTab };
  }
  return { kind: 'navigate', url: node.URL };
}

/**
 * A page of this application: a path the browser resolves on this origin ('/user'), never '//elsewhere', '/\elsewhere'
 * or one with a tab or newline inside (engine/core/menu.ts isAppPath, as the server checks menu items).
 */
export function isAppPath(url: string): boolean {
  return isSameOriginPath(url, typeof window === 'undefined' ? undefined : window.location.origin);
}

/** Only web addresses and this application's pages are opened: a stored 'javascript:' never runs. */
export function isSafeUrl(url: string): boolean {
  return isAppPath(url) || isWebAddress(url);
}

/** The menu kept in session storage, with the session it belongs to (another session's menu is never restored). */
interface StoredMenu { sessionId: string; tree: MenuNode[] }

export function saveMenu(storage: Pick<Storage, 'setItem'>, key: string, sessionId: string, tree: MenuNode[]): void {
  storage.setItem(key, JSON.stringify({ sessionId, tree } satisfies StoredMenu));
}

/** The stored menu of this session, or null (none, another session's, or unreadable). */
export function loadMenu(storage: Pick<Storage, 'getItem'>, key: string, sessionId: string): MenuNode[] | null {
  try {
    const stored = JSON.parse(storage.getItem(key) ?? 'null') as StoredMenu | null;
    return stored && stored.sessionId === sessionId && Array.isArray(stored.tree) ? stored.tree : null;
  } catch {
    return null;
  }
}
