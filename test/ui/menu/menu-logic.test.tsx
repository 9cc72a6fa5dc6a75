import { describe, expect, it } from 'vitest';
import {
  actionFor, back, drillDown, fitPath, homeUrl, isDisabled, isSafeUrl, loadMenu, maxMenuTiers, saveMenu, tierAt, trail, type MenuNode,
} from '../../../ui/shell/menu/logic.ts';
import { appPaths, offSiteUrls, webAddresses } from '../../core/menu/off-site-urls.ts';

const type = { url: { Id: 1, Name: 'URL Link' }, module: { Id: 2, Name: 'Module Link' }, group: { Id: 3, Name: 'Group' }, separator: { Id: 4, Name: 'Separator' } };
const node = (LinkText: string, more: Partial<MenuNode> = {}): MenuNode => ({
  MenuItemId: 1, LinkText, URL: null, Target: null, HasAccess: true, IsAlwaysVisible: false, MenuItemType: type.module, Children: [], ...more,
});
const group = (LinkText: string, Children: MenuNode[]) => node(LinkText, { MenuItemType: type.group, Children });

/** Five tiers: Tier 1 > Tier 2 > ... > Tier 5, each with a leaf beside the next group. */
function chain(depth: number): MenuNode[] {
  let children: MenuNode[] = [node(`Leaf ${depth}`, { URL: `/leaf${depth}` })];
  for (let tier = depth; tier >= 1; tier--) children = [group(`Tier ${tier}`, children), ...(tier > 1 ? [node(`Leaf ${tier - 1}`, { URL: `/leaf${tier - 1}` })] : [])];
  return children;
}

describe('drill-down, Back and Main Menu (spec 3 "Main menu")', () => {
  const tree = chain(5);

  it('drills into an item with children, tier by tier, and shows that tier', () => {
    let path = drillDown(tree, [], 0);
    expect(tierAt(tree, path).map((n) => n.LinkText)).toEqual(['Tier 2', 'Leaf 1']);
    path = drillDown(tree, path, 0);
    expect(trail(tree, path).map((n) => n.LinkText)).toEqual(['Tier 1', 'Tier 2']);
    expect(tierAt(tree, path).map((n) => n.LinkText)).toEqual(['Tier 3', 'Leaf 2']);
  });

  it('goes back one tier, and Main Menu (the empty path) shows the first tier', () => {
    const path = drillDown(tree, drillDown(tree, [], 0), 0);
    expect(tierAt(tree, back(path)).map((n) => n.LinkText)).toEqual(['Tier 2', 'Leaf 1']);
    expect(tierAt(tree, []).map((n) => n.LinkText)).toEqual(['Tier 1']);
    expect(back([])).toEqual([]);
  });

  it('never shows more than five tiers, and does not drill into an item without children', () => {
    let path: number[] = [];
    for (let i = 0; i < 10; i++) path = drillDown(tree, path, 0);
    expect(path).toHaveLength(maxMenuTiers - 1);
    // The fifth tier is shown; its group's children would be a sixth tier, so it drills no further.
    expect(tierAt(tree, path).map((n) => n.LinkText)).toEqual(['Tier 5', 'Leaf 4']);
    expect(drillDown(tree, path, 0)).toEqual(path);
    expect(drillDown(tree, [0], 1)).toEqual([0]);
  });

  it('cuts a path the tree no longer has (after the menu is loaded again)', () => {
    expect(fitPath(tree, [0, 0, 5])).toEqual([0, 0]);
    expect(fitPath([], [0, 0])).toEqual([]);
  });
});

describe('what an item does', () => {
  it('is disabled without access, unless always visible; a separator is a divider', () => {
    expect(isDisabled(node('Roles', { URL: '/role', HasAccess: false }))).toBe(true);
    expect(isDisabled(node('Roles', { URL: '/role', HasAccess: false, IsAlwaysVisible: true }))).toBe(false);
    expect(isDisabled(node('Users', { URL: '/user' }))).toBe(false);
    expect(actionFor(node('---', { MenuItemType: type.separator, HasAccess: false }))).toEqual({ kind: 'divider' });
    expect(actionFor(node('Roles', { URL: '/role', HasAccess: false }))).toEqual({ kind: 'none' });
  });

  it('drills when it has children, navigates when it has a URL and none', () => {
    expect(actionFor(group('Operations', [node('Users', { URL: '/user' })]))).toEqual({ kind: 'drill' });
    expect(actionFor(node('Users', { URL: '/user' }))).toEqual({ kind: 'navigate', url: '/user' });
    expect(actionFor(group('Empty', []))).toEqual({ kind: 'none' });
  });

  it('opens a URL link (type 1) in a new tab, unless its target is _self', () => {
    expect(actionFor(node('Handbook', { MenuItemType: type.url, URL: 'https://example.org', Target: '_blank' }))).toEqual({ kind: 'external', url: 'https://example.org', newTab: true });
    expect(actionFor(node('Here', { MenuItemType: type.url, URL: '/user', Target: '_self' }))).toEqual({ kind: 'navigate', url: '/user' });
    expect(actionFor(node('There', { MenuItemType: type.url, URL: 'https://example.org', Target: '_self' }))).toEqual({ kind: 'external', url: 'https://example.org', newTab: false });
  });

  it('opens only web addresses and pages of this application', () => {
    expect(isSafeUrl('javascript:alert(1)')).toBe(false);
    expect(isSafeUrl('//evil.example')).toBe(false);
    expect(isSafeUrl('https://example.org')).toBe(true);
    expect(isSafeUrl('/user')).toBe(true);
    expect(homeUrl).toBe('/home?refresh=true');
  });

  it('a URL link the browser would resolve to another site is never a page of this application, and is not opened', () => {
    for (const url of offSiteUrls) {
      const action = actionFor(node('Tricky', { MenuItemType: type.url, URL: url, Target: '_self' }));
      expect(action, JSON.stringify(url)).toEqual({ kind: 'external', url, newTab: false });
      expect(isSafeUrl(url), JSON.stringify(url)).toBe(false);
    }
    for (const url of appPaths) {
      expect(actionFor(node('Page', { MenuItemType: type.url, URL: url, Target: '_self' })), url).toEqual({ kind: 'navigate', url });
      expect(isSafeUrl(url), url).toBe(true);
    }
    for (const url of webAddresses) {
      expect(actionFor(node('Site', { MenuItemType: type.url, URL: url, Target: '_self' })), url).toEqual({ kind: 'external', url, newTab: false });
      expect(isSafeUrl(url), url).toBe(true);
    }
  });
});

describe('the menu in session storage', () => {
  it("keeps the menu with its session, and restores only that session's menu", () => {
    const tree = chain(2);
    saveMenu(sessionStorage, 'k', 'sid-1', tree);
    expect(loadMenu(sessionStorage, 'k', 'sid-1')).toEqual(tree);
    expect(loadMenu(sessionStorage, 'k', 'sid-2')).toBeNull();
    sessionStorage.setItem('k', '{not json');
    expect(loadMenu(sessionStorage, 'k', 'sid-1')).toBeNull();
    sessionStorage.removeItem('k');
  });
});
